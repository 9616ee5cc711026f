/* The live channel of order lines: other users' changes reach every order screen while it is open. */
export { LiveIndicator } from './LiveIndicator';
export { liveSlice, liveStatusChanged, reconnectRequested, selectLiveStatus, type LiveStatus, voucherHeard } from './slice';
export { liveSaga } from './sagas';
