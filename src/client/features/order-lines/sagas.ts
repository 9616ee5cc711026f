import { all, call, delay, put, select, takeEvery } from 'redux-saga/effects';
import { API, type LineHistoryDto, type OrderLineDto } from '../../../shared/api';
import { LINE_SETTLE_MS } from '../../../shared/limits';
import { failure } from '../../api/failure';
import { request } from '../../api/http';
import { requestOf } from './actions';
import { selectLineAction, selectLineHistory } from './selectors';
import {
  isLineIntent,
  lineActionFailed,
  lineActionSettled,
  lineActionSucceeded,
  lineChanged,
  lineHistoryFailed,
  lineHistoryLoaded,
  lineHistoryRequested,
  lineRequested,
  linesFailed,
  linesLoaded,
  linesRequested,
  type LineActionState,
  type LineIntentAction,
} from './slice';
import { linePath, scopeKey, scopePath } from './scopes';

const LOAD_FALLBACK = {
  all: 'orders:loadFailed',
  myWorkshop: 'workshopOrders:loadFailed',
  myCustomer: 'customerOrders:loadFailed',
  workshop: 'workshops:ordersFailed',
  customer: 'customers:infoFailed',
} as const;

function* loadLines(action: ReturnType<typeof linesRequested>) {
  const scope = action.payload;
  try {
    const { orders }: { orders: OrderLineDto[] } = yield call(request, 'GET', scopePath(scope));
    yield put(linesLoaded({ scope, lines: orders }));
  } catch (error) {
    yield put(linesFailed({ key: scopeKey(scope), notice: failure(error, LOAD_FALLBACK[scope.kind]) }));
  }
}

function* loadLine(action: ReturnType<typeof lineRequested>) {
  const { id, reader } = action.payload;
  try {
    const { order }: { order: OrderLineDto } = yield call(request, 'GET', linePath(id, reader));
    yield put(lineChanged(order));
  } catch (error) {
    yield put(linesFailed({ key: `line:${id}`, notice: failure(error, reader === 'workshop' ? 'workshopOrders:detailFailed' : 'customerOrders:detailFailed') }));
  }
}

function* loadHistory(action: ReturnType<typeof lineHistoryRequested>) {
  const id = action.payload;
  try {
    const { history }: { history: LineHistoryDto[] } = yield call(request, 'GET', API.lineHistory(id));
    yield put(lineHistoryLoaded({ id, rows: history }));
  } catch (error) {
    yield put(lineHistoryFailed({ id, notice: failure(error, 'workshopOrders:detailFailed') }));
  }
}

/**
 * One life-cycle action: sent only when the reducer took it (the line was not busy or settling),
 * answered with the whole changed line, which replaces the one line in the store. After a success
 * the line settles for a moment before it takes another action.
 */
function* act(action: LineIntentAction) {
  const intent = action.payload;
  const { requestId } = action.meta;
  const current: LineActionState | undefined = yield select(selectLineAction, intent.id);
  if (current?.requestId !== requestId) return;
  const { method, path, body, fallback } = requestOf(intent);
  try {
    const answer: { order: OrderLineDto; message?: string } = yield call(request, method, path, body);
    yield put(lineActionSucceeded({ requestId, line: answer.order, notice: answer.message ? { kind: 'success', text: answer.message } : null }));
    // A history on screen gains the action's row.
    const history: unknown = yield select(selectLineHistory, intent.id);
    if (history) yield put(lineHistoryRequested(intent.id));
    yield delay(LINE_SETTLE_MS);
    yield put(lineActionSettled({ id: intent.id, requestId }));
  } catch (error) {
    yield put(lineActionFailed({ id: intent.id, requestId, notice: failure(error, fallback) }));
  }
}

export function* orderLinesSaga() {
  yield all([
    takeEvery(linesRequested.type, loadLines),
    takeEvery(lineRequested.type, loadLine),
    takeEvery(lineHistoryRequested.type, loadHistory),
    takeEvery(isLineIntent, act),
  ]);
}
