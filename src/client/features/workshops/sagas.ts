import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type ProductDto, type ProductWorkshopDto, type SaidBody, type WorkshopDto, type WorkshopStatisticsDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { said } from '../../api/said';
import { productsReassigned, productsReceived, selectHasEveryProduct } from '../catalogue';
import {
  productAssignmentFailed,
  productAssignmentRequested,
  productAssignmentSucceeded,
  selectWorkshopById,
  selectWorkshopProductRead,
  selectWorkshopsState,
  workshopFailed,
  workshopLoaded,
  workshopProductsFailed,
  workshopProductsLoaded,
  workshopProductsRequested,
  workshopRequested,
  workshopsFailed,
  workshopsLoaded,
  workshopsRequested,
  workshopStatisticsFailed,
  workshopStatisticsLoaded,
  workshopStatisticsRequested,
} from './slice';

function* loadList() {
  yield* callAndStore(call(http.get, API.workshops), (answer: { workshops: WorkshopDto[] }) => workshopsLoaded(answer.workshops ?? []), workshopsFailed, 'workshops:loadFailed');
}

/** One workshop, unless it is known already or being read (`reading` holds the ids under way). */
function* loadOne(reading: Set<number>, action: ReturnType<typeof workshopRequested>) {
  const id = action.payload;
  const known: WorkshopDto | undefined = yield select(selectWorkshopById, id);
  if (known || reading.has(id)) return;
  reading.add(id);
  try {
    yield* callAndStore(
      call(http.get, API.workshopInfo(id)),
      (answer: { workshop: WorkshopDto }) => workshopLoaded(answer.workshop),
      (notice) => workshopFailed({ id, notice }),
      'workshops:infoFailed',
    );
  } finally {
    reading.delete(id);
  }
}

function* loadStatistics(action: ReturnType<typeof workshopStatisticsRequested>) {
  const id = action.payload;
  yield* callAndStore(
    call(http.get, API.workshopStatistics(id)),
    (answer: { statistics: WorkshopStatisticsDto }) => workshopStatisticsLoaded({ id, statistics: answer.statistics }),
    (notice) => workshopStatisticsFailed({ id, notice }),
    'workshops:infoFailed',
  );
}

/**
 * A workshop's products: the route answers whole product rows, so they go into the catalogue's one
 * collection and the screen selects them there. Once every product is loaded there is nothing to read.
 */
function* loadProducts(reading: Set<number>, action: ReturnType<typeof workshopProductsRequested>) {
  const id = action.payload;
  const read: ReturnType<typeof selectWorkshopProductRead> = yield select(selectWorkshopProductRead, id);
  if (read?.status === 'ready' || reading.has(id)) return;
  const everyProduct: boolean = yield select(selectHasEveryProduct);
  if (everyProduct) {
    yield put(workshopProductsLoaded(id));
    return;
  }
  reading.add(id);
  try {
    yield* callAndStore(
      call(http.get, API.workshopProducts(id)),
      (answer: { products: ProductDto[] }) => [productsReceived(answer.products ?? []), workshopProductsLoaded(id)],
      (notice) => workshopProductsFailed({ id, notice }),
      'workshops:productsFailed',
    );
  } finally {
    reading.delete(id);
  }
}

/** The answer names the product's workshop now, which is all that changed: no list is read again. */
function* assign(action: ReturnType<typeof productAssignmentRequested>) {
  const { productId, workshopId } = action.payload;
  yield* callAndStore(
    call(http.put, API.productWorkshop(productId), { workshop_id: workshopId }),
    (answer: ProductWorkshopDto & SaidBody) => [
      productsReassigned({ productIds: [productId], workshopId: answer.workshop_id }),
      productAssignmentSucceeded({ productId, notice: { kind: 'success', ...said(answer) } }),
    ],
    (notice) => productAssignmentFailed({ productId, notice }),
    workshopId === null ? 'workshops:removeFailed' : 'workshops:assignFailed',
  );
}

export function* workshopsSaga() {
  const workshopsReading = new Set<number>();
  const productsReading = new Set<number>();
  yield all([
    takeLoadOnce(workshopsRequested.type, (state: Parameters<typeof selectWorkshopsState>[0]) => selectWorkshopsState(state).status, loadList),
    takeEvery(workshopRequested.type, loadOne, workshopsReading),
    takeLatest(workshopStatisticsRequested.type, loadStatistics),
    takeEvery(workshopProductsRequested.type, loadProducts, productsReading),
    takeEvery(productAssignmentRequested.type, assign),
  ]);
}
