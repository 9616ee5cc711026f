import { all, call, debounce, put, select, takeLatest } from 'redux-saga/effects';
import { API, type FlowReportDto, type FlowTrendDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { liveVersionSeen } from '../live';
import { flowFailed, flowLoaded, flowRequested, flowTrendFailed, flowTrendLoaded, selectFlow, type FlowState } from './slice';

/** How long moves gather before the open report is read again: a busy floor reads it once. */
export const FLOW_REREAD_MS = 2_000;

function* loadFlow() {
  const { query }: FlowState = yield select(selectFlow);
  if (query === null) return;
  const asked = (path: string) => (query ? `${path}?${query}` : path);
  // The report and its trend side by side; a newer question cancels both.
  yield all([
    call(callAndStore<FlowReportDto>, call(http.get, asked(API.flowReport)), (answer) => flowLoaded(answer.steps), flowFailed, 'flow:failed'),
    call(callAndStore<FlowTrendDto>, call(http.get, asked(API.flowTrend)), (answer) => flowTrendLoaded(answer.weeks), flowTrendFailed, 'flow:trendFailed'),
  ]);
}

/**
 * Lines moved while the report is open (the live channel heard of newer changes, whether or not a
 * screen holds those lines): ask for it again once the moves settle, as the screen would, so a
 * newer question from the form overtakes it. The shown rows stay until the answer.
 */
function* rereadOnMoves() {
  const { query }: FlowState = yield select(selectFlow);
  if (query !== null) yield put(flowRequested(query));
}

export function* flowSaga() {
  yield takeLatest(flowRequested.type, loadFlow);
  yield debounce(FLOW_REREAD_MS, liveVersionSeen.type, rereadOnMoves);
}
