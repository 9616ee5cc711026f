import { all, call, debounce, put, select, takeLatest } from 'redux-saga/effects';
import { API, type ProductLinesDto } from '../../../shared/api';
import type { WorkshopCards } from '../../../shared/figures';
import { LIVE_BATCH_MS } from '../../../shared/live';
import { callAndStore } from '../../api/callAndStore';
import type { Loadable } from '../../api/loadable';
import { http } from '../../api/http';
import { lineActionSucceeded, linesChanged } from '../order-lines';
import {
  cardsFailed,
  cardsLoaded,
  cardsRequested,
  productLinesFailed,
  productLinesLoaded,
  productLinesRequested,
  selectProductLines,
  selectWorkshopCards,
} from './slice';

function* loadCards() {
  yield* callAndStore(call(http.get, API.myWorkshopStatistics), (answer: { statistics: WorkshopCards }) => cardsLoaded(answer.statistics), cardsFailed, 'workshopOrders:cardsFailed');
}

function* loadProductLines() {
  yield* callAndStore(call(http.get, API.myWorkshopProductLines), (answer: { products: ProductLinesDto[] }) => productLinesLoaded(answer.products), productLinesFailed, 'dashboard:workshopProducts.failed');
}

/** Lines of the workshop changed (heard live, or its own tap's answer): the figures read so far are read again, once per burst. */
function* readFiguresAgain() {
  const cards: Loadable = yield select(selectWorkshopCards);
  const products: Loadable = yield select(selectProductLines);
  if (cards.status !== 'idle') yield put(cardsRequested());
  if (products.status !== 'idle') yield put(productLinesRequested());
}

export function* workshopOrdersSaga() {
  yield all([
    takeLatest(cardsRequested.type, loadCards),
    takeLatest(productLinesRequested.type, loadProductLines),
    debounce(LIVE_BATCH_MS.workshopList, [linesChanged.type, lineActionSucceeded.type], readFiguresAgain),
  ]);
}
