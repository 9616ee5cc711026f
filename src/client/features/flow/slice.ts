import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FlowStepDto, FlowWeekDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/** The flow report last asked for: its query string (read again when lines change) and its rows. */
export interface FlowState extends Loadable {
  query: string | null;
  steps: FlowStepDto[] | null;
  /** The same period's dwell by week, read beside the report; its own failure leaves the report shown. */
  trend: FlowWeekDto[] | null;
  trendNotice: NoticeLike | null;
}

const initialState: FlowState = { ...notLoaded(), query: null, steps: null, trend: null, trendNotice: null };

export const flowSlice = createSlice({
  name: 'flow',
  initialState,
  reducers: {
    flowRequested: (state, action: PayloadAction<string>) => {
      state.query = action.payload;
      loading(state);
    },
    flowLoaded: (state, action: PayloadAction<FlowStepDto[]>) => {
      state.steps = action.payload;
      loaded(state);
    },
    flowFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.steps = null;
      loadFailed(state, action.payload);
    },
    flowTrendLoaded: (state, action: PayloadAction<FlowWeekDto[]>) => {
      state.trend = action.payload;
      state.trendNotice = null;
    },
    flowTrendFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.trend = null;
      state.trendNotice = action.payload;
    },
    /** The screen closed: nothing is read again for it. */
    flowLeft: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { flowRequested, flowLoaded, flowFailed, flowTrendLoaded, flowTrendFailed, flowLeft } = flowSlice.actions;
export const selectFlow = (state: { flow: FlowState }) => state.flow;
