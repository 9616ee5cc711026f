/* Excel exports of any screen, written by a saga so no component touches the file writer. */
export { exportCleared, exportRequested, exportsSlice, selectExport, type ExportRequest, type ExportState } from './slice';
export { exportsSaga } from './sagas';
