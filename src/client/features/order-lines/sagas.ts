import type { EventChannel, Task } from 'redux-saga';
import { all, call, cancel, delay, fork, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { API, type LineHistoryDto, type LineVersionsBody, type OrderLineDto, type SaidBody } from '../../../shared/api';
import { LINE_SETTLE_MS } from '../../../shared/limits';
import { failure } from '../../api/failure';
import { callAndStore } from '../../api/callAndStore';
import { said, sentenceOf } from '../../api/said';
import { ApiError, currentToken, refreshOnce, request, sessionLost } from '../../api/http';
import { windowStart } from '../../../shared/working-set';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import { loggedOut } from '../session';
import { selectGeneralSettings, settingsLoaded, settingsSaved } from '../settings';
import { lineStream } from './lineLoader';
import type { StreamMessage } from './lineStream';
import { requestOf } from './actions';
import { selectHeldScopes, selectLineAction, selectLineHistory } from './selectors';
import {
  gramConfirmationNeeded,
  isLineIntent,
  lineActionFailed,
  lineActionSettled,
  lineActionSucceeded,
  lineChanged,
  lineHistoryFailed,
  lineHistoryLoaded,
  lineHistoryRequested,
  lineRequested,
  windowMoved,
  linesBatchLoaded,
  linesFailed,
  linesLoaded,
  linesRequested,
  linesStreamEnded,
  linesStreamStarted,
  type LineActionState,
  type LineIntentAction,
} from './slice';
import { type LineScope, linePath, scopeKey, scopePath } from './scopes';

const LOAD_FALLBACK = {
  all: 'orders:loadFailed',
  myWorkshop: 'workshopOrders:loadFailed',
  myCustomer: 'customerOrders:loadFailed',
  workshop: 'workshops:ordersFailed',
  customer: 'customers:infoFailed',
} as const;

function* loadLines(action: ReturnType<typeof linesRequested>) {
  const scope = action.payload;
  yield* callAndStore(
    call(request, 'GET', scopePath(scope)),
    (answer: { orders: OrderLineDto[] }) => linesLoaded({ scope, lines: answer.orders }),
    (notice) => linesFailed({ key: scopeKey(scope), notice }),
    LOAD_FALLBACK[scope.kind],
  );
}

/** Lists read in the compact format, in batches, off the main thread: the admin's hundred thousand lines. */
const streamed = (scope: LineScope) => scope.kind === 'all';

/**
 * Reads a list in batches (lineLoader.ts): the first batch replaces what the scope held and shows
 * at once, the rest follows. A refused token is refreshed once and the reading starts again, as
 * `request` does; a second refusal, or a failed refresh, ends the session.
 */
function* streamLines(scope: LineScope) {
  let retried = false;
  try {
    while (true) {
      const token = currentToken();
      const stream: EventChannel<StreamMessage> = yield call(lineStream, scopePath(scope), token);
      let first = true;
      let again = false;
      try {
        while (!again) {
          const message: StreamMessage = yield take(stream);
          if (message.type === 'header') yield put(linesStreamStarted({ scope, total: message.total }));
          else if (message.type === 'lines') {
            yield put(linesBatchLoaded({ scope, lines: message.lines, first }));
            first = false;
          } else if (message.type === 'done') {
            if (first) yield put(linesBatchLoaded({ scope, lines: [], first }));
            yield put(linesStreamEnded(scope));
            return;
          } else {
            const refused = message.status === 401 && token !== null && first;
            if (refused && !retried) {
              retried = true;
              again = yield call(refreshOnce);
            }
            if (again) continue;
            if (refused) yield call(sessionLost);
            throw new ApiError(message.status, message.error, message.code, message.messageKey ?? null);
          }
        }
      } finally {
        stream.close();
      }
    }
  } catch (error) {
    yield put(linesFailed({ key: scopeKey(scope), notice: failure(error, LOAD_FALLBACK[scope.kind]) }));
  }
}

/** A list asked for again while it is still on its way starts over; a logout ends it. */
function* streamScope(scope: LineScope) {
  yield race([call(streamLines, scope), take(loggedOut.type)]);
}

/** Every list request: streamed lists one reading per scope at a time, the others each their own request. */
function* watchLists() {
  const readings = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof linesRequested> = yield take(linesRequested.type);
    const scope = action.payload;
    if (!streamed(scope)) {
      yield fork(loadLines, action);
      continue;
    }
    const key = scopeKey(scope);
    const running = readings.get(key);
    if (running?.isRunning()) yield cancel(running);
    readings.set(key, (yield fork(streamScope, scope)) as Task);
  }
}

