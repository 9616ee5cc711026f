/* The products as other features see them: one collection, loaded once, and the events that change it. */
export {
  catalogueSlice,
  productsRequested,
  productsReceived,
  productsReassigned,
  routingRequested,
  selectRouting,
  selectAllProducts,
  selectHasEveryProduct,
  selectProductById,
  selectProductsOfWorkshop,
} from './slice';
export { catalogueSaga } from './sagas';
export { useProducts } from './hooks';
export { OptionNamesPanel } from './OptionNamesPanel';
