import { createEntityAdapter, createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { CreditChangeDto, CustomerDto, CustomerStatisticsDto } from '../../../shared/api';
import type { NoticeLike, Sentence } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, notLoaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

/* Every B2B customer this session has read, once, keyed by id: the list, single reads, those just created. */
const adapter = createEntityAdapter<CustomerDto>();

/** What the detail screen shows beside the customer: figures and credit history, read on every visit (they follow orders and changes). */
export interface CustomerDetail extends Loadable {
  statistics: CustomerStatisticsDto | null;
  creditHistory: CreditChangeDto[];
}

/** The load state is the whole list's. */
export interface CustomersExtra extends Loadable {
  details: Record<number, CustomerDetail>;
  /** Per customer: the credit change under way or its outcome, until the form is left. */
  creditChanges: Record<number, { status: 'busy' | 'done' | 'failed'; notice: NoticeLike | null }>;
}

const initialState = adapter.getInitialState<CustomersExtra>({ ...notLoaded(), details: {}, creditChanges: {} });

export const customersSlice = createSlice({
  name: 'customers',
  initialState,
  reducers: {
    /** A screen needs the list; once it is loaded this changes nothing and the saga makes no call. */
    customersRequested: loadAsked,
    customersLoaded: (state, action: PayloadAction<CustomerDto[]>) => {
      adapter.setAll(state, action.payload);
      loaded(state);
    },
    customersFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
    /** The detail screen opened: the customer is read with its figures and credit history. */
    customerRequested: (state, action: PayloadAction<number>) => {
      const previous = state.details[action.payload];
      state.details[action.payload] = { status: 'loading', notice: null, statistics: previous?.statistics ?? null, creditHistory: previous?.creditHistory ?? [] };
    },
    customerLoaded: (state, action: PayloadAction<{ customer: CustomerDto; statistics: CustomerStatisticsDto; creditHistory: CreditChangeDto[] }>) => {
      const { customer, statistics, creditHistory } = action.payload;
      adapter.upsertOne(state, customer);
      state.details[customer.id] = { status: 'ready', notice: null, statistics, creditHistory };
    },
    customerFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      const { id, notice } = action.payload;
      state.details[id] ??= { ...notLoaded(), statistics: null, creditHistory: [] };
      loadFailed(state.details[id], notice);
    },
    /** Made by the admin's add form. */
    customerCreated: (state, action: PayloadAction<CustomerDto>) => {
      adapter.upsertOne(state, action.payload);
    },
    creditChangeRequested: (state, action: PayloadAction<{ id: number; credit: number }>) => {
      state.creditChanges[action.payload.id] = { status: 'busy', notice: null };
    },
    /** The server's customer after the change, and its sentence. */
    creditChanged: (state, action: PayloadAction<{ customer: CustomerDto; message: Sentence }>) => {
      const { customer, message } = action.payload;
      adapter.upsertOne(state, customer);
      state.creditChanges[customer.id] = { status: 'done', notice: { kind: 'success', ...message } };
    },
    creditChangeFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.creditChanges[action.payload.id] = { status: 'failed', notice: action.payload.notice };
    },
    /** The credit form was left: its outcome is not shown again. */
    creditFormLeft: (state, action: PayloadAction<number>) => {
      if (state.creditChanges[action.payload]?.status !== 'busy') delete state.creditChanges[action.payload];
    },
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  customersRequested,
  customersLoaded,
  customersFailed,
  customerRequested,
  customerLoaded,
  customerFailed,
  customerCreated,
  creditChangeRequested,
  creditChanged,
  creditChangeFailed,
  creditFormLeft,
} = customersSlice.actions;

type State = { customers: ReturnType<typeof customersSlice.reducer> };
const selectors = adapter.getSelectors((state: State) => state.customers);
export const selectCustomerById = selectors.selectById;
export const selectCustomersState = (state: State) => state.customers;
export const selectCustomerDetail = (state: State, id: number): CustomerDetail | undefined => state.customers.details[id];
export const selectCreditChange = (state: State, id: number): CustomersExtra['creditChanges'][number] | undefined => state.customers.creditChanges[id];
const NONE: CustomerDto[] = [];
/** Every customer once the list is loaded (single reads alone are not the list). */
export const selectCustomerList = createSelector([selectors.selectAll, (state: State) => state.customers.status], (all, status) => (status === 'ready' ? all : NONE));
