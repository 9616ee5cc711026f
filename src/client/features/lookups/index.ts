/*
 * The names behind ids (order line, quality control and packing statuses, option values, with the
 * production steps' names) and the formatters of money and dates: each list loaded once and shared.
 */
export { lookupsSlice, lookupsRequested, selectStatusNames, selectQualityControlNames, selectPackingNames, selectOptionValueNames } from './slice';
export { lookupsSaga } from './sagas';
export { selectLookups, useLookups, useFormatters, useStatusLists, type Formatters, type Lookups } from './hooks';
