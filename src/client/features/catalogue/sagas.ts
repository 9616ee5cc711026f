import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../../app/loadOnce';
import { API, type ProductDto, type RoutingStepDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import {
  productFieldFailed,
  productFieldSaved,
  productFieldSaveRequested,
  type ProductField,
  productsFailed,
  productsLoaded,
  productsRequested,
  routingClosed,
  routingFailed,
  routingLoaded,
  routingOpened,
  routingSaveRequested,
  selectRouting,
  routingRequested,
  selectProductsStatus,
  syncFinished,
  syncRequested,
} from './slice';

const FIELD_PATHS: Record<ProductField, (id: number) => string> = {
  workmanship_rate: API.workmanshipRate,
  our_product_id: API.ourProductId,
  production_expected_days: API.expectedProductionDays,
};

/** The whole list; for a customer the server leaves out the workshop's terms. */
function* loadAll() {
  try {
    const { products }: { products: ProductDto[] } = yield call(http.get, API.products);
    yield put(productsLoaded(products ?? []));
  } catch (error) {
    yield put(productsFailed(failure(error, 'catalogue:loadFailed')));
  }
}

function* saveField(action: ReturnType<typeof productFieldSaveRequested>) {
  const { id, field, value } = action.payload;
  try {
    const { product }: { product: ProductDto } = yield call(http.post, FIELD_PATHS[field](id), { [field]: value });
    yield put(productFieldSaved(product));
  } catch (error) {
    yield put(productFieldFailed({ id, notice: failure(error, 'catalogue:updateFailed') }));
  }
}

function* sync() {
  try {
    yield call(http.post, API.catalogueSync);
    yield put(syncFinished({ kind: 'success', key: 'catalogue:syncDone' }));
    // The shop may have changed any product: the one case where the loaded list is read again.
    yield call(loadAll);
  } catch (error) {
    yield put(syncFinished(failure(error, 'catalogue:syncFailed')));
  }
}

function* loadRouting(action: ReturnType<typeof routingOpened> | ReturnType<typeof routingRequested>) {
  const { productId } = action.payload;
  try {
    const { product_production_steps }: { product_production_steps: RoutingStepDto[] } = yield call(http.get, API.productionProcess(productId));
    yield put(routingLoaded({ productId, steps: product_production_steps }));
  } catch (error) {
    yield put(routingFailed({ productId, notice: failure(error, 'catalogue:routing.stepsLoadFailed'), loading: true }));
  }
}

function* saveRouting(action: ReturnType<typeof routingSaveRequested>) {
  const { productId, stepIds } = action.payload;
  const saved: ReturnType<typeof selectRouting> = yield select(selectRouting, productId);
  const hadRouting = (saved?.steps.length ?? 0) > 0;
  const body = { product_id: productId, steps: stepIds.map((step_id, index) => ({ step_id, position_in_process: index + 1 })) };
  try {
    // A first routing is created (POST), an existing one replaced (PUT), as the routes are named.
    const answer: { product_production_steps: RoutingStepDto[] } = yield call(hadRouting ? http.put : http.post, API.routingBulk, body);
    yield put(routingLoaded({ productId, steps: answer.product_production_steps }));
    yield put(routingClosed());
  } catch (error) {
    yield put(routingFailed({ productId, notice: failure(error, hadRouting ? 'catalogue:routing.updateFailed' : 'catalogue:routing.createFailed') }));
  }
}

export function* catalogueSaga() {
  yield all([
    takeLoadOnce(productsRequested.type, selectProductsStatus, loadAll),
    takeEvery(productFieldSaveRequested.type, saveField),
    takeLatest(syncRequested.type, sync),
    takeLatest([routingOpened.type, routingRequested.type], loadRouting),
    takeLatest(routingSaveRequested.type, saveRouting),
  ]);
}
