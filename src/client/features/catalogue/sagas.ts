import { all, call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type CatalogueSyncDto, type ProductDto, type RoutingStepDto } from '../../../shared/api';
import type { OptionNames } from '../../../shared/schemas/catalogue';
import { http } from '../../api/http';
import { callAndStore, FAILED } from '../../api/callAndStore';
import {
  catalogueLeft,
  catalogueOpened,
  optionNamesFailed,
  optionNamesLoaded,
  optionNamesRequested,
  optionNamesSaved,
  optionNamesSaveFailed,
  optionNamesSaveRequested,
  productFieldFailed,
  productFieldSaved,
  productFieldSaveRequested,
  type ProductField,
  productsFailed,
  productsLoaded,
  productsRequested,
  routingSaved,
  routingFailed,
  routingLoaded,
  routingOpened,
  routingSaveRequested,
  selectRouting,
  routingRequested,
  selectCatalogue,
  selectProductsStatus,
  selectSyncRunning,
  syncFinished,
  syncRequested,
  syncsReported,
} from './slice';

/** How often a running sync's progress is read. */
export const SYNC_POLL_MS = 1000;

const FIELD_PATHS: Record<ProductField, (id: number) => string> = {
  workmanship_rate: API.workmanshipRate,
  our_product_id: API.ourProductId,
  production_expected_days: API.expectedProductionDays,
};

/** The whole list; for a customer the server leaves out the workshop's terms. */
function* loadAll() {
  yield* callAndStore(call(http.get, API.products), (answer: { products: ProductDto[] }) => productsLoaded(answer.products ?? []), productsFailed, 'catalogue:loadFailed');
}

function* saveField(action: ReturnType<typeof productFieldSaveRequested>) {
  const { id, field, value } = action.payload;
  yield* callAndStore(
    call(http.post, FIELD_PATHS[field](id), { [field]: value }),
    (answer: { product: ProductDto }) => productFieldSaved(answer.product),
    (notice) => productFieldFailed({ id, notice }),
    'catalogue:updateFailed',
  );
}

function* readSyncs() {
  try {
    const { syncs }: { syncs?: CatalogueSyncDto[] } = yield call(http.get, API.catalogueSyncs);
    yield put(syncsReported(syncs ?? []));
  } catch {
    // The bar keeps its last figures; the next read may do better.
  }
}

/** Reads the syncs again while one runs; true when there was one to follow. */
function* followSyncs() {
  let followed = false;
  while ((yield select(selectSyncRunning)) as boolean) {
    followed = true;
    yield delay(SYNC_POLL_MS);
    yield call(readSyncs);
  }
  return followed;
}

/**
 * The syncs of the stores, from the screen's opening (or a sync asked for) until none runs; leaving
 * the screen stops following them.
 */
function* syncs(action: ReturnType<typeof catalogueOpened | typeof syncRequested | typeof catalogueLeft>) {
  if (catalogueLeft.match(action)) return;
  let started = false;
  if (syncRequested.match(action)) {
    const { shopId } = action.payload;
    const answer = yield* callAndStore(
      call(http.post, API.catalogueSync, shopId === null ? {} : { shop_id: shopId }),
      (reported: { syncs?: CatalogueSyncDto[] }) => syncsReported(reported.syncs ?? []),
      syncFinished,
      'catalogue:syncFailed',
    );
    started = answer !== FAILED;
    // Refused (a sync already runs: 409), in the server's words; a running sync is still followed.
    if (!started) yield call(readSyncs);
  } else {
    yield call(readSyncs);
  }
  const followed: boolean = yield call(followSyncs);
  if (started) {
    const { syncs: latest }: ReturnType<typeof selectCatalogue> = yield select(selectCatalogue);
    yield put(syncFinished(latest.every((sync) => sync.status === 'done') ? { kind: 'success', key: 'catalogue:syncDone' } : null));
  }
  // The shop may have changed any product: the one case where the loaded list is read again.
  if (started || followed) yield call(loadAll);
}

function* loadOptionNames() {
  yield* callAndStore(
    call(http.get, API.catalogueOptionNames),
    (answer: { option_names: OptionNames }) => optionNamesLoaded(answer.option_names),
    optionNamesFailed,
    'catalogue:optionNames.loadFailed',
  );
}

function* saveOptionNames(action: ReturnType<typeof optionNamesSaveRequested>) {
  yield* callAndStore(
    call(http.put, API.catalogueOptionNames, action.payload),
    (answer: { option_names: OptionNames }) => optionNamesSaved({ names: answer.option_names, notice: { kind: 'success', key: 'catalogue:optionNames.saved' } }),
    optionNamesSaveFailed,
    'catalogue:optionNames.failed',
  );
}

function* loadRouting(action: ReturnType<typeof routingOpened> | ReturnType<typeof routingRequested>) {
  const { productId } = action.payload;
  yield* callAndStore(
    call(http.get, API.productionProcess(productId)),
    (answer: { product_production_steps: RoutingStepDto[] }) => routingLoaded({ productId, steps: answer.product_production_steps }),
    (notice) => routingFailed({ productId, notice, loading: true }),
    'catalogue:routing.stepsLoadFailed',
  );
}

function* saveRouting(action: ReturnType<typeof routingSaveRequested>) {
  const { productId, stepIds } = action.payload;
  const saved: ReturnType<typeof selectRouting> = yield select(selectRouting, productId);
  const hadRouting = (saved?.steps.length ?? 0) > 0;
  const body = { product_id: productId, steps: stepIds.map((step_id, index) => ({ step_id, position_in_process: index + 1 })) };
  yield* callAndStore(
    // A first routing is created (POST), an existing one replaced (PUT), as the routes are named.
    call(hadRouting ? http.put : http.post, API.routingBulk, body),
    (answer: { product_production_steps: RoutingStepDto[] }) => routingSaved({ productId, steps: answer.product_production_steps }),
    (notice) => routingFailed({ productId, notice }),
    hadRouting ? 'catalogue:routing.updateFailed' : 'catalogue:routing.createFailed',
  );
}

export function* catalogueSaga() {
  yield all([
    takeLoadOnce(productsRequested.type, selectProductsStatus, loadAll),
    takeEvery(productFieldSaveRequested.type, saveField),
    takeLatest([catalogueOpened.type, syncRequested.type, catalogueLeft.type], syncs),
    takeLatest(optionNamesRequested.type, loadOptionNames),
    takeLatest(optionNamesSaveRequested.type, saveOptionNames),
    takeLatest([routingOpened.type, routingRequested.type], loadRouting),
    takeLatest(routingSaveRequested.type, saveRouting),
  ]);
}
