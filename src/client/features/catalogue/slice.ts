import { createEntityAdapter, createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductDto, RoutingStepDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { loadAsked } from '../../app/loadOnce';
import { loggedIn, loggedOut } from '../session';

/*
 * Every product this session has read, once, keyed by id: the admin's catalogue, the products of a
 * workshop (its screen reads only those until the whole list is needed) and the customer's
 * catalogue (the server leaves out the workshop's terms for customers).
 */
const adapter = createEntityAdapter<ProductDto>();

/** The single-field edits of the catalogue table and the route each one posts to. */
export type ProductField = 'workmanship_rate' | 'our_product_id' | 'production_expected_days';

export interface RoutingEditorState {
  productId: number;
  status: 'loading' | 'ready' | 'saving' | 'failed';
  notice: NoticeLike | null;
}

/** A product's routing as saved; empty steps mean the product follows the built-in process. */
export interface SavedRouting {
  status: 'loading' | 'ready' | 'failed';
  steps: RoutingStepDto[];
}

export interface CatalogueExtra {
  /** The last load of the whole list. */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Why that load failed: the server's sentence, else the key 'catalogue:loadFailed'. */
  notice: NoticeLike | null;
  /** Whether every product is here (a whole list was loaded), not only those read with a workshop. */
  complete: boolean;
  /** Per product: the outcome of the last field edit. */
  rowNotices: Record<number, NoticeLike>;
  syncing: boolean;
  syncNotice: NoticeLike | null;
  routing: RoutingEditorState | null;
  /** Routings read by product id: the editor's and the quality control dialog's one copy. */
  routings: Record<number, SavedRouting>;
}

const initialState = adapter.getInitialState<CatalogueExtra>({
  status: 'idle',
  notice: null,
  complete: false,
  rowNotices: {},
  syncing: false,
  syncNotice: null,
  routing: null,
  routings: {},
});

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    /** A screen needs the whole list; once it is loaded this changes nothing and the saga makes no call. */
    productsRequested: loadAsked,
    productsLoaded: (state, action: PayloadAction<ProductDto[]>) => {
      adapter.setAll(state, action.payload);
      state.complete = true;
      state.status = 'ready';
      state.notice = null;
    },
    productsFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.status = 'failed';
      state.notice = action.payload;
    },
    /** Products read elsewhere (a workshop's list): they replace what was known of them. */
    productsReceived: (state, action: PayloadAction<ProductDto[]>) => {
      adapter.upsertMany(state, action.payload);
    },
    /** The server moved these products to a workshop (or to none, with null). */
    productsReassigned: (state, action: PayloadAction<{ productIds: number[]; workshopId: number | null }>) => {
      const { productIds, workshopId } = action.payload;
      adapter.updateMany(
        state,
        productIds.filter((id) => state.entities[id]).map((id) => ({ id, changes: { workshop_id: workshopId } })),
      );
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
    /** The catalogue screen opened: the last sync's outcome belongs to the last visit. */
    catalogueOpened: (state) => {
      state.syncNotice = null;
    },
    syncRequested: (state) => {
      state.syncing = true;
      state.syncNotice = null;
    },
    syncFinished: (state, action: PayloadAction<NoticeLike>) => {
      state.syncing = false;
      state.syncNotice = action.payload;
    },
    routingRequested: (state, action: PayloadAction<{ productId: number }>) => {
      const { productId } = action.payload;
      state.routings[productId] = { status: 'loading', steps: state.routings[productId]?.steps ?? [] };
    },
    routingOpened: (state, action: PayloadAction<{ productId: number }>) => {
      const { productId } = action.payload;
      state.routing = { productId, status: 'loading', notice: null };
      state.routings[productId] = { status: 'loading', steps: state.routings[productId]?.steps ?? [] };
    },
    /** A routing as the server has it (read or just saved). */
    routingLoaded: (state, action: PayloadAction<{ productId: number; steps: RoutingStepDto[] }>) => {
      const { productId, steps } = action.payload;
      state.routings[productId] = { status: 'ready', steps };
      if (state.routing?.productId === productId && state.routing.status === 'loading') state.routing.status = 'ready';
    },
    routingSaveRequested: (state, _action: PayloadAction<{ productId: number; stepIds: number[] }>) => {
      if (state.routing) Object.assign(state.routing, { status: 'saving', notice: null });
    },
    routingFailed: (state, action: PayloadAction<{ productId: number; notice: NoticeLike; loading?: boolean }>) => {
      const { productId, notice, loading } = action.payload;
      if (loading) state.routings[productId] = { status: 'failed', steps: state.routings[productId]?.steps ?? [] };
      if (state.routing?.productId === productId) Object.assign(state.routing, { status: loading ? 'failed' : 'ready', notice });
    },
    routingClosed: (state) => {
      state.routing = null;
    },
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  productsRequested,
  productsLoaded,
  productsFailed,
  productsReceived,
  productsReassigned,
  productFieldSaveRequested,
  productFieldSaved,
  productFieldFailed,
  catalogueOpened,
  syncRequested,
  syncFinished,
  routingRequested,
  routingOpened,
  routingLoaded,
  routingSaveRequested,
  routingFailed,
  routingClosed,
} = catalogueSlice.actions;

type State = { catalogue: ReturnType<typeof catalogueSlice.reducer> };
const selectors = adapter.getSelectors((state: State) => state.catalogue);
export const selectProductById = selectors.selectById;
export const selectCatalogue = (state: State) => state.catalogue;
export const selectRouting = (state: State, productId: number): SavedRouting | undefined => state.catalogue.routings[productId];
export const selectProductsStatus = (state: State) => state.catalogue.status;
export const selectHasEveryProduct = (state: State) => state.catalogue.complete;

const NONE: ProductDto[] = [];
/** Every product, once the whole list is loaded (until then a workshop's few would pass for all). */
export const selectAllProducts = createSelector([selectors.selectAll, (state: State) => state.catalogue.complete], (all, complete) => (complete ? all : NONE));
/** The products assigned to one workshop, whether the whole list or only that workshop's is loaded. */
export const selectProductsOfWorkshop = createSelector([selectors.selectAll, (_state: State, workshopId: number) => workshopId], (all, workshopId) =>
  all.filter((product) => product.workshop_id === workshopId),
);
