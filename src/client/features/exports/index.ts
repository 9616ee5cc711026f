/* Excel exports of any screen, written by a saga and the export worker so no component touches the file writer. */
export {
  exportCanceled,
  exportCleared,
  exportRequested,
  exportsSlice,
  selectExport,
  selectExportProgress,
  type ExportRequest,
  type ExportState,
} from './slice';
export { exportsSaga } from './sagas';
export { ExportProgress } from './ExportProgress';
export { ReportButtons } from './ReportButtons';
