import { createEntityAdapter, createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { WorkshopDto, WorkshopStatisticsDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, loading, notLoaded, readOf } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

/* Every workshop this session has read, once, keyed by id: the list and single workshops read by id. */
const adapter = createEntityAdapter<WorkshopDto>();

/** The load state is the whole list's. */
export interface WorkshopsExtra extends Loadable {
  /** Reads of single workshops by id. */
  reads: Record<number, Loadable>;
  /** A workshop's figures, read on every visit: they follow its order lines. */
  statistics: Record<number, Loadable & { figures: WorkshopStatisticsDto | null }>;
  /** Reads of a workshop's products (the products themselves are in the catalogue's collection). */
  productReads: Record<number, Loadable>;
  /** Per product: the assignment under way or its outcome, until the screen is left. */
  assignments: Record<number, { status: 'busy' | 'done' | 'failed'; notice: NoticeLike | null }>;
}

const initialState = adapter.getInitialState<WorkshopsExtra>({ ...notLoaded(), reads: {}, statistics: {}, productReads: {}, assignments: {} });

export const workshopsSlice = createSlice({
  name: 'workshops',
  initialState,
  reducers: {
    /** A screen needs the list; once it is loaded this changes nothing and the saga makes no call. */
    workshopsRequested: loadAsked,
    workshopsLoaded: (state, action: PayloadAction<WorkshopDto[]>) => {
      adapter.setAll(state, action.payload);
      loaded(state);
    },
    workshopsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
    /** A screen needs one workshop; the saga reads it unless it is known already. */
    workshopRequested: (state, action: PayloadAction<number>) => {
      if (!state.entities[action.payload] && state.reads[action.payload]?.status !== 'loading') loading(readOf(state.reads, action.payload));
    },
    workshopLoaded: (state, action: PayloadAction<WorkshopDto>) => {
      adapter.upsertOne(state, action.payload);
      loaded(readOf(state.reads, action.payload.id));
    },
    workshopFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => loadFailed(readOf(state.reads, action.payload.id), action.payload.notice),
    /** Made by the admin's add form. */
    workshopCreated: (state, action: PayloadAction<WorkshopDto>) => {
      adapter.upsertOne(state, action.payload);
    },
    workshopStatisticsRequested: (state, action: PayloadAction<number>) => {
      state.statistics[action.payload] ??= { ...notLoaded(), figures: null };
      loading(state.statistics[action.payload]);
    },
    workshopStatisticsLoaded: (state, action: PayloadAction<{ id: number; statistics: WorkshopStatisticsDto }>) => {
      const { id, statistics } = action.payload;
      state.statistics[id] ??= { ...notLoaded(), figures: null };
      state.statistics[id].figures = statistics;
      loaded(state.statistics[id]);
    },
    workshopStatisticsFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      const { id, notice } = action.payload;
      state.statistics[id] ??= { ...notLoaded(), figures: null };
      loadFailed(state.statistics[id], notice);
    },
    /** A screen needs a workshop's products; the saga reads them unless the catalogue already holds every product. */
    workshopProductsRequested: (state, action: PayloadAction<number>) => loadAsked(readOf(state.productReads, action.payload)),
    workshopProductsLoaded: (state, action: PayloadAction<number>) => loaded(readOf(state.productReads, action.payload)),
    workshopProductsFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => loadFailed(readOf(state.productReads, action.payload.id), action.payload.notice),
    /** The admin assigns a product to a workshop, moves it there, or (workshopId null) removes its assignment. */
    productAssignmentRequested: (state, action: PayloadAction<{ productId: number; workshopId: number | null }>) => {
      state.assignments[action.payload.productId] = { status: 'busy', notice: null };
    },
    productAssignmentSucceeded: (state, action: PayloadAction<{ productId: number; notice: NoticeLike }>) => {
      state.assignments[action.payload.productId] = { status: 'done', notice: action.payload.notice };
    },
    productAssignmentFailed: (state, action: PayloadAction<{ productId: number; notice: NoticeLike }>) => {
      state.assignments[action.payload.productId] = { status: 'failed', notice: action.payload.notice };
    },
    /** An assignment screen was left: outcomes are not shown again, those under way keep going. */
    assignmentScreenLeft: (state) => {
      for (const [id, assignment] of Object.entries(state.assignments)) if (assignment.status !== 'busy') delete state.assignments[Number(id)];
    },
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  workshopsRequested,
  workshopsLoaded,
  workshopsFailed,
  workshopRequested,
  workshopLoaded,
  workshopFailed,
  workshopCreated,
  workshopStatisticsRequested,
  workshopStatisticsLoaded,
  workshopStatisticsFailed,
  workshopProductsRequested,
  workshopProductsLoaded,
  workshopProductsFailed,
  productAssignmentRequested,
  productAssignmentSucceeded,
  productAssignmentFailed,
  assignmentScreenLeft,
} = workshopsSlice.actions;

type State = { workshops: ReturnType<typeof workshopsSlice.reducer> };
const selectors = adapter.getSelectors((state: State) => state.workshops);
export const selectWorkshops = selectors.selectAll;
const NONE: WorkshopDto[] = [];
/** The list screen's rows: every workshop once the list is loaded (single reads alone are not the list). */
export const selectWorkshopList = createSelector([selectors.selectAll, (state: State) => state.workshops.status], (all, status) => (status === 'ready' ? all : NONE));
/** Workshop names by id, for the assignment columns and filters. */
export const selectWorkshopNames = createSelector([selectors.selectAll], (all) => new Map(all.map((workshop) => [workshop.id, workshop.name])));
export const selectWorkshopById = selectors.selectById;
export const selectWorkshopsState = (state: State) => state.workshops;
type Entry<K extends 'reads' | 'statistics' | 'productReads' | 'assignments'> = WorkshopsExtra[K][number] | undefined;
export const selectWorkshopRead = (state: State, id: number): Entry<'reads'> => state.workshops.reads[id];
export const selectWorkshopStatistics = (state: State, id: number): Entry<'statistics'> => state.workshops.statistics[id];
export const selectWorkshopProductRead = (state: State, id: number): Entry<'productReads'> => state.workshops.productReads[id];
export const selectAssignment = (state: State, productId: number): Entry<'assignments'> => state.workshops.assignments[productId];
