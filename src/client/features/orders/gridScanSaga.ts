import { call, put, takeLatest } from 'redux-saga/effects';
import { API, type OrderLineDto } from '../../../shared/api';
import { isBarcode } from '../../../shared/barcode';
import { ApiError, http } from '../../api/http';
import { failure } from '../../api/failure';
import { gridCodeAsked, gridCodeFound, gridCodeRefused } from './gridScan';

/** One sentence for a code no line has, whatever the server's sentence for a workshop says. */
const unknownCode = (code: string) => ({ kind: 'error' as const, key: 'orders:scan.unknown', params: { code } });

/**
 * A code the grid's rows do not hold: the line it names, if the reader may see one. The answer is
 * not stored among the everyday lines (a line out of the working set would then show in every
 * list); the grid offers to open it from the archive. Its own catch: a 404 is the grid's sentence.
 */
function* lookUp(action: ReturnType<typeof gridCodeAsked>) {
  const code = action.payload;
  if (!isBarcode(code)) {
    yield put(gridCodeRefused({ code, notice: unknownCode(code) }));
    return;
  }
  try {
    const answer: { order: OrderLineDto } = yield call(http.get, `${API.lineByCode}?code=${encodeURIComponent(code)}`);
    yield put(gridCodeFound({ code, id: answer.order.id }));
  } catch (error) {
    const unknown = error instanceof ApiError && error.status === 404;
    yield put(gridCodeRefused({ code, notice: unknown ? unknownCode(code) : failure(error, 'orders:scan.failed') }));
  }
}

export function* gridScanSaga() {
  yield takeLatest(gridCodeAsked.type, lookUp);
}
