/* The customer's own orders: the manual order form's state as other parts of the app see it. */
export { manualOrderSlice, manualOrderSubmitted, manualOrderPlaced, manualOrderFormLeft, selectManualOrder, type ManualOrderInput } from './manualOrder';
export { customerOrdersSaga } from './sagas';
export { CustomerOrdersPanel } from './CustomerOrdersPanel';
export { ManualOrderForm } from './ManualOrderForm';
