import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedIn, loggedOut } from '../session';

/** What the customer's manual order form sends (the city it asks is not sent, SPEC section 3). */
export interface ManualOrderInput {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  address: string;
  country: string;
  zip_code: string;
  notes?: string;
  products: Array<{ product_id: number; quantity: number }>;
}

export interface ManualOrderState {
  status: 'idle' | 'busy' | 'placed' | 'failed';
  notice: NoticeLike | null;
}

const initialState: ManualOrderState = { status: 'idle', notice: null };

/** The signed-in customer's manual order, from sending to the server's answer. */
export const manualOrderSlice = createSlice({
  name: 'manualOrder',
  initialState,
  reducers: {
    manualOrderSubmitted: (state, _action: PayloadAction<ManualOrderInput>) => {
      state.status = 'busy';
      state.notice = null;
    },
    manualOrderPlaced: (state, action: PayloadAction<{ message: string }>) => {
      state.status = 'placed';
      state.notice = { kind: 'success', text: action.payload.message };
    },
    manualOrderFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.status = 'failed';
      state.notice = action.payload;
    },
    /** The form was left: a new visit starts a new order. */
    manualOrderFormLeft: () => initialState,
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const { manualOrderSubmitted, manualOrderPlaced, manualOrderFailed, manualOrderFormLeft } = manualOrderSlice.actions;

export const selectManualOrder = (state: { manualOrder: ManualOrderState }) => state.manualOrder;
