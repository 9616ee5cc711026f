import { all, call, debounce, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { API, type OrderLineDto, type ProductLinesDto } from '../../../shared/api';
import { isBarcode } from '../../../shared/barcode';
import type { WorkshopCards } from '../../../shared/figures';
import { LIVE_BATCH_MS } from '../../../shared/live';
import { callAndStore, FAILED } from '../../api/callAndStore';
import type { Loadable } from '../../api/loadable';
import { http } from '../../api/http';
import { lineActionSucceeded, linesChanged, nextStepRequested, selectAllLines } from '../order-lines';
import {
  cardsFailed,
  cardsLoaded,
  cardsRequested,
  productLinesFailed,
  productLinesLoaded,
  productLinesRequested,
  codeScanned,
  scanRefused,
  scanResolved,
  selectProductLines,
  selectScan,
  selectWorkshopCards,
  type ScanState,
} from './slice';

function* loadCards() {
  yield* callAndStore(call(http.get, API.myWorkshopStatistics), (answer: { statistics: WorkshopCards }) => cardsLoaded(answer.statistics), cardsFailed, 'workshopOrders:cardsFailed');
}

function* loadProductLines() {
  yield* callAndStore(call(http.get, API.myWorkshopProductLines), (answer: { products: ProductLinesDto[] }) => productLinesLoaded(answer.products), productLinesFailed, 'dashboard:workshopProducts.failed');
}

/** The one sentence for a code that is not the workshop's: the server's for another's line and an unknown code alike. */
const UNKNOWN_CODE = 'errors:lineCodeUnknown';

/**
 * A scanned code: the line the tablet holds with it, else the server's answer (only the workshop's
 * own lines). Opened, or with scan-to-advance moved one step as the next-step button moves it: the same
 * intent with the step held, so a double scan meets the double-tap guard and moves the piece once.
 */
function* resolveScan(action: ReturnType<typeof codeScanned>) {
  const code = action.payload;
  if (!isBarcode(code)) {
    yield put(scanRefused({ kind: 'error', key: UNKNOWN_CODE }));
    return;
  }
  const held: OrderLineDto[] = yield select(selectAllLines);
  let line = held.find((candidate) => candidate.barcode === code);
  if (!line) {
    const answer = yield* callAndStore(
      call(http.get, `${API.lineByCode}?code=${encodeURIComponent(code)}`),
      (found: { order: OrderLineDto }) => linesChanged({ lines: [found.order], gone: [] }),
      scanRefused,
      UNKNOWN_CODE,
    );
    if (answer === FAILED) return;
    line = answer.order;
  }
  const { advance }: ScanState = yield select(selectScan);
  if (advance) yield put(nextStepRequested(line.id, line.current_order_line_process));
  yield put(scanResolved({ kind: advance ? 'advance' : 'open', id: line.id }));
}

/** Lines of the workshop changed (heard live, or its own tap's answer): the figures read so far are read again, once per burst. */
function* readFiguresAgain() {
  const cards: Loadable = yield select(selectWorkshopCards);
  const products: Loadable = yield select(selectProductLines);
  if (cards.status !== 'idle') yield put(cardsRequested());
  if (products.status !== 'idle') yield put(productLinesRequested());
}

export function* workshopOrdersSaga() {
  yield all([
    takeLatest(cardsRequested.type, loadCards),
    takeLatest(productLinesRequested.type, loadProductLines),
    takeEvery(codeScanned.type, resolveScan),
    debounce(LIVE_BATCH_MS.workshopList, [linesChanged.type, lineActionSucceeded.type], readFiguresAgain),
  ]);
}
