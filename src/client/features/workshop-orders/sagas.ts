import { call, debounce, put, select, takeLatest } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import type { WorkshopCards } from '../../../shared/figures';
import { LIVE_BATCH_MS } from '../../../shared/live';
import { callAndStore } from '../../api/callAndStore';
import { http } from '../../api/http';
import { lineActionSucceeded, linesChanged } from '../order-lines';
import { cardsFailed, cardsLoaded, cardsRequested, selectWorkshopCards, type WorkshopCardsState } from './slice';

function* loadCards() {
  yield* callAndStore(call(http.get, API.myWorkshopStatistics), (answer: { statistics: WorkshopCards }) => cardsLoaded(answer.statistics), cardsFailed, 'workshopOrders:cardsFailed');
}

/** Lines of the workshop changed (heard live, or its own tap's answer): the cards, once read, are read again, once per burst. */
function* readCardsAgain() {
  const { status }: WorkshopCardsState = yield select(selectWorkshopCards);
  if (status !== 'idle') yield put(cardsRequested());
}

export function* workshopOrdersSaga() {
  yield takeLatest(cardsRequested.type, loadCards);
  yield debounce(LIVE_BATCH_MS.workshopList, [linesChanged.type, lineActionSucceeded.type], readCardsAgain);
}
