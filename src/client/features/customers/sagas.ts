import { all, call, takeEvery, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type CreditChangeDto, type CustomerDto, type CustomerStatisticsDto, type SaidBody } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore, FAILED } from '../../api/callAndStore';
import { said } from '../../api/said';
import {
  creditChanged,
  creditChangeFailed,
  creditChangeRequested,
  customerFailed,
  customerLoaded,
  customerRequested,
  customersFailed,
  customersLoaded,
  customersRequested,
  selectCustomersState,
} from './slice';
import { STATISTICS_FIELDS } from './statistics';

type Info = CustomerDto & CustomerStatisticsDto & { credit_history: CreditChangeDto[] };

function* loadList() {
  yield* callAndStore(call(http.get, API.b2bCustomers), (answer: { customers: CustomerDto[] }) => customersLoaded(answer.customers ?? []), customersFailed, 'customers:loadFailed');
}

function detailOf({ credit_history, ...rest }: Info) {
  const statistics = Object.fromEntries(STATISTICS_FIELDS.map((key) => [key, rest[key]])) as unknown as CustomerStatisticsDto;
  const customer = Object.fromEntries(Object.entries(rest).filter(([key]) => !(key in statistics))) as unknown as CustomerDto;
  return customerLoaded({ customer, statistics, creditHistory: credit_history ?? [] });
}

/** The info route answers the customer, its figures and its credit history in one object: the entity keeps only the customer's own fields. */
function* loadDetail(id: number) {
  yield* callAndStore(
    call(http.get, API.customerInfo(id)),
    (answer: { customer: Info }) => detailOf(answer.customer),
    (notice) => customerFailed({ id, notice }),
    'customers:infoFailed',
  );
}

/** The answer is the customer with its new credit; the history row it wrote is not in it, so the detail is read again. */
function* changeCredit(action: ReturnType<typeof creditChangeRequested>) {
  const { id, credit } = action.payload;
  const answer = yield* callAndStore(
    call(http.put, API.customerCredit(id), { credit }),
    (changed: SaidBody & { customer: CustomerDto }) => creditChanged({ customer: changed.customer, message: said(changed) }),
    (notice) => creditChangeFailed({ id, notice }),
    'customers:creditFailed',
  );
  if (answer !== FAILED) yield call(loadDetail, id);
}

export function* customersSaga() {
  yield all([
    takeLoadOnce(customersRequested.type, (state: Parameters<typeof selectCustomersState>[0]) => selectCustomersState(state).status, loadList),
    takeLatest(customerRequested.type, (action: ReturnType<typeof customerRequested>) => loadDetail(action.payload)),
    takeEvery(creditChangeRequested.type, changeCredit),
  ]);
}
