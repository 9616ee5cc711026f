/* The order and credit summary: its slice and saga for the composition root, the panel of the customer's account tab, and the office's page of it. */
export { creditSummarySlice } from './slice';
export { creditSummarySaga } from './sagas';
export { CreditSummary } from './CreditSummary';
