import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderReportDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedOut } from '../session';

/** The office's report, read anew each time its tab opens (the lines move all day). */
export interface ReportsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  report: OrderReportDto | null;
  notice: NoticeLike | null;
}

const initialState: ReportsState = { status: 'idle', report: null, notice: null };

export const reportsSlice = createSlice({
  name: 'reports',
  initialState,
  reducers: {
    reportRequested: (state) => {
      state.status = 'loading';
      state.notice = null;
    },
    reportLoaded: (state, action: PayloadAction<OrderReportDto>) => {
      state.status = 'ready';
      state.report = action.payload;
    },
    reportFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.status = 'failed';
      state.notice = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { reportRequested, reportLoaded, reportFailed } = reportsSlice.actions;
export const selectReport = (state: { reports: ReportsState }) => state.reports;
