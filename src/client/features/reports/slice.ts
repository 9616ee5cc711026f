import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderReportDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/** The office's report, read anew each time its tab opens (the lines move all day). */
export interface ReportsState extends Loadable {
  report: OrderReportDto | null;
}

const initialState: ReportsState = { ...notLoaded(), report: null };

export const reportsSlice = createSlice({
  name: 'reports',
  initialState,
  reducers: {
    reportRequested: loading,
    reportLoaded: (state, action: PayloadAction<OrderReportDto>) => {
      state.report = action.payload;
      loaded(state);
    },
    reportFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { reportRequested, reportLoaded, reportFailed } = reportsSlice.actions;
export const selectReport = (state: { reports: ReportsState }) => state.reports;
