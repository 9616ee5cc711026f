import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type CreditChangeDto, type CustomerDto, type CustomerStatisticsDto, type SaidBody } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
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
  try {
    const { customers }: { customers: CustomerDto[] } = yield call(http.get, API.b2bCustomers);
    yield put(customersLoaded(customers ?? []));
  } catch (error) {
    yield put(customersFailed(failure(error, 'customers:loadFailed')));
  }
}

/** The info route answers the customer, its figures and its credit history in one object: the entity keeps only the customer's own fields. */
function* loadDetail(id: number) {
  try {
    const { customer: info }: { customer: Info } = yield call(http.get, API.customerInfo(id));
    const { credit_history, ...rest } = info;
    const statistics = Object.fromEntries(STATISTICS_FIELDS.map((key) => [key, rest[key]])) as unknown as CustomerStatisticsDto;
    const customer = Object.fromEntries(Object.entries(rest).filter(([key]) => !(key in statistics))) as unknown as CustomerDto;
    yield put(customerLoaded({ customer, statistics, creditHistory: credit_history ?? [] }));
  } catch (error) {
    yield put(customerFailed({ id, notice: failure(error, 'customers:infoFailed') }));
  }
}

/** The answer is the customer with its new credit; the history row it wrote is not in it, so the detail is read again. */
function* changeCredit(action: ReturnType<typeof creditChangeRequested>) {
  const { id, credit } = action.payload;
  try {
    const answer: SaidBody & { customer: CustomerDto } = yield call(http.put, API.customerCredit(id), { credit });
    yield put(creditChanged({ customer: answer.customer, message: said(answer) }));
    yield call(loadDetail, id);
  } catch (error) {
    yield put(creditChangeFailed({ id, notice: failure(error, 'customers:creditFailed') }));
  }
}

export function* customersSaga() {
  yield all([
    takeLoadOnce(customersRequested.type, (state: Parameters<typeof selectCustomersState>[0]) => selectCustomersState(state).status, loadList),
    takeLatest(customerRequested.type, (action: ReturnType<typeof customerRequested>) => loadDetail(action.payload)),
    takeEvery(creditChangeRequested.type, changeCredit),
  ]);
}
