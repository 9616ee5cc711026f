import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type ProductDto, type ProductWorkshopDto, type SaidBody, type WorkshopDto, type WorkshopStatisticsDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
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
  try {
    const { workshops }: { workshops: WorkshopDto[] } = yield call(http.get, API.workshops);
    yield put(workshopsLoaded(workshops ?? []));
  } catch (error) {
    yield put(workshopsFailed(failure(error, 'workshops:loadFailed')));
  }
}

/** One workshop, unless it is known already or being read (`reading` holds the ids under way). */
function* loadOne(reading: Set<number>, action: ReturnType<typeof workshopRequested>) {
  const id = action.payload;
  const known: WorkshopDto | undefined = yield select(selectWorkshopById, id);
  if (known || reading.has(id)) return;
  reading.add(id);
  try {
    const { workshop }: { workshop: WorkshopDto } = yield call(http.get, API.workshopInfo(id));
    yield put(workshopLoaded(workshop));
  } catch (error) {
    yield put(workshopFailed({ id, notice: failure(error, 'workshops:infoFailed') }));
  } finally {
    reading.delete(id);
  }
}

function* loadStatistics(action: ReturnType<typeof workshopStatisticsRequested>) {
  const id = action.payload;
  try {
    const { statistics }: { statistics: WorkshopStatisticsDto } = yield call(http.get, API.workshopStatistics(id));
    yield put(workshopStatisticsLoaded({ id, statistics }));
  } catch (error) {
    yield put(workshopStatisticsFailed({ id, notice: failure(error, 'workshops:infoFailed') }));
  }
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
    const { products }: { products: ProductDto[] } = yield call(http.get, API.workshopProducts(id));
    yield put(productsReceived(products ?? []));
    yield put(workshopProductsLoaded(id));
  } catch (error) {
    yield put(workshopProductsFailed({ id, notice: failure(error, 'workshops:productsFailed') }));
  } finally {
    reading.delete(id);
  }
}

/** The answer names the product's workshop now, which is all that changed: no list is read again. */
function* assign(action: ReturnType<typeof productAssignmentRequested>) {
  const { productId, workshopId } = action.payload;
  try {
    const answer: ProductWorkshopDto & SaidBody = yield call(http.put, API.productWorkshop(productId), { workshop_id: workshopId });
    yield put(productsReassigned({ productIds: [productId], workshopId: answer.workshop_id }));
    yield put(productAssignmentSucceeded({ productId, notice: { kind: 'success', ...said(answer) } }));
  } catch (error) {
    yield put(productAssignmentFailed({ productId, notice: failure(error, workshopId === null ? 'workshops:removeFailed' : 'workshops:assignFailed') }));
  }
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
