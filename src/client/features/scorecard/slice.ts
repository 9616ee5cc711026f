import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WorkshopScorecardDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/** The scorecard last asked for: its workshop and, once read, its months. */
export interface ScorecardState extends Loadable {
  workshopId: number | null;
  card: WorkshopScorecardDto | null;
}

const initialState: ScorecardState = { ...notLoaded(), workshopId: null, card: null };

export const scorecardSlice = createSlice({
  name: 'scorecard',
  initialState,
  reducers: {
    scorecardRequested: (state, action: PayloadAction<number>) => {
      if (state.workshopId !== action.payload) state.card = null;
      state.workshopId = action.payload;
      loading(state);
    },
    scorecardLoaded: (state, action: PayloadAction<WorkshopScorecardDto>) => {
      state.card = action.payload;
      loaded(state);
    },
    scorecardFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.card = null;
      loadFailed(state, action.payload);
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { scorecardRequested, scorecardLoaded, scorecardFailed } = scorecardSlice.actions;
export const selectScorecard = (state: { scorecard: ScorecardState }) => state.scorecard;
