/* The B2B customers as other features see them: one collection, loaded once, and how their figures are shown. */
export { customersSlice, customerCreated, customersRequested, customerRequested, selectCustomerList, selectCustomerById, selectCustomerDetail, selectCustomersState } from './slice';
export { customersSaga } from './sagas';
export { CUSTOMER_STATISTICS, MONEY_FIELDS } from './statistics';
