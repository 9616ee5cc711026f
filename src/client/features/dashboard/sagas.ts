import { call, takeLatest } from 'redux-saga/effects';
import { API, type DashboardCountsDto } from '../../../shared/api';
import { callAndStore } from '../../api/callAndStore';
import { http } from '../../api/http';
import { countsFailed, countsLoaded, countsRequested } from './slice';

function* loadCounts() {
  yield* callAndStore(call(http.get, API.dashboardCounts), (answer: { counts: DashboardCountsDto }) => countsLoaded(answer.counts), countsFailed, 'dashboard:counts.failed');
}

export function* dashboardSaga() {
  yield takeLatest(countsRequested.type, loadCounts);
}
