import { call, put, takeEvery } from 'redux-saga/effects';
import { writeWorkbook } from '../../components/excel';
import { exportFinished, exportRequested } from './slice';

/** Writes the sheet a screen prepared; the spreadsheet writer is loaded only now. */
function* exportSheet(action: ReturnType<typeof exportRequested>) {
  const { key, rows, emptyKey, failedKey } = action.payload;
  if (rows.length === 0) {
    yield put(exportFinished({ key, notice: { kind: 'error', key: emptyKey } }));
    return;
  }
  try {
    yield call(writeWorkbook, action.payload);
    yield put(exportFinished({ key, notice: null }));
  } catch {
    yield put(exportFinished({ key, notice: { kind: 'error', key: failedKey } }));
  }
}

export function* exportsSaga() {
  yield takeEvery(exportRequested.type, exportSheet);
}
