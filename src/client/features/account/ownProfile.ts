import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomerDto, CustomerStatisticsDto, WorkshopDto } from '../../../shared/api';
import { type Loadable, loaded, loadFailed, notLoaded } from '../../api/loadable';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedIn, loggedOut } from '../session';

/** The signed-in customer's own record as GET /customers/me answers it: with its figures. */
export type OwnCustomer = CustomerDto & CustomerStatisticsDto;

export interface OwnRecord<T> extends Loadable {
  /** The last record read; kept while it is read again. */
  data: T | null;
}

/*
 * The one place for the user's own workshop or customer record. Its credit and figures change with
 * orders and the office's edits, so a screen that shows them reads it when it opens; screens opening
 * together share one read.
 */
export interface OwnProfileState {
  workshop: OwnRecord<WorkshopDto>;
  customer: OwnRecord<OwnCustomer>;
}

const initialState: OwnProfileState = {
  workshop: { ...notLoaded(), data: null },
  customer: { ...notLoaded(), data: null },
};

export const ownProfileSlice = createSlice({
  name: 'ownProfile',
  initialState,
  reducers: {
    // Reading again keeps the last failure shown until the answer replaces it.
    ownWorkshopRequested: (state) => {
      state.workshop.status = 'loading';
    },
    ownWorkshopLoaded: (state, action: PayloadAction<WorkshopDto>) => {
      state.workshop.data = action.payload;
      loaded(state.workshop);
    },
    ownWorkshopFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.workshop, action.payload),
    ownCustomerRequested: (state) => {
      state.customer.status = 'loading';
    },
    ownCustomerLoaded: (state, action: PayloadAction<OwnCustomer>) => {
      state.customer.data = action.payload;
      loaded(state.customer);
    },
    ownCustomerFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.customer, action.payload),
  },
  // Another user's session must never see this one's record.
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const { ownWorkshopRequested, ownWorkshopLoaded, ownWorkshopFailed, ownCustomerRequested, ownCustomerLoaded, ownCustomerFailed } = ownProfileSlice.actions;

type State = { ownProfile: OwnProfileState };
export const selectOwnWorkshop = (state: State) => state.ownProfile.workshop;
export const selectOwnCustomer = (state: State) => state.ownProfile.customer;
