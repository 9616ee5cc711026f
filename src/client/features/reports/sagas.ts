import { call, takeLatest } from 'redux-saga/effects';
import { API, type OrderReportDto } from '../../../shared/api';
import { http } from '../../api/http';
import { request } from '../../api/request';
import { reportFailed, reportLoaded, reportRequested } from './slice';

function* loadReport() {
  yield* request(call(http.get, API.orderReport), (answer: { report: OrderReportDto }) => reportLoaded(answer.report), reportFailed, 'dashboard:report.failed');
}

export function* reportsSaga() {
  yield takeLatest(reportRequested.type, loadReport);
}
