import { createSelector, type EntityState } from '@reduxjs/toolkit';
import type { OrderLineDto } from '../../../shared/api';
import { inWorkingSet } from '../../../shared/working-set';
import { lineAdapter, type OrderLinesExtra } from './slice';
import { inScope, type LineScope, scopeKey, scopeOfKey } from './scopes';

/** The collection itself: ids in load order and lines by id. */
export type LineTable = EntityState<OrderLineDto, number>;

type State = { orderLines: ReturnType<typeof lineAdapter.getInitialState<OrderLinesExtra>> };

const selectSlice = (state: State) => state.orderLines;
const { selectAll, selectById } = lineAdapter.getSelectors(selectSlice);

const newestFirst = (a: OrderLineDto, b: OrderLineDto) => b.id - a.id;

/**
 * The lines of a scope, newest first, within the working set's window (a line opened by itself from
 * the archive is held but never listed). Memoised per scope (reselect keeps one result per
 * argument), so a screen re-renders only when one of its lines changed.
 */
export const selectLinesOf = createSelector(
  [
    selectAll,
    (state: State) => selectSlice(state).windowStart,
    (_state: State, kind: LineScope['kind']) => kind,
    (_state: State, _kind: LineScope['kind'], id?: number) => id,
  ],
  (lines, start, kind, id) => {
    // The admin grid holds every line and sorts for itself: no copy of a hundred thousand rows.
    if (kind === 'all') return lines;
    const scope = (id === undefined ? { kind } : { kind, id }) as LineScope;
    return lines.filter((line) => inScope(scope, line) && (start === undefined || inWorkingSet(line, start))).sort(newestFirst);
  },
);

/** Every loaded line, in the order the server sent them (the admin grid sorts for itself). */
export const selectAllLines = selectAll;

/**
 * Every loaded line as ids and entities, for the admin grid: comparing its entity objects with the
 * ones the grid holds tells which rows changed, with no array of every row built for a change.
 */
export const selectLineTable = createSelector(
  [(state: State) => selectSlice(state).ids, (state: State) => selectSlice(state).entities],
  (ids, entities): LineTable => ({ ids, entities }),
);

export const selectLine = (state: State, id: number): OrderLineDto | undefined => selectById(state, id);

/**
 * Whether any screen of this session holds lines (a list or a single line, or the first batches of
 * a list still on its way): live changes are read only then.
 */
export const selectLinesShown = (state: State) =>
  Object.values(selectSlice(state).loads).some((load) => load.status === 'ready' || (load.status === 'loading' && (load.progress?.loaded ?? 0) > 0));
/** The lists loaded or on their way: what is read again when what changed since can no longer be told. */
export const selectHeldScopes = (state: State): LineScope[] =>
  Object.entries(selectSlice(state).loads)
    .filter(([, load]) => load.status === 'ready' || load.status === 'loading')
    .map(([key]) => scopeOfKey(key))
    .filter((scope): scope is LineScope => scope !== null);
export const selectLoad = (state: State, key: string) => selectSlice(state).loads[key];
export const selectScopeLoad = (state: State, scope: LineScope) => selectSlice(state).loads[scopeKey(scope)];
export const selectLineAction = (state: State, id: number) => selectSlice(state).actions[id];
export const selectLatestAction = (state: State) => {
  const id = selectSlice(state).latestAction;
  return id === null ? undefined : selectSlice(state).actions[id];
};
export const selectLineHistory = (state: State, id: number) => selectSlice(state).history[id];

/** The line busy with an action or settling after one, for grids that disable its buttons. */
export const selectBusyLines = createSelector([(state: State) => selectSlice(state).actions], (actions) =>
  Object.entries(actions)
    .filter(([, action]) => action.status === 'busy' || action.status === 'settling')
    .map(([id]) => Number(id)),
);
