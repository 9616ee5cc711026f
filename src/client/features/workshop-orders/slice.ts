import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductLinesDto } from '../../../shared/api';
import type { WorkshopCards } from '../../../shared/figures';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedOut } from '../session';

/**
 * The workshop's figures as the server counts them over every line of the workshop (not only the
 * lines the tablet has loaded): the statistic cards and the products its lines name. Each is read
 * when its screen opens and again after the lines change; the last figures stay shown meanwhile.
 */
export interface WorkshopFiguresState {
  cards: Loadable & { data: WorkshopCards | null };
  products: Loadable & { data: ProductLinesDto[] };
}

const initialState: WorkshopFiguresState = { cards: { ...notLoaded(), data: null }, products: { ...notLoaded(), data: [] } };

export const workshopFiguresSlice = createSlice({
  name: 'workshopFigures',
  initialState,
  reducers: {
    cardsRequested: (state) => loading(state.cards),
    cardsLoaded: (state, action: PayloadAction<WorkshopCards>) => {
      state.cards.data = action.payload;
      loaded(state.cards);
    },
    cardsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.cards, action.payload),
    productLinesRequested: (state) => loading(state.products),
    productLinesLoaded: (state, action: PayloadAction<ProductLinesDto[]>) => {
      state.products.data = action.payload;
      loaded(state.products);
    },
    productLinesFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.products, action.payload),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { cardsRequested, cardsLoaded, cardsFailed, productLinesRequested, productLinesLoaded, productLinesFailed } = workshopFiguresSlice.actions;
type State = { workshopFigures: WorkshopFiguresState };
export const selectWorkshopCards = (state: State) => state.workshopFigures.cards;
export const selectProductLines = (state: State) => state.workshopFigures.products;
