import { call, put, takeLatest } from 'redux-saga/effects';
import { API, type OrderReportDto } from '../../../shared/api';
import { failure } from '../../api/failure';
import { http } from '../../api/http';
import { reportFailed, reportLoaded, reportRequested } from './slice';

function* loadReport() {
  try {
    const { report }: { report: OrderReportDto } = yield call(http.get, API.orderReport);
    yield put(reportLoaded(report));
  } catch (error) {
    yield put(reportFailed(failure(error, 'dashboard:report.failed')));
  }
}

export function* reportsSaga() {
  yield takeLatest(reportRequested.type, loadReport);
}
