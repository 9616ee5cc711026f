import { createAction, createEntityAdapter, createSlice, isAnyOf, nanoid, original, type PayloadAction } from '@reduxjs/toolkit';
import type { LineHistoryDto, LineVersionsBody, OrderLineDto } from '../../../shared/api';
import type { Loadable } from '../../api/loadable';
import type { NoticeLike } from '../../components/NoticeView';
import { inWorkingSet } from '../../../shared/working-set';
import type { GramIntent, LineActionKind, LineIntent } from './actions';
import { holdsAll, inScope, type LineScope, scopeKey } from './scopes';

/*
 * Every order line any screen has loaded, once, keyed by id. Screens select their lines from
 * here; an action's answer replaces its one line; nothing reloads a list after a tap.
 */
const adapter = createEntityAdapter<OrderLineDto>();

export interface ScopeLoad extends Loadable {
  /** A list read in batches: the lines received so far of the `total` its header announced. */
  progress?: { loaded: number; total: number };
  /** The ETag of the copy the store holds, sent when the list is read again (a 304 keeps the copy). */
  etag?: string;
  /** The ETag of the answer on its way, the copy's once the whole list is here. */
  coming?: string;
}

/** A load's tag as kept: none when the answer had none. */
const tagged = (etag: string | null | undefined) => (etag ? { etag } : {});

/**
 * The last action asked for on a line. 'settling' follows a success for a moment: the screen shows
 * what just happened and does not take the same action again, so a second tap of a double tap,
 * which would already see the next step, cannot move the piece again. 'confirming': a gram far
 * from the expected weight waits for the person's yes (`notice` the question, `pending` the gram).
 */
export interface LineActionState {
  kind: LineActionKind;
  requestId: string;
  status: 'busy' | 'settling' | 'done' | 'failed' | 'confirming';
  notice: NoticeLike | null;
  pending?: GramIntent;
}

export interface OrderLinesExtra {
  /** Load state per scope (scopeKey) and per single line (`line:<id>`). */
  loads: Record<string, ScopeLoad>;
  actions: Record<number, LineActionState>;
  /** The line whose action was asked for last: the admin grid shows that action's outcome. */
  latestAction: number | null;
  history: Record<number, Loadable & { rows: LineHistoryDto[] }>;
  /**
   * Where the working set's window starts (shared/working-set.ts), once the settings are known:
   * a line closed before it is history, the archive's, and leaves every list here.
   */
  windowStart?: string | null;
}

/** An intent carries a request id, so the saga knows whether the reducer accepted it. */
export type LineIntentAction = PayloadAction<LineIntent, string, { requestId: string }>;

const intent = <A extends unknown[]>(kind: LineActionKind, build: (...args: A) => LineIntent) =>
  createAction(`orderLines/${kind}Requested`, (...args: A) => ({ payload: build(...args), meta: { requestId: nanoid() } }));

export const nextStepRequested = intent('nextStep', (id: number, shownStep: number) => ({ kind: 'nextStep', id, shownStep }));
export const workshopApprovalRequested = intent('workshopApprove', (id: number) => ({ kind: 'workshopApprove', id }));
export const gramEntered = intent('gram', (id: number, gram: number, confirmed: boolean = false) => ({ kind: 'gram', id, gram, confirmed }));
export const qualityDecided = intent('quality', (id: number, decision: { approved: boolean; returnStep: number | null; reason: string }) => ({
  kind: 'quality',
  id,
  ...decision,
}));
export const packingApproved = intent('packing', (id: number) => ({ kind: 'packing', id }));
export const gramCorrected = intent('gramCorrection', (id: number, gram: number, confirmed: boolean = false) => ({ kind: 'gramCorrection', id, gram, confirmed }));
export const customerApprovalRequested = intent('customerApprove', (id: number) => ({ kind: 'customerApprove', id }));
export const shipmentRequested = intent('shipment', (id: number, tracking: string) => ({ kind: 'shipment', id, tracking }));
export const stepBackRequested = intent('stepBack', (id: number, step: number, reason: string) => ({ kind: 'stepBack', id, step, reason }));
export const lineCancelRequested = intent('cancelLine', (id: number, reason: string) => ({ kind: 'cancelLine', id, reason }));
export const orderCancelRequested = intent('cancelOrder', (id: number, orderId: number, reason: string) => ({ kind: 'cancelOrder', id, orderId, reason }));

