import { createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { LookupDto, OptionValueDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, notLoaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

/** The fixed lists behind the ids of order lines and products, as the server lists them. */
export interface LookupLists {
  statuses: LookupDto[];
  qualityControlStatuses: LookupDto[];
  packingStatuses: LookupDto[];
  optionValues: OptionValueDto[];
}

/* No screen shows the notice: where names are missing, screens show the ids instead. */
export interface LookupsState extends LookupLists, Loadable {}

const initialState: LookupsState = { ...notLoaded(), statuses: [], qualityControlStatuses: [], packingStatuses: [], optionValues: [] };

export const lookupsSlice = createSlice({
  name: 'lookups',
  initialState,
  reducers: {
    /** A screen needs the names; once they are loaded this changes nothing and the saga makes no call. */
    lookupsRequested: loadAsked,
    lookupsLoaded: (state, action: PayloadAction<LookupLists>) => {
      Object.assign(state, action.payload);
      loaded(state);
    },
    lookupsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const { lookupsRequested, lookupsLoaded, lookupsFailed } = lookupsSlice.actions;

type State = { lookups: LookupsState };
export const selectLookupsStatus = (state: State) => state.lookups.status;

const namesById = <T extends { id: number }>(rows: T[], name: (row: T) => string) => new Map(rows.map((row) => [row.id, name(row)]));

/* Name maps by id, each rebuilt only when its list changes. */
export const selectStatusNames = createSelector([(state: State) => state.lookups.statuses], (rows) => namesById(rows, (row) => row.name));
export const selectQualityControlNames = createSelector([(state: State) => state.lookups.qualityControlStatuses], (rows) => namesById(rows, (row) => row.name));
export const selectPackingNames = createSelector([(state: State) => state.lookups.packingStatuses], (rows) => namesById(rows, (row) => row.name));
export const selectOptionValueNames = createSelector([(state: State) => state.lookups.optionValues], (rows) => namesById(rows, (row) => row.value_name));
