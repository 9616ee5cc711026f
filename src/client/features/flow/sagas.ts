import { call, debounce, select, takeLatest } from 'redux-saga/effects';
import { API, type FlowReportDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { linesChanged } from '../order-lines';
import { flowFailed, flowLoaded, flowRequested, selectFlow, type FlowState } from './slice';

/** How long moves gather before the open report is read again: a busy floor reads it once. */
export const FLOW_REREAD_MS = 2_000;

function* loadFlow() {
  const { query }: FlowState = yield select(selectFlow);
  if (query === null) return;
  yield* callAndStore(call(http.get, query ? `${API.flowReport}?${query}` : API.flowReport), (answer: FlowReportDto) => flowLoaded(answer.steps), flowFailed, 'flow:failed');
}

/** Lines moved while the report is open (the live channel's reads): read it again once the moves settle; the shown rows stay meanwhile. */
function* rereadOnMoves() {
  const { query, status }: FlowState = yield select(selectFlow);
  if (query !== null && status !== 'loading') yield* loadFlow();
}

export function* flowSaga() {
  yield takeLatest(flowRequested.type, loadFlow);
  yield debounce(FLOW_REREAD_MS, linesChanged.type, rereadOnMoves);
}
