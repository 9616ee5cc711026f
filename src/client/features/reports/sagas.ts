import { call, takeLatest } from 'redux-saga/effects';
import { API, type OrderReportDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { reportFailed, reportLoaded, reportRequested } from './slice';

function* loadReport() {
  yield* callAndStore(call(http.get, API.orderReport), (answer: { report: OrderReportDto }) => reportLoaded(answer.report), reportFailed, 'dashboard:report.failed');
}

export function* reportsSaga() {
  yield takeLatest(reportRequested.type, loadReport);
}
