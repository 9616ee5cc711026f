import type { Channel } from 'redux-saga';
import { call, delay, put, select, take } from 'redux-saga/effects';
import { API, type OrderLineDto } from '../../../shared/api';
import { CHANGES_PRUNED, type HeardLineEvent, type LineChangesResponse } from '../../../shared/live';
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

/** Lines the socket brought with their events, by id: the newest version heard, and the line (null: no longer the reader's). */
type Carried = Map<number, { version: number; line: OrderLineDto | null }>;

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
  /** Lines that came with their events, put in the store with the next batch without a read. */
  carried: Carried;
}

const nothing = (): Wanted => ({ ids: new Map(), since: null });
export const newTracker = (): Tracker => ({ version: null, wanted: nothing(), retry: nothing(), carried: new Map() });

const lower = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));
const higher = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));

export function seenVersion(tracker: Tracker, version: number): void {
  tracker.version = higher(tracker.version, version);
}

/**
 * A change the socket told: with its line (or word that the line is gone) it needs no read, and
 * covers the line's earlier changes still waiting to be read; without, its line is read back.
 */
export function lineEvent(tracker: Tracker, event: HeardLineEvent): void {
  const { line_id: id, version } = event;
  seenVersion(tracker, version);
  if (event.line === undefined && !event.gone) {
    tracker.wanted.ids.set(id, higher(tracker.wanted.ids.get(id) ?? null, version));
    return;
  }
  if ((tracker.carried.get(id)?.version ?? -1) < version) tracker.carried.set(id, { version, line: event.line ?? null });
  if ((tracker.wanted.ids.get(id) ?? Infinity) <= version) tracker.wanted.ids.delete(id);
}

/** Everything after the last version seen is read with the next batch (after a drop, on resync). */
export function sinceLastSeen(tracker: Tracker): boolean {
  if (tracker.version === null) return false;
  tracker.wanted.since = lower(tracker.wanted.since, tracker.version);
  return true;
}

/** The next batch: what is wanted now and what is to be tried again. */
function takeBatch(tracker: Tracker) {
  const { wanted, retry, carried } = tracker;
  tracker.wanted = nothing();
  tracker.retry = nothing();
  tracker.carried = new Map();
  const ids = new Map(retry.ids);
  for (const [id, version] of wanted.ids) ids.set(id, higher(ids.get(id) ?? null, version));
  // A read left from a failed batch is not needed once a newer change brought the line.
  for (const [id, version] of ids) if ((carried.get(id)?.version ?? -1) >= version) ids.delete(id);
  return {
    ids,
    carried,
    since: wanted.since === null ? retry.since : lower(retry.since, wanted.since),
    /** Failed before: not tried a third time. */
    retried: { ids: new Set([...retry.ids.keys()].filter((id) => !wanted.ids.has(id))), since: wanted.since === null && retry.since !== null },
  };
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Puts one batch in the store in one action, so the grid takes one transaction: the lines the
 * events carried, then what had to be read back. They are merged in the order they were read (a
 * read back starts after the carried lines arrived), so the newest word on a line wins. A failed
 * read is left for the next batch once; nothing here throws.
 */
function* readBatch(tracker: Tracker, batch: ReturnType<typeof takeBatch>) {
  const changed = new Map<number, OrderLineDto | null>();
  for (const [id, { line }] of batch.carried) changed.set(id, line);
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
 * Gathers the changes the socket tells for `batchMs` after the first, then puts them in the store
 * in one go, reading back only what came without its line. While no screen holds lines nothing is
 * kept or read (the version is still tracked): the next list read is fresh anyway.
 */
export function* readChanges(tracker: Tracker, wake: Channel<true>, batchMs: number) {
  while (true) {
    yield take(wake);
    yield delay(batchMs);
    const batch = takeBatch(tracker);
    // A change this client made came with its own action's answer, the line with it: its event
    // needs no read, and the line it carries is no newer than that answer.
    const own: Record<number, number> = yield select(selectOwnVersions);
    for (const [id, version] of batch.ids) if (version <= (own[id] ?? 0)) batch.ids.delete(id);
    for (const [id, { version }] of batch.carried) if (version <= (own[id] ?? 0)) batch.carried.delete(id);
    const shown: boolean = yield select(selectLinesShown);
    if (shown && (batch.ids.size > 0 || batch.since !== null || batch.carried.size > 0)) yield call(readBatch, tracker, batch);
    // Once a batch, not once an event: the store shows the resume point without an action per change.
    if (((yield select(selectLiveVersion)) as number | null) !== tracker.version) yield put(liveVersionSeen(tracker.version));
    // What failed goes again with the next batch, which need not wait for another change.
    if (tracker.retry.ids.size > 0 || tracker.retry.since !== null) wake.put(true);
  }
}
