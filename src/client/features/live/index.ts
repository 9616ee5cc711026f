/* The live channel of order lines and metal vouchers: other users' changes reach every screen showing them while it is open. */
export { LiveIndicator } from './LiveIndicator';
export { liveSlice, liveStatusChanged, liveVersionSeen, reconnectRequested, selectLiveStatus, type LiveStatus, voucherHeard } from './slice';
export { liveSaga } from './sagas';
