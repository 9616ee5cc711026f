import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WorkshopCards } from '../../../shared/figures';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedOut } from '../session';

/**
 * The tablet's statistic cards as the server counts them over every line of the workshop (not only
 * the lines the tablet has loaded), read when the tab opens and again after its lines change. The
 * last figures stay shown while they are read again.
 */
export interface WorkshopCardsState extends Loadable {
  cards: WorkshopCards | null;
}

const initialState: WorkshopCardsState = { ...notLoaded(), cards: null };

export const workshopCardsSlice = createSlice({
  name: 'workshopCards',
  initialState,
  reducers: {
    cardsRequested: loading,
    cardsLoaded: (state, action: PayloadAction<WorkshopCards>) => {
      state.cards = action.payload;
      loaded(state);
    },
    cardsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { cardsRequested, cardsLoaded, cardsFailed } = workshopCardsSlice.actions;
export const selectWorkshopCards = (state: { workshopCards: WorkshopCardsState }) => state.workshopCards;
