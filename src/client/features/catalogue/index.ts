/* The products as other features see them: one collection, loaded once, and the events that change it. */
export {
  catalogueLeft,
  catalogueOpened,
  catalogueSlice,
  productsRequested,
  productsReceived,
  productsReassigned,
  routingRequested,
  selectRouting,
  selectAllProducts,
  selectCatalogue,
  selectHasEveryProduct,
  selectProductById,
  selectProductsOfWorkshop,
  syncRequested,
} from './slice';
export { catalogueSaga } from './sagas';
export { useProducts } from './hooks';
export { OptionNamesPanel } from './OptionNamesPanel';
export { SyncStatus } from './SyncStatus';
