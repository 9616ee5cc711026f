import { createEntityAdapter, createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueSyncDto, ProductDto, RoutingStepDto } from '../../../shared/api';
import type { OptionNames } from '../../../shared/schemas/catalogue';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
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

/** The settings' shop option names: which of a shop's options fill which product field. */
export interface OptionNamesState extends Loadable {
  names: OptionNames | null;
  saving: boolean;
}

/** A product's routing as saved; empty steps mean the product follows the built-in process. */
export interface SavedRouting extends Loadable {
  steps: RoutingStepDto[];
}

/** The load state is the last load of the whole list's. */
export interface CatalogueExtra extends Loadable {
  /** Whether every product is here (a whole list was loaded), not only those read with a workshop. */
  complete: boolean;
  /** Per product: the outcome of the last field edit. */
  rowNotices: Record<number, NoticeLike>;
  /** The latest sync of each store, as the server last reported it. */
  syncs: CatalogueSyncDto[];
  /** A sync was asked for and the server has not answered yet. */
  syncStarting: boolean;
  syncNotice: NoticeLike | null;
  optionNames: OptionNamesState;
  routing: RoutingEditorState | null;
  /** Routings read by product id: the editor's and the quality control dialog's one copy. */
  routings: Record<number, SavedRouting>;
}

const initialState = adapter.getInitialState<CatalogueExtra>({
  ...notLoaded(),
  complete: false,
  rowNotices: {},
  syncs: [],
  syncStarting: false,
  syncNotice: null,
  optionNames: { ...notLoaded(), names: null, saving: false },
  routing: null,
  routings: {},
});

/** A product's saved routing, kept from one read to the next (its steps stay shown while read again). */
const savedRouting = (state: CatalogueExtra, productId: number) => (state.routings[productId] ??= { ...notLoaded(), steps: [] });

function keepRouting(state: CatalogueExtra, productId: number, steps: RoutingStepDto[]) {
  const saved = savedRouting(state, productId);
  saved.steps = steps;
  loaded(saved);
}

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    /** A screen needs the whole list; once it is loaded this changes nothing and the saga makes no call. */
    productsRequested: loadAsked,
    productsLoaded: (state, action: PayloadAction<ProductDto[]>) => {
      adapter.setAll(state, action.payload);
      state.complete = true;
      loaded(state);
    },
    productsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
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
    /** A field of the product is being typed into again: the last outcome no longer describes it. */
    productNoticeCleared: (state, action: PayloadAction<number>) => {
      delete state.rowNotices[action.payload];
    },
    /** The catalogue screen opened: the last sync's outcome belongs to the last visit. */
    catalogueOpened: (state) => {
      state.syncNotice = null;
    },
    /** The catalogue screen was left: its syncs are no longer followed, nor a request to start one. */
    catalogueLeft: (state) => {
      state.syncStarting = false;
    },
    /** A sync of one store (its connection id), or of every store. */
    syncRequested: {
      reducer: (state) => {
        state.syncStarting = true;
        state.syncNotice = null;
      },
      prepare: (shopId: number | null = null) => ({ payload: { shopId } }),
    },
    /** Syncs as the server reports them: each replaces the one of its store. */
    syncsReported: (state, action: PayloadAction<CatalogueSyncDto[]>) => {
      const reported = new Map(action.payload.map((sync) => [sync.connection_id, sync]));
      state.syncs = [...state.syncs.filter((sync) => !reported.has(sync.connection_id)), ...reported.values()].sort((a, b) => a.connection_id - b.connection_id);
      state.syncStarting = false;
    },
    /** The asked-for syncs ended (or were refused): what to say about them. */
    syncFinished: (state, action: PayloadAction<NoticeLike | null>) => {
      state.syncStarting = false;
      state.syncNotice = action.payload;
    },
    optionNamesRequested: (state) => loading(state.optionNames),
    optionNamesLoaded: (state, action: PayloadAction<OptionNames>) => {
      state.optionNames.names = action.payload;
      loaded(state.optionNames);
    },
    optionNamesFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.optionNames, action.payload),
    optionNamesSaveRequested: (state, _action: PayloadAction<OptionNames>) => {
      state.optionNames = { ...state.optionNames, saving: true, notice: null };
    },
    optionNamesSaved: (state, action: PayloadAction<{ names: OptionNames; notice: NoticeLike }>) => {
      state.optionNames = { status: 'ready', names: action.payload.names, saving: false, notice: action.payload.notice };
    },
    optionNamesSaveFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.optionNames = { ...state.optionNames, saving: false, notice: action.payload };
    },
    routingRequested: (state, action: PayloadAction<{ productId: number }>) => loading(savedRouting(state, action.payload.productId)),
    routingOpened: (state, action: PayloadAction<{ productId: number }>) => {
      const { productId } = action.payload;
      state.routing = { productId, status: 'loading', notice: null };
      loading(savedRouting(state, productId));
    },
    /** A routing as the server has it (read or just saved). */
    routingLoaded: (state, action: PayloadAction<{ productId: number; steps: RoutingStepDto[] }>) => {
      const { productId, steps } = action.payload;
      keepRouting(state, productId, steps);
      if (state.routing?.productId === productId && state.routing.status === 'loading') state.routing.status = 'ready';
    },
    routingSaveRequested: (state, _action: PayloadAction<{ productId: number; stepIds: number[] }>) => {
      if (state.routing) Object.assign(state.routing, { status: 'saving', notice: null });
    },
    routingFailed: (state, action: PayloadAction<{ productId: number; notice: NoticeLike; loading?: boolean }>) => {
      const { productId, notice, loading: reading } = action.payload;
      if (reading) loadFailed(savedRouting(state, productId), notice);
      if (state.routing?.productId === productId) Object.assign(state.routing, { status: reading ? 'failed' : 'ready', notice });
    },
    routingClosed: (state) => {
      state.routing = null;
    },
    /** A routing saved: the editor closes and the product's row says so. */
    routingSaved: (state, action: PayloadAction<{ productId: number; steps: RoutingStepDto[] }>) => {
      const { productId, steps } = action.payload;
      keepRouting(state, productId, steps);
      state.routing = null;
      state.rowNotices[productId] = { kind: 'success', key: 'success:routingSaved' };
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
  productNoticeCleared,
  routingSaved,
  catalogueOpened,
  catalogueLeft,
  syncRequested,
  syncsReported,
  syncFinished,
  optionNamesRequested,
  optionNamesLoaded,
  optionNamesFailed,
  optionNamesSaveRequested,
  optionNamesSaved,
  optionNamesSaveFailed,
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
/** A store's sync runs: the screen follows it and offers no new one. */
export const selectSyncRunning = (state: State) => state.catalogue.syncs.some((sync) => sync.status === 'running');
export const selectOptionNames = (state: State) => state.catalogue.optionNames;
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
