/* The workshop's tablet as other features see it: its orders panel. */
export { WorkshopOrdersPanel } from './WorkshopOrdersPanel';
