/*
 * The names behind ids (order line, quality control and packing statuses, option values, with the
 * production steps' names), the formatters of money and dates, and how a line's status reads
 * (a canceled line's too): each list loaded once and shared.
 */
export { lookupsSlice, lookupsRequested, selectStatusNames, selectQualityControlNames, selectPackingNames, selectOptionValueNames } from './slice';
export { lookupsSaga } from './sagas';
export { selectLookups, useLookups, useFormatters, useStatusLists, type Formatters, type Lookups } from './hooks';
export { statusTexts, useStatusTexts, type CancelableLine } from './lineStatus';
