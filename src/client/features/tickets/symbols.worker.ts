import { drawSymbol } from './symbol';

/*
 * A symbol worker: draws the barcode symbols it is sent off the page's thread and answers them in
 * batches, so the page takes a few messages rather than one per symbol. The page ends the worker
 * (terminate) when the ticket page closes.
 */

export type ToSymbolWorker = { codes: string[] };
export type FromSymbolWorker = { drawn: Array<[code: string, svg: string]> };

/** How long a batch draws before it is sent: the page shows symbols as they come. */
const BATCH_MS = 50;

const scope = self as unknown as {
  postMessage(message: FromSymbolWorker): void;
  onmessage: ((event: MessageEvent<ToSymbolWorker>) => void) | null;
};

scope.onmessage = ({ data }) => {
  let drawn: FromSymbolWorker['drawn'] = [];
  let end = performance.now() + BATCH_MS;
  for (const code of data.codes) {
    drawn.push([code, drawSymbol(code)]);
    if (performance.now() >= end) {
      scope.postMessage({ drawn });
      drawn = [];
      end = performance.now() + BATCH_MS;
    }
  }
  if (drawn.length > 0) scope.postMessage({ drawn });
};
