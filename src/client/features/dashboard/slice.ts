import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardCountsDto } from '../../../shared/api';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedOut } from '../session';

/** The admin dashboard's counts, read anew each time its main tab opens (the lines move all day). */
export interface DashboardState extends Loadable {
  counts: DashboardCountsDto | null;
}

const initialState: DashboardState = { ...notLoaded(), counts: null };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    countsRequested: loading,
    countsLoaded: (state, action: PayloadAction<DashboardCountsDto>) => {
      state.counts = action.payload;
      loaded(state);
    },
    countsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { countsRequested, countsLoaded, countsFailed } = dashboardSlice.actions;
export const selectDashboardCounts = (state: { dashboard: DashboardState }) => state.dashboard;