function* loadLine(action: ReturnType<typeof lineRequested>) {
  const { id, reader } = action.payload;
  yield* callAndStore(
    call(request, 'GET', linePath(id, reader)),
    (answer: { order: OrderLineDto }) => lineChanged(answer.order),
    (notice) => linesFailed({ key: `line:${id}`, notice }),
    reader === 'workshop' ? 'workshopOrders:detailFailed' : 'customerOrders:detailFailed',
  );
}

function* loadHistory(action: ReturnType<typeof lineHistoryRequested>) {
  const id = action.payload;
  yield* callAndStore(
    call(request, 'GET', API.lineHistory(id)),
    (answer: { history: LineHistoryDto[] }) => lineHistoryLoaded({ id, rows: answer.history }),
    (notice) => lineHistoryFailed({ id, notice }),
    'workshopOrders:historyFailed',
  );
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
    // An order's action answers with every line of the order; a line's with that line.
    const answer: Partial<SaidBody & LineVersionsBody> & { order?: OrderLineDto; orders?: OrderLineDto[] } = yield call(request, method, path, body);
    const line = answer.order ?? answer.orders?.find((other) => other.id === intent.id);
    if (!line) throw new Error('answer without the line');
    yield put(
      lineActionSucceeded({ requestId, line, also: answer.orders, versions: answer.versions, notice: answer.message ? { kind: 'success', ...said(answer) } : null }),
    );
    // A history on screen gains the action's row.
    const history: unknown = yield select(selectLineHistory, intent.id);
    if (history) yield put(lineHistoryRequested(intent.id));
    yield delay(LINE_SETTLE_MS);
    yield put(lineActionSettled({ id: intent.id, requestId }));
  } catch (error) {
    // A gram far from the expected weight: the server's question, for the person's yes.
    if (error instanceof ApiError && error.code === 'GRAM_CONFIRM' && (intent.kind === 'gram' || intent.kind === 'gramCorrection')) {
      yield put(gramConfirmationNeeded(intent, { kind: 'info', ...sentenceOf(error.error, error.messageKey) }, requestId));
    } else {
      yield put(lineActionFailed({ id: intent.id, requestId, notice: failure(error, fallback) }));
    }
  }
}

const HOUR_MS = 3_600_000;

/** Whether a window starting at `next` holds closed lines one starting at `last` did not. */
const widened = (last: string | null | undefined, next: string | null) => last !== undefined && next !== null && (last === null || next < last);

/**
 * Keeps the working set's window where the office's settings put it: when they are read or saved,
 * and every hour, so a line closed long enough ago leaves the lists when its day passes, as the
 * server's lists leave it out. A window made wider reads the lists again for the lines it gained.
 */
function* keepWindow() {
  let last: string | null | undefined;
  for (;;) {
    const settings: GeneralSettings | null | undefined = yield select(selectGeneralSettings);
    if (settings) {
      const start = windowStart(Date.now(), settings.working_set_days, settings.time_zone);
      if (start !== last) yield put(windowMoved(start));
      if (widened(last, start)) {
        const scopes: LineScope[] = yield select(selectHeldScopes);
        for (const scope of scopes) yield put(linesRequested(scope));
      }
      last = start;
    }
    yield race([take([settingsLoaded.type, settingsSaved.type]), delay(HOUR_MS)]);
  }
}

export function* orderLinesSaga() {
  yield all([
    call(watchLists),
    call(keepWindow),
    takeEvery(lineRequested.type, loadLine),
    takeEvery(lineHistoryRequested.type, loadHistory),
    takeEvery(isLineIntent, act),
  ]);
}
