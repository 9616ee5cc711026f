import { createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { LookupDto, OptionValueDto } from '../../../shared/api';
import { loadAsked } from '../../app/loadOnce';
import { loggedIn, loggedOut } from '../session';

/** The fixed lists behind the ids of order lines and products, as the server lists them. */
export interface LookupLists {
  statuses: LookupDto[];
  qualityControlStatuses: LookupDto[];
  packingStatuses: LookupDto[];
  optionValues: OptionValueDto[];
}

export interface LookupsState extends LookupLists {
  /* No notice: no screen says that names are missing, it shows the ids instead (as before). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

const initialState: LookupsState = { status: 'idle', statuses: [], qualityControlStatuses: [], packingStatuses: [], optionValues: [] };

export const lookupsSlice = createSlice({
  name: 'lookups',
  initialState,
  reducers: {
    /** A screen needs the names; once they are loaded this changes nothing and the saga makes no call. */
    lookupsRequested: loadAsked,
    lookupsLoaded: (_state, action: PayloadAction<LookupLists>) => ({ ...action.payload, status: 'ready' }),
    lookupsFailed: (state) => {
      state.status = 'failed';
    },
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
