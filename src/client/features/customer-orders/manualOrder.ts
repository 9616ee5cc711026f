import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike, Sentence } from '../../components/NoticeView';
import { loggedIn, loggedOut } from '../session';

/** What the customer's manual order form sends (the city is stored with the order). */
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
  products: Array<{ product_id: number; quantity: number }>;
  /** The customer's yes to an order above its available credit. */
  credit_exceeded_confirmed?: boolean;
}

export interface ManualOrderState {
  /** 'confirming': the order goes beyond the available credit and waits for the customer's yes or no. */
  status: 'idle' | 'busy' | 'confirming' | 'placed' | 'failed';
  notice: NoticeLike | null;
  /** The order waiting for the customer's yes. */
  pending: ManualOrderInput | null;
  /** The order just placed: its first line (the order screen) and the server's sentence, kept for that screen after the form is left. */
  placed: { line_id: number; message: Sentence } | null;
}

const initialState: ManualOrderState = { status: 'idle', notice: null, pending: null, placed: null };

/** The signed-in customer's manual order, from sending to the server's answer. */
export const manualOrderSlice = createSlice({
  name: 'manualOrder',
  initialState,
  reducers: {
    manualOrderSubmitted: (state, _action: PayloadAction<ManualOrderInput>) => {
      state.status = 'busy';
      state.notice = null;
      state.pending = null;
    },
    /** Above the available credit (the form's own sums or the server's 409): `notice` says by how much. */
    manualOrderNeedsConfirmation: (state, action: PayloadAction<{ input: ManualOrderInput; notice: NoticeLike }>) => {
      state.status = 'confirming';
      state.notice = action.payload.notice;
      state.pending = action.payload.input;
    },
    manualOrderConfirmationDeclined: (state) => {
      state.status = 'idle';
      state.notice = null;
      state.pending = null;
    },
    manualOrderPlaced: (state, action: PayloadAction<{ message: Sentence; line_id: number }>) => {
      state.status = 'placed';
      state.notice = { kind: 'success', ...action.payload.message };
      state.pending = null;
      state.placed = { line_id: action.payload.line_id, message: action.payload.message };
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

/** The order just placed: the screen of its first line tells it. */
export const selectPlacedOrder = (state: { manualOrder: ManualOrderState }) => state.manualOrder.placed;
