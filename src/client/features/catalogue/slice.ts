import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OptionValueDto, ProductDto, ProductionStepDto, RoutingStepDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';

const adapter = createEntityAdapter<ProductDto>();

/** The single-field edits of the catalogue table and the route each one posts to. */
export type ProductField = 'workmanship_rate' | 'our_product_id' | 'production_expected_days';

export interface RoutingEditorState {
  productId: number;
  status: 'loading' | 'ready' | 'saving' | 'failed';
  /** The routing as saved; empty means the product follows the fallback process. */
  saved: RoutingStepDto[];
  notice: NoticeLike | null;
}

export interface CatalogueExtra {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  notice: NoticeLike | null;
  optionValues: Record<number, string>;
  steps: ProductionStepDto[];
  /** Per product: the outcome of the last field edit. */
  rowNotices: Record<number, NoticeLike>;
  syncing: boolean;
  routing: RoutingEditorState | null;
}

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: adapter.getInitialState<CatalogueExtra>({
    status: 'idle',
    notice: null,
    optionValues: {},
    steps: [],
    rowNotices: {},
    syncing: false,
    routing: null,
  }),
  reducers: {
    catalogueRequested: (state) => {
      state.status = 'loading';
      state.notice = null;
    },
    catalogueLoaded: (state, action: PayloadAction<{ products: ProductDto[]; optionValues: OptionValueDto[]; steps: ProductionStepDto[] }>) => {
      adapter.setAll(state, action.payload.products);
      state.optionValues = Object.fromEntries(action.payload.optionValues.map((v) => [v.id, v.value_name]));
      state.steps = action.payload.steps;
      state.status = 'ready';
    },
    catalogueFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.status = 'failed';
      state.notice = action.payload;
    },
    productFieldSaveRequested: (state, action: PayloadAction<{ id: number; field: ProductField; value: string | number }>) => {
      delete state.rowNotices[action.payload.id];
    },
    productFieldSaved: (state, action: PayloadAction<ProductDto>) => {
      adapter.upsertOne(state, action.payload);
      state.rowNotices[action.payload.id] = { kind: 'success', key: 'catalogue:saved' };
    },
    productFieldFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.rowNotices[action.payload.id] = action.payload.notice;
    },
    syncRequested: (state) => {
      state.syncing = true;
      state.notice = null;
    },
    syncFinished: (state, action: PayloadAction<NoticeLike>) => {
      state.syncing = false;
      state.notice = action.payload;
    },
    routingOpened: (state, action: PayloadAction<{ productId: number }>) => {
      state.routing = { productId: action.payload.productId, status: 'loading', saved: [], notice: null };
    },
    routingLoaded: (state, action: PayloadAction<RoutingStepDto[]>) => {
      if (state.routing) Object.assign(state.routing, { status: 'ready', saved: action.payload });
    },
    routingSaveRequested: (state, _action: PayloadAction<{ productId: number; stepIds: number[] }>) => {
      if (state.routing) Object.assign(state.routing, { status: 'saving', notice: null });
    },
    routingFailed: (state, action: PayloadAction<{ notice: NoticeLike; loading?: boolean }>) => {
      if (state.routing) Object.assign(state.routing, { status: action.payload.loading ? 'failed' : 'ready', notice: action.payload.notice });
    },
    routingClosed: (state) => {
      state.routing = null;
    },
  },
});

export const {
  catalogueRequested,
  catalogueLoaded,
  catalogueFailed,
  productFieldSaveRequested,
  productFieldSaved,
  productFieldFailed,
  syncRequested,
  syncFinished,
  routingOpened,
  routingLoaded,
  routingSaveRequested,
  routingFailed,
  routingClosed,
} = catalogueSlice.actions;

type State = { catalogue: ReturnType<typeof catalogueSlice.reducer> };
export const { selectAll: selectProducts, selectById: selectProductById } = adapter.getSelectors((state: State) => state.catalogue);
export const selectCatalogue = (state: State) => state.catalogue;
