import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike, Sentence } from '../../components/NoticeView';
import { loggedIn, loggedOut } from '../session';

/** What the manual order form sends (the city is stored with the order; each row's `notes` one per piece, in order). */
export interface ManualOrderInput {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  address: string;
  city?: string;
  country: string;
  zip_code: string;
  notes?: string;
  products: Array<{ product_id: number; quantity: number; notes?: string[] }>;
  /** The customer's yes to an order above its available credit. */
  credit_exceeded_confirmed?: boolean;
}

/** An order as the form hands it over: for the signed-in customer, or for `customer_id` (a phone order by the office). */
export type ManualOrderRequest = ManualOrderInput & { customer_id?: number };

/** The order just placed: its number (the customer's list opens filtered to it), for whom, and the server's sentence. */
export interface PlacedOrder {
  order_number: string;
  customer_id: number | null;
  message: Sentence;
}

export interface ManualOrderState {
  /** 'confirming': the order goes beyond the available credit and waits for the customer's yes or no. */
  status: 'idle' | 'busy' | 'confirming' | 'placed' | 'failed';
  notice: NoticeLike | null;
  /** The order waiting for the customer's yes. */
  pending: ManualOrderRequest | null;
  /** The order just placed, kept for the list that shows it after the form is left. */
  placed: PlacedOrder | null;
}

const initialState: ManualOrderState = { status: 'idle', notice: null, pending: null, placed: null };

/** The signed-in customer's manual order, from sending to the server's answer. */
export const manualOrderSlice = createSlice({
  name: 'manualOrder',
  initialState,
  reducers: {
    manualOrderSubmitted: (state, _action: PayloadAction<ManualOrderRequest>) => {
      state.status = 'busy';
      state.notice = null;
      state.pending = null;
    },
    /** Above the available credit (the form's own sums or the server's 409): `notice` says by how much. */
    manualOrderNeedsConfirmation: (state, action: PayloadAction<{ input: ManualOrderRequest; notice: NoticeLike }>) => {
      state.status = 'confirming';
      state.notice = action.payload.notice;
      state.pending = action.payload.input;
    },
    manualOrderConfirmationDeclined: (state) => {
      state.status = 'idle';
      state.notice = null;
      state.pending = null;
    },
    manualOrderPlaced: (state, action: PayloadAction<PlacedOrder>) => {
      state.status = 'placed';
      state.notice = { kind: 'success', ...action.payload.message };
      state.pending = null;
      state.placed = action.payload;
    },
    manualOrderFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.status = 'failed';
      state.notice = action.payload;
      state.pending = null;
    },
    /** The form was left: a new visit starts a new order; the order just placed stays told on its screen. */
    manualOrderFormLeft: (state) => ({ ...initialState, placed: state.placed }),
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const { manualOrderSubmitted, manualOrderNeedsConfirmation, manualOrderConfirmationDeclined, manualOrderPlaced, manualOrderFailed, manualOrderFormLeft } =
  manualOrderSlice.actions;

export const selectManualOrder = (state: { manualOrder: ManualOrderState }) => state.manualOrder;

/** The order just placed: the customer's list filtered to it tells it. */
export const selectPlacedOrder = (state: { manualOrder: ManualOrderState }) => state.manualOrder.placed;
