/* The metal ledger as other features see it: the workshop's tab; the office's screen is opened by the router. */
export { metalSlice } from './slice';
export { metalSaga } from './sagas';
export { WorkshopMetalPanel } from './WorkshopMetalPanel';
