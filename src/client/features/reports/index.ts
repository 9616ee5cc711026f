export { OrderReportPanel } from './OrderReportPanel';
export { reportsSlice } from './slice';
export { reportsSaga } from './sagas';
