import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomerSummaryDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/** Whose summary, over which office days: a customer of the office's, or the reader's own (no id). */
export interface SummaryQuery {
  customerId?: number;
  from: string;
  to: string;
}

/** The summary last asked for and its answer; one at a time, as one screen shows it. */
export interface CreditSummaryState extends Loadable {
  query: SummaryQuery | null;
  summary: CustomerSummaryDto | null;
}

const initialState: CreditSummaryState = { ...notLoaded(), query: null, summary: null };

export const creditSummarySlice = createSlice({
  name: 'creditSummary',
  initialState,
  reducers: {
    summaryRequested: (state, action: PayloadAction<SummaryQuery>) => {
      // Another customer's summary is never shown while this one is read.
      if (state.query?.customerId !== action.payload.customerId) state.summary = null;
      state.query = action.payload;
      loading(state);
    },
    summaryLoaded: (state, action: PayloadAction<CustomerSummaryDto>) => {
      state.summary = action.payload;
      loaded(state);
    },
    summaryFailed: (state, action: PayloadAction<NoticeLike>) => {
      loadFailed(state, action.payload);
    },
    summaryLeft: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { summaryRequested, summaryLoaded, summaryFailed, summaryLeft } = creditSummarySlice.actions;
export const selectCreditSummary = (state: { creditSummary: CreditSummaryState }) => state.creditSummary;
