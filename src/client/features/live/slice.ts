import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MetalVoucherMessage } from '../../../shared/live';
import { lineActionSucceeded } from '../order-lines';

/** The live channel as the header shows it; 'idle' while nobody is logged in. */
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface LiveState {
  status: LiveStatus;
  /** The highest version of line changes seen, as of the last batch: where a read after a drop resumes. */
  version: number | null;
  /**
   * Per line, the version of the last change this client's own action made, as its answer told
   * (the line came with it): an event not newer than that needs no read.
   */
  own: Record<number, number>;
}

export const liveSlice = createSlice({
  name: 'live',
  initialState: { status: 'idle', version: null, own: {} } as LiveState,
  reducers: {
    liveStatusChanged: (state, action: PayloadAction<LiveStatus>) => {
      state.status = action.payload;
      if (action.payload === 'idle') Object.assign(state, { version: null, own: {} });
    },
    liveVersionSeen: (state, action: PayloadAction<number | null>) => {
      state.version = action.payload;
    },
    /** The user asks for a new round of attempts after the last one ran out ('offline'). */
    reconnectRequested: () => undefined,
    /**
     * A metal voucher was written or answered (null: the channel came back after a drop, and
     * vouchers may have changed unheard): metal screens read theirs again.
     */
    voucherHeard: (_state, _action: PayloadAction<MetalVoucherMessage | null>) => undefined,
    /** The user has new notifications, or may have after a drop: the bell reads its count again. */
    notificationsHeard: () => undefined,
  },
  extraReducers: (builder) => {
    builder.addCase(lineActionSucceeded, (state, action) => {
      for (const [id, version] of Object.entries(action.payload.versions ?? {})) state.own[Number(id)] = Math.max(state.own[Number(id)] ?? 0, version);
    });
  },
});

export const { liveStatusChanged, liveVersionSeen, notificationsHeard, reconnectRequested, voucherHeard } = liveSlice.actions;

export const selectLiveStatus = (state: { live: LiveState }) => state.live.status;
export const selectLiveVersion = (state: { live: LiveState }) => state.live.version;
export const selectOwnVersions = (state: { live: LiveState }) => state.live.own;
