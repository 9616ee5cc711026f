import type { Action } from '@reduxjs/toolkit';
import { type Channel, eventChannel, type EventChannel, type Task } from 'redux-saga';
import { actionChannel, all, call, cancel, delay, fork, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { API, type LineHistoryDto, type LineVersionsBody, type OrderLineDto, type SaidBody } from '../../../shared/api';
import { LINE_SETTLE_MS } from '../../../shared/limits';
import { failure } from '../../api/failure';
import { callAndStore } from '../../api/callAndStore';
import { said, sentenceOf } from '../../api/said';
import { ApiError, currentToken, readIfChanged, refreshOnce, request, sessionLost } from '../../api/http';
import { windowStart } from '../../../shared/working-set';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import { loggedOut } from '../session';
import { selectGeneralSettings, settingsLoaded, settingsSaved } from '../settings';
import { lineStream } from './lineLoader';
import { rememberOpeningRead } from './openingRead';
import type { StreamMessage } from './lineStream';
import { requestOf } from './actions';
import { selectHeldScopes, selectLineAction, selectLineHistory, selectLineTable, selectScopeLoad, selectSettledScopes } from './selectors';
import { learnUrgency } from './urgency';
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
  linesShown,
  linesStreamEnded,
  linesStreamStarted,
  linesUnchanged,
  type LineActionState,
  type ScopeLoad,
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

/** The tag of the copy of a list the store holds, sent with its next read. */
function* heldTag(scope: LineScope) {
  const load: ScopeLoad | undefined = yield select(selectScopeLoad, scope);
  return load?.etag ?? null;
}

function* loadLines(action: ReturnType<typeof linesRequested>) {
  const scope = action.payload;
  const etag: string | null = yield* heldTag(scope);
  yield* callAndStore(
    call(readIfChanged, scopePath(scope), etag),
    (answer: { data: { orders: OrderLineDto[] }; etag: string | null } | null) =>
      answer === null ? linesUnchanged(scope) : linesLoaded({ scope, lines: answer.data.orders, etag: answer.etag }),
    (notice) => linesFailed({ key: scopeKey(scope), notice }),
    LOAD_FALLBACK[scope.kind],
  );
}

/** Lists read in the compact format, in batches: the admin's hundred thousand lines. */
const streamed = (scope: LineScope) => scope.kind === 'all';

/** How long a list asked for before its screen waits, after its first page, for the screen to show it. */
export const SHOWN_WAIT_MS = 3_000;

/** Opens `open` once the screen shows the list's first lines (`linesShown`), or after SHOWN_WAIT_MS. */
function* whenShown(shown: Channel<Action>, open: () => void) {
  try {
    yield race([take(shown), delay(SHOWN_WAIT_MS)]);
  } finally {
    open();
  }
}

/**
 * Reads a list in batches (lineLoader.ts): the first batch replaces what the scope held and shows
 * at once, the rest follows. A list asked for before its screen (`beforeScreen`) is read on once
 * the screen shows that batch: the page builds the screen first, then decodes the rest. A refused
 * token is refreshed once and the reading starts again, as `request` does; a second refusal, or a
 * failed refresh, ends the session.
 */
function* streamLines(scope: LineScope, beforeScreen: boolean) {
  let retried = false;
  const key = scopeKey(scope);
  // Taken from now on: the screen may show the first batch before the reading looks for it.
  const shown: Channel<Action> | null = beforeScreen ? yield actionChannel((action: Action) => linesShown.match(action) && scopeKey(action.payload) === key) : null;
  if (beforeScreen) rememberOpeningRead(scopePath(scope));
  try {
    while (true) {
      const token = currentToken();
      const etag: string | null = yield* heldTag(scope);
      let held: Promise<void> | undefined;
      let waiting: Task | null = null;
      if (shown) {
        let open = () => {};
        held = new Promise<void>((resolve) => (open = resolve));
        waiting = yield fork(whenShown, shown, open);
      }
      const stream: EventChannel<StreamMessage> = yield call(lineStream, scopePath(scope), token, etag, held);
      let first = true;
      let again = false;
      try {
        while (!again) {
          const message: StreamMessage = yield take(stream);
          if (message.type === 'header') yield put(linesStreamStarted({ scope, total: message.total, etag: message.etag }));
          else if (message.type === 'unchanged') {
            yield put(linesUnchanged(scope));
            return;
          }
          else if (message.type === 'lines') {
            yield put(linesBatchLoaded({ scope, lines: message.lines, first }));
            first = false;
          } else if (message.type === 'done') {
            if (first) yield put(linesBatchLoaded({ scope, lines: [], first }));
            yield put(linesStreamEnded(scope));
            const held: ReturnType<typeof selectLineTable> = yield select(selectLineTable);
            learnUrgency(held.ids.map((id) => held.entities[id]!));
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
        if (waiting) yield cancel(waiting);
      }
    }
  } catch (error) {
    yield put(linesFailed({ key, notice: failure(error, LOAD_FALLBACK[scope.kind]) }));
  } finally {
    shown?.close();
  }
}

/** A list asked for again while it is still on its way starts over; a logout ends it. */
function* streamScope(scope: LineScope, beforeScreen: boolean) {
  yield race([call(streamLines, scope, beforeScreen), take(loggedOut.type)]);
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
    readings.set(key, (yield fork(streamScope, scope, action.meta.beforeScreen)) as Task);
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
    // Settings from a server that does not know the window yet leave every line listed.
    if (settings && Number.isInteger(settings.working_set_days)) {
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

/** The reader came back to the page: it got the focus, or its tab became visible again. */
function pageReturns(): EventChannel<true> {
  return eventChannel((emit) => {
    const focused = () => emit(true);
    const shown = () => document.visibilityState === 'visible' && emit(true);
    window.addEventListener('focus', focused);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', focused);
      document.removeEventListener('visibilitychange', shown);
    };
  });
}

/**
 * Each list held is read again when the reader comes back to the page, with the tag of its copy:
 * an unchanged list answers 304 and nothing moves. A list still on its way is not asked again
 * (the focus and the visible tab of one return ask once).
 */
function* rereadOnReturn() {
  const returns: EventChannel<true> = yield call(pageReturns);
  try {
    while (true) {
      yield take(returns);
      const scopes: LineScope[] = yield select(selectSettledScopes);
      for (const scope of scopes) yield put(linesRequested(scope));
    }
  } finally {
    returns.close();
  }
}

export function* orderLinesSaga() {
  yield all([
    call(watchLists),
    call(keepWindow),
    call(rereadOnReturn),
    takeEvery(lineRequested.type, loadLine),
    takeEvery(lineHistoryRequested.type, loadHistory),
    takeEvery(isLineIntent, act),
  ]);
}
