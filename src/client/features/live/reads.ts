import type { Channel } from 'redux-saga';
import { call, delay, put, select, take } from 'redux-saga/effects';
import { API, type OrderLineDto } from '../../../shared/api';
import { CHANGES_PRUNED, type LineChangesResponse, type LineEvent } from '../../../shared/live';
import { ApiError, request } from '../../api/http';
import { type LineScope, linesChanged, linesRequested, selectLinesShown, selectSettledScopes } from '../order-lines';
import { liveVersionSeen, selectLiveVersion, selectOwnVersions } from './slice';

/** At most this many ids in one `?ids=` read (the route's limit). */
export const IDS_PER_READ = 500;

type Answer = LineChangesResponse<OrderLineDto>;

/** What a batch asks for: line ids (by the newest version that named each), and everything changed after `since`. */
interface Wanted {
  ids: Map<number, number>;
  since: number | null;
}

/**
 * What the socket told and the reader has not read yet, shared by the socket's loop and the reader
 * of one logged-in session.
 */
export interface Tracker {
  /** The highest version seen on the socket or in a `since` answer: where a read after a drop resumes. */
  version: number | null;
  /** Waiting for the next batch. */
  wanted: Wanted;
  /** What a failed read left: tried once more with the next batch, then given up. */
  retry: Wanted;
}

const nothing = (): Wanted => ({ ids: new Map(), since: null });
export const newTracker = (): Tracker => ({ version: null, wanted: nothing(), retry: nothing() });

const lower = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));
const higher = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));

export function seenVersion(tracker: Tracker, version: number): void {
  tracker.version = higher(tracker.version, version);
}

export function lineEvent(tracker: Tracker, event: LineEvent): void {
  tracker.wanted.ids.set(event.line_id, higher(tracker.wanted.ids.get(event.line_id) ?? null, event.version));
  seenVersion(tracker, event.version);
}

/** Everything after the last version seen is read with the next batch (after a drop, on resync). */
export function sinceLastSeen(tracker: Tracker): boolean {
  if (tracker.version === null) return false;
  tracker.wanted.since = lower(tracker.wanted.since, tracker.version);
  return true;
}

/** The next batch: what is wanted now and what is to be tried again. */
function takeBatch(tracker: Tracker) {
  const { wanted, retry } = tracker;
  tracker.wanted = nothing();
  tracker.retry = nothing();
  const ids = new Map(retry.ids);
  for (const [id, version] of wanted.ids) ids.set(id, higher(ids.get(id) ?? null, version));
  return {
    ids,
    since: wanted.since === null ? retry.since : lower(retry.since, wanted.since),
    /** Failed before: not tried a third time. */
    retried: { ids: new Set([...retry.ids.keys()].filter((id) => !wanted.ids.has(id))), since: wanted.since === null && retry.since !== null },
  };
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Reads one batch and puts it in the store in one action, so the grid takes one transaction. The
 * answers are merged in the order they were read, so the newest word on a line wins. A failed read
 * is left for the next batch once; nothing here throws.
 */
function* readBatch(tracker: Tracker, batch: ReturnType<typeof takeBatch>) {
  const changed = new Map<number, OrderLineDto | null>();
  const merge = (answer: Answer) => {
    answer.orders.forEach((line) => changed.set(line.id, line));
    answer.gone.forEach((id) => changed.set(id, null));
  };
  // A change the `since` answer already covers needs no read of its own.
  let covered = -Infinity;
  if (batch.since !== null) {
    try {
      const answer: Answer = yield call(request, 'GET', `${API.lineChanges}?since=${batch.since}`);
      merge(answer);
      covered = answer.version;
      seenVersion(tracker, answer.version);
    } catch (error) {
      if (error instanceof ApiError && error.code === CHANGES_PRUNED) return yield* reloadLists();
      if (!batch.retried.since) tracker.retry.since = lower(tracker.retry.since, batch.since);
    }
  }
  const ids = [...batch.ids].filter(([, version]) => version > covered).map(([id]) => id);
  for (const chunk of chunks(ids.sort((a, b) => a - b), IDS_PER_READ)) {
    try {
      const answer: Answer = yield call(request, 'GET', `${API.lineChanges}?ids=${chunk.join(',')}`);
      merge(answer);
    } catch {
      for (const id of chunk) if (!batch.retried.ids.has(id)) tracker.retry.ids.set(id, batch.ids.get(id) as number);
    }
  }
  if (changed.size === 0) return;
  const lines = [...changed.values()].filter((line): line is OrderLineDto => line !== null);
  const gone = [...changed].filter(([, line]) => line === null).map(([id]) => id);
  yield put(linesChanged({ lines, gone }));
}

/**
 * The server no longer knows what changed since the last version seen (away longer than its change
 * log keeps): every list held is read again, with the tag of its copy (a list unchanged meanwhile
 * answers 304 and stays; one still on its way is not asked twice). After a drop the ready message
 * has already moved the version on, so the next read resumes from there.
 */
function* reloadLists() {
  const scopes: LineScope[] = yield select(selectSettledScopes);
  for (const scope of scopes) yield put(linesRequested(scope));
}

/**
 * Gathers the changes the socket names for `batchMs` after the first, then reads them in one go.
 * While no screen holds lines nothing is read (the version is still tracked): the next list read
 * is fresh anyway.
 */
export function* readChanges(tracker: Tracker, wake: Channel<true>, batchMs: number) {
  while (true) {
    yield take(wake);
    yield delay(batchMs);
    const batch = takeBatch(tracker);
    // A change this client made came with its own action's answer, the line with it: its event needs no read.
    const own: Record<number, number> = yield select(selectOwnVersions);
    for (const [id, version] of batch.ids) if (version <= (own[id] ?? 0)) batch.ids.delete(id);
    const shown: boolean = yield select(selectLinesShown);
    if (shown && (batch.ids.size > 0 || batch.since !== null)) yield call(readBatch, tracker, batch);
    // Once a batch, not once an event: the store shows the resume point without an action per change.
    if (((yield select(selectLiveVersion)) as number | null) !== tracker.version) yield put(liveVersionSeen(tracker.version));
    // What failed goes again with the next batch, which need not wait for another change.
    if (tracker.retry.ids.size > 0 || tracker.retry.since !== null) wake.put(true);
  }
}
