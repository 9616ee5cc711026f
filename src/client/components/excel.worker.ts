import { type Cell, type SheetLayout, XLSX_TYPE, type XlsxWriter, xlsxWriter } from './xlsx';

/*
 * The export worker: every Excel file of the product is written here, off the page's thread. The
 * page sends the sheet's layout, then its rows in slices, then asks for the file; each slice is
 * answered once written, so the page knows the progress and never sends far ahead. The page ends
 * the worker (terminate) when the file is saved or the export is canceled.
 */

export type ToExcelWorker =
  | { type: 'start'; layout: SheetLayout }
  | { type: 'rows'; rows: Cell[][] }
  | { type: 'finish' };

export type FromExcelWorker =
  | { type: 'written'; rows: number }
  | { type: 'file'; file: Blob }
  | { type: 'failed'; message: string };

const scope = self as unknown as {
  postMessage(message: FromExcelWorker): void;
  onmessage: ((event: MessageEvent<ToExcelWorker>) => void) | null;
};

let writer: XlsxWriter | null = null;
let written = 0;

scope.onmessage = ({ data }) => {
  try {
    if (data.type === 'start') {
      writer = xlsxWriter(data.layout);
      written = 0;
    } else if (!writer) {
      throw new Error('The sheet was not started.');
    } else if (data.type === 'rows') {
      writer.addRows(data.rows);
      written += data.rows.length;
      scope.postMessage({ type: 'written', rows: written });
    } else {
      // A Blob passes to the page without a copy of its bytes.
      scope.postMessage({ type: 'file', file: new Blob(writer.finish() as BlobPart[], { type: XLSX_TYPE }) });
      writer = null;
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
