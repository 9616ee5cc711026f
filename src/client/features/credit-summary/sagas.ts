import { call, select, takeLatest } from 'redux-saga/effects';
import { API, type CustomerSummaryDto } from '../../../shared/api';
import { DEFAULT_SETTINGS, type GeneralSettings } from '../../../shared/schemas/settings';
import { callAndStore } from '../../api/callAndStore';
import { http } from '../../api/http';
import { setDayRange } from '../../components/dates';
import { selectGeneralSettings } from '../settings';
import { summaryFailed, summaryLoaded, summaryRequested } from './slice';

/** The answer as the store keeps it; an answer that is not a summary fails the read. */
function summaryOf(answer: CustomerSummaryDto) {
  if (!answer?.customer || !Array.isArray(answer.orders) || !Array.isArray(answer.shipments)) throw new Error('not a summary');
  return summaryLoaded(answer);
}

function* loadSummary({ payload: { customerId, from, to } }: ReturnType<typeof summaryRequested>) {
  const settings: GeneralSettings | null = yield select(selectGeneralSettings);
  const params = setDayRange(new URLSearchParams(), from, to, settings?.time_zone ?? DEFAULT_SETTINGS.time_zone).toString();
  const path = customerId === undefined ? API.myCustomerSummary : API.customerSummary(customerId);
  yield* callAndStore(call(http.get, params ? `${path}?${params}` : path), summaryOf, summaryFailed, 'summary:failed');
}

export function* creditSummarySaga() {
  yield takeLatest(summaryRequested.type, loadSummary);
}
