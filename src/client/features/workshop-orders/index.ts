/* The workshop's tablet as other features see it: its orders panel, and the products its lines name as the server counts them. */
export { WorkshopOrdersPanel } from './WorkshopOrdersPanel';
export { productLinesRequested, selectProductLines } from './slice';