export const isLineIntent = isAnyOf(
  nextStepRequested,
  workshopApprovalRequested,
  gramEntered,
  qualityDecided,
  packingApproved,
  gramCorrected,
  customerApprovalRequested,
  shipmentRequested,
  stepBackRequested,
  lineCancelRequested,
  orderCancelRequested,
);

const initialState = adapter.getInitialState<OrderLinesExtra>({ loads: {}, actions: {}, latestAction: null, history: {} });
type State = typeof initialState;

/** Lines are flat records: equal fields, the same line. */
function sameLine(a: OrderLineDto, b: OrderLineDto): boolean {
  const keys = Object.keys(b) as (keyof OrderLineDto)[];
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

/** A line read by itself (a line's screen, opened from the archive too) stays while it is shown, whatever its age. */
const openedAlone = (state: State, id: number) => state.loads[`line:${id}`] !== undefined;

/** The same action is already under way on the line or just done: a second tap of a double tap. */
const repeated = (state: State, id: number, kind: LineActionKind) => {
  const current = state.actions[id];
  return current?.kind === kind && (current.status === 'busy' || current.status === 'settling');
};

/**
 * A batch of a list read in batches, put in the store without immer: a draft of a hundred thousand
 * entities costs far more than one copy, and a batch is all additions but for a line read again.
 * The first batch replaces what the scope held, as a whole answer does. A line the store already
 * holds in a newer version (a live change read while the list was on its way) keeps it; one read
 * again unchanged keeps its object, so the grid does not update it.
 */
function withBatch(base: State, { scope, lines, first }: { scope: LineScope; lines: OrderLineDto[]; first: boolean }): State {
  let ids: number[];
  let entities: Record<number, OrderLineDto>;
  if (first && holdsAll(scope)) {
    ids = [];
    entities = {};
  } else {
    ids = base.ids.slice();
    entities = { ...base.entities };
    if (first) {
      const left = new Set(ids.filter((id) => inScope(scope, entities[id])));
      ids = ids.filter((id) => !left.has(id));
      for (const id of left) delete entities[id];
    }
  }
  for (const line of lines) {
    const held = entities[line.id];
    if (!held) ids.push(line.id);
    else if (held.updated_at > line.updated_at || sameLine(held, line)) continue;
    // Frozen like every line immer put here, so a later draft of the collection need not walk it.
    entities[line.id] = Object.freeze(line);
  }
  const key = scopeKey(scope);
  const { progress, coming } = base.loads[key] ?? {};
  const load: ScopeLoad = Object.freeze({
    status: 'loading',
    notice: null,
    ...(coming ? { coming } : {}),
    progress: Object.freeze({ loaded: (first ? 0 : (progress?.loaded ?? 0)) + lines.length, total: progress?.total ?? lines.length }),
  });
  return Object.freeze({ ...base, ids: Object.freeze(ids) as number[], entities: Object.freeze(entities), loads: Object.freeze({ ...base.loads, [key]: load }) });
}

/**
 * Changed lines (a live change, an action's answer) put in the store the same way, without immer:
 * at a hundred thousand lines a draft of the collection costs about a hundred milliseconds per
 * change, one copy of it a few. A line read again as it is keeps its object (so the admin grid
 * updates only rows that changed); `gone` lines leave the store.
 */
function withLines(base: State, lines: readonly OrderLineDto[], gone: readonly number[] = []): State {
  const changed = lines.filter((line) => {
    const held = base.entities[line.id];
    return !held || !sameLine(held, line);
  });
  const removing = new Set(gone.filter((id) => base.entities[id]));
  if (changed.length === 0 && removing.size === 0) return base;
  const entities = { ...base.entities };
  const added = changed.filter((line) => !entities[line.id]).map((line) => line.id);
  for (const line of changed) entities[line.id] = Object.freeze(line);
  for (const id of removing) delete entities[id];
  const kept = removing.size > 0 ? base.ids.filter((id) => !removing.has(id)) : base.ids;
  const ids = added.length > 0 ? [...kept, ...added] : kept;
  return Object.freeze({ ...base, ids: Object.freeze(ids) as number[], entities: Object.freeze(entities) });
}

/** The screen shows the first lines of a list it asked for before it was built (it may read on). */
export const linesShown = createAction<LineScope>('orderLines/linesShown');

export const orderLinesSlice = createSlice({
  name: 'orderLines',
  initialState,
  reducers: {
    /**
     * A list is read (again): the tag of the copy held goes with the read. `beforeScreen`: asked as
     * the page starts, before the screen that shows it is built (the router's preload).
     */
    linesRequested: {
      reducer: (state, action: PayloadAction<LineScope, string, { beforeScreen: boolean }>) => {
        const key = scopeKey(action.payload);
        state.loads[key] = { status: 'loading', notice: null, ...tagged(state.loads[key]?.etag) };
      },
      prepare: (scope: LineScope, beforeScreen = false) => ({ payload: scope, meta: { beforeScreen } }),
    },
    linesLoaded: (state, action: PayloadAction<{ scope: LineScope; lines: OrderLineDto[]; etag?: string | null }>) => {
      const { scope, lines, etag } = action.payload;
      if (holdsAll(scope)) adapter.setAll(state, lines);
      else {
        // Lines of the scope that the answer no longer has have left it (moved, deleted).
        const kept = new Set(lines.map((line) => line.id));
        const gone = Object.values(state.entities).filter((line) => inScope(scope, line) && !kept.has(line.id));
        adapter.removeMany(state, gone.map((line) => line.id));
        adapter.upsertMany(state, lines);
      }
      state.loads[scopeKey(scope)] = { status: 'ready', notice: null, ...tagged(etag) };
    },
    /** The server answered 304: the copy held is the list as it is; it stays as it is. */
    linesUnchanged: (state, action: PayloadAction<LineScope>) => {
      const key = scopeKey(action.payload);
      state.loads[key] = { status: 'ready', notice: null, ...tagged(state.loads[key]?.etag) };
    },
    linesFailed: (state, action: PayloadAction<{ key: string; notice: NoticeLike }>) => {
      state.loads[action.payload.key] = { status: 'failed', notice: action.payload.notice };
    },
    /** A list read in batches announced how many lines follow; the copy held is being replaced, so its tag goes. */
    linesStreamStarted: (state, action: PayloadAction<{ scope: LineScope; total: number; etag?: string | null }>) => {
      const { scope, total, etag } = action.payload;
      state.loads[scopeKey(scope)] = { status: 'loading', notice: null, progress: { loaded: 0, total }, ...(etag ? { coming: etag } : {}) };
    },
    /** A batch of a list read in batches; `first` replaces what the scope held. */
    linesBatchLoaded: (state, action: PayloadAction<{ scope: LineScope; lines: OrderLineDto[]; first: boolean }>) =>
      withBatch(original(state) as State, action.payload),
    /** The list read in batches is complete: its answer's tag is the copy's. */
    linesStreamEnded: (state, action: PayloadAction<LineScope>) => {
      const key = scopeKey(action.payload);
      state.loads[key] = { status: 'ready', notice: null, ...tagged(state.loads[key]?.coming) };
    },
    lineRequested: (state, action: PayloadAction<{ id: number; reader: 'workshop' | 'customer' }>) => {
      state.loads[`line:${action.payload.id}`] = { status: 'loading', notice: null };
    },
    /** A line as the server has it now: an action's answer, a single read, later a live change. */
    lineChanged: (state, action: PayloadAction<OrderLineDto>) => {
      const next = withLines(original(state) as State, [action.payload]);
      return { ...next, loads: { ...next.loads, [`line:${action.payload.id}`]: { status: 'ready', notice: null } } };
    },
    /**
     * Live changes as read back from the server; `gone` lines are no longer the reader's (moved to
     * another workshop). A line read again as it is keeps its object (an upsert would copy it), so a
     * re-read overlap changes nothing on screen and the admin grid updates only rows that changed.
     */
    linesChanged: (state, action: PayloadAction<{ lines: OrderLineDto[]; gone: number[] }>) => {
      const base = original(state) as State;
      const { lines, gone } = action.payload;
      // A change to a line closed before the window (an old line corrected) is the archive's news.
      const aged = base.windowStart === undefined ? [] : lines.filter((line) => !inWorkingSet(line, base.windowStart ?? null) && !openedAlone(base, line.id));
      if (aged.length === 0) return withLines(base, lines, gone);
      const agedIds = new Set(aged.map((line) => line.id));
      return withLines(base, lines.filter((line) => !agedIds.has(line.id)), [...gone, ...agedIds]);
    },
    /** The working set's window starts here now (a new day, changed settings): lines closed before it leave. */
    windowMoved: (state, action: PayloadAction<string | null>) => {
      const start = action.payload;
      const base = original(state) as State;
      const aged = Object.values(base.entities)
        .filter((line) => !inWorkingSet(line, start) && !openedAlone(base, line.id))
        .map((line) => line.id);
      return { ...withLines(base, [], aged), windowStart: start };
    },
    lineHistoryRequested: (state, action: PayloadAction<number>) => {
      const previous = state.history[action.payload];
      state.history[action.payload] = { status: 'loading', rows: previous?.rows ?? [], notice: null };
    },
    lineHistoryLoaded: (state, action: PayloadAction<{ id: number; rows: LineHistoryDto[] }>) => {
      state.history[action.payload.id] = { status: 'ready', rows: action.payload.rows, notice: null };
    },
    lineHistoryFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      const previous = state.history[action.payload.id];
      state.history[action.payload.id] = { status: 'failed', rows: previous?.rows ?? [], notice: action.payload.notice };
    },
    /**
     * `also`: the other lines the action changed (the rest of a canceled order); `versions`: the
     * version of each change it made, whose live events the live channel then skips.
     */
    lineActionSucceeded: (
      state,
      action: PayloadAction<{ requestId: string; line: OrderLineDto; also?: OrderLineDto[]; versions?: LineVersionsBody['versions']; notice: NoticeLike | null }>,
    ) => {
      const { line, also = [], requestId, notice } = action.payload;
      const next = withLines(original(state) as State, [line, ...also.filter((other) => other.id !== line.id)]);
      const current = next.actions[line.id];
      return current?.requestId === requestId ? { ...next, actions: { ...next.actions, [line.id]: { ...current, status: 'settling' as const, notice } } } : next;
    },
    lineActionSettled: (state, action: PayloadAction<{ id: number; requestId: string }>) => {
      const current = state.actions[action.payload.id];
      if (current?.requestId === action.payload.requestId) current.status = 'done';
    },
    lineActionFailed: (state, action: PayloadAction<{ id: number; requestId: string; notice: NoticeLike }>) => {
      const current = state.actions[action.payload.id];
      if (current?.requestId === action.payload.requestId) Object.assign(current, { status: 'failed', notice: action.payload.notice });
    },
    /**
     * A gram far from the expected weight is to be confirmed: asked by the server (409 GRAM_CONFIRM,
     * the answer to `requestId`) or by the screen's own check of the same rule before sending. An
     * answer to a request the line has since left behind asks nothing.
     */
    gramConfirmationNeeded: {
      reducer: (state, action: PayloadAction<{ intent: GramIntent; notice: NoticeLike }, string, { requestId: string }>) => {
        const { intent, notice } = action.payload;
        const current = state.actions[intent.id];
        if (current && current.requestId !== action.meta.requestId && (current.status === 'busy' || current.status === 'settling')) return;
        state.actions[intent.id] = { kind: intent.kind, requestId: action.meta.requestId, status: 'confirming', notice, pending: intent };
        state.latestAction = intent.id;
      },
      prepare: (intent: GramIntent, notice: NoticeLike, requestId: string = nanoid()) => ({ payload: { intent, notice }, meta: { requestId } }),
    },
    /** The person said no: nothing is sent, the gram stays as it was. */
    gramConfirmationDeclined: (state, action: PayloadAction<number>) => {
      if (state.actions[action.payload]?.status === 'confirming') delete state.actions[action.payload];
    },
    /** The screen's outcome notices are spent (a new action elsewhere, the screen left). */
    lineNoticesCleared: (state) => {
      for (const current of Object.values(state.actions)) if (current.status === 'done' || current.status === 'failed') current.notice = null;
      state.latestAction = null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isLineIntent, (state, action) => {
      const { id, kind } = action.payload;
      // The double-tap guard: the same action on a line busy or settling with it is not taken again.
      // Another action (the office correcting a gram right after approving quality) goes through.
      if (repeated(state, id, kind)) return;
      state.actions[id] = { kind, requestId: action.meta.requestId, status: 'busy', notice: null };
      state.latestAction = id;
    });
  },
});

export const {
  linesRequested,
  linesLoaded,
  linesUnchanged,
  linesFailed,
  linesStreamStarted,
  linesBatchLoaded,
  linesStreamEnded,
  lineRequested,
  lineChanged,
  linesChanged,
  windowMoved,
  lineHistoryRequested,
  lineHistoryLoaded,
  lineHistoryFailed,
  lineActionSucceeded,
  lineActionSettled,
  lineActionFailed,
  lineNoticesCleared,
  gramConfirmationNeeded,
  gramConfirmationDeclined,
} = orderLinesSlice.actions;

export const lineAdapter = adapter;
