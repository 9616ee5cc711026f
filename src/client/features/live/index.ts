/* The live channel of order lines, metal vouchers and the user's notifications: other users' changes reach every screen showing them while it is open. */
export { LiveIndicator } from './LiveIndicator';
export { liveSlice, liveStatusChanged, liveVersionSeen, notificationsHeard, reconnectRequested, selectLiveStatus, type LiveStatus, voucherHeard } from './slice';
export { liveSaga } from './sagas';
