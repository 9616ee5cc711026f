import { call, select, takeLatest } from 'redux-saga/effects';
import { API, type CustomerSummaryDto } from '../../../shared/api';
import { DEFAULT_SETTINGS, type GeneralSettings } from '../../../shared/schemas/settings';
import { callAndStore } from '../../api/callAndStore';
import { http } from '../../api/http';
import { dayRangeParams } from '../../components/dates';
import { selectGeneralSettings } from '../settings';
import { summaryFailed, summaryLoaded, summaryRequested } from './slice';

function* loadSummary({ payload: { customerId, from, to } }: ReturnType<typeof summaryRequested>) {
  const settings: GeneralSettings | null = yield select(selectGeneralSettings);
  const params = dayRangeParams(from, to, settings?.time_zone ?? DEFAULT_SETTINGS.time_zone).toString();
  const path = customerId === undefined ? API.myCustomerSummary : API.customerSummary(customerId);
  yield* callAndStore(call(http.get, params ? `${path}?${params}` : path), (answer: CustomerSummaryDto) => summaryLoaded(answer), summaryFailed, 'summary:failed');
}

export function* creditSummarySaga() {
  yield takeLatest(summaryRequested.type, loadSummary);
}
