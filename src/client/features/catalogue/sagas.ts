import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { API, type OptionValueDto, type ProductDto, type ProductionStepDto, type RoutingStepDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import {
  catalogueFailed,
  catalogueLoaded,
  catalogueRequested,
  productFieldFailed,
  productFieldSaved,
  productFieldSaveRequested,
  type ProductField,
  routingClosed,
  routingFailed,
  routingLoaded,
  routingOpened,
  routingSaveRequested,
  selectCatalogue,
  syncFinished,
  syncRequested,
} from './slice';

const FIELD_PATHS: Record<ProductField, (id: number) => string> = {
  workmanship_rate: API.workmanshipRate,
  our_product_id: API.ourProductId,
  production_expected_days: API.expectedProductionDays,
};

function* load() {
  try {
    const [{ products }, { product_option_values }, { production_steps }]: [
      { products: ProductDto[] },
      { product_option_values: OptionValueDto[] },
      { production_steps: ProductionStepDto[] },
    ] = yield all([call(http.get, API.products), call(http.get, API.productOptionValues), call(http.get, API.productionSteps)]);
    yield put(catalogueLoaded({ products, optionValues: product_option_values, steps: production_steps }));
  } catch (error) {
    yield put(catalogueFailed(failure(error, 'catalogue:loadFailed')));
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
    yield put(catalogueRequested());
  } catch (error) {
    yield put(syncFinished(failure(error, 'catalogue:syncFailed')));
  }
}

function* loadRouting(action: ReturnType<typeof routingOpened>) {
  try {
    const { product_production_steps }: { product_production_steps: RoutingStepDto[] } = yield call(
      http.get,
      API.productionProcess(action.payload.productId),
    );
    yield put(routingLoaded(product_production_steps));
  } catch (error) {
    yield put(routingFailed({ notice: failure(error, 'catalogue:routing.stepsLoadFailed'), loading: true }));
  }
}

function* saveRouting(action: ReturnType<typeof routingSaveRequested>) {
  const { productId, stepIds } = action.payload;
  const { routing }: ReturnType<typeof selectCatalogue> = yield select(selectCatalogue);
  const hadRouting = (routing?.saved.length ?? 0) > 0;
  const body = { product_id: productId, steps: stepIds.map((step_id, index) => ({ step_id, position_in_process: index + 1 })) };
  try {
    // A first routing is created (POST), an existing one replaced (PUT), as the routes are named.
    yield call(hadRouting ? http.put : http.post, API.routingBulk, body);
    yield put(routingClosed());
  } catch (error) {
    yield put(routingFailed({ notice: failure(error, hadRouting ? 'catalogue:routing.updateFailed' : 'catalogue:routing.createFailed') }));
  }
}

export function* catalogueSaga() {
  yield all([
    takeLatest(catalogueRequested.type, load),
    takeEvery(productFieldSaveRequested.type, saveField),
    takeLatest(syncRequested.type, sync),
    takeLatest(routingOpened.type, loadRouting),
    takeLatest(routingSaveRequested.type, saveRouting),
  ]);
}
