import type { FromExcelWorker, ToExcelWorker } from './excel.worker';
import type { Cell, SheetLayout } from './xlsx';

/** An .xlsx file being written: rows go in a slice at a time, the file comes out at the end. */
export interface SheetWriter {
  /**
   * Hands a slice of rows over. Settles once at most this slice is still waiting to be written,
   * so a fast page never piles up slices in front of a slower writer.
   */
  write(rows: Cell[][]): Promise<void>;
  /** Rows written so far. */
  written(): number;
  finish(): Promise<Blob>;
  /** Stops writing and frees the writer; nothing settles after it. Called after finish too. */
  close(): void;
}

/** The export worker; null where there is none (jsdom) or the page may not start one. */
function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./excel.worker.ts', import.meta.url));
  } catch {
    return null;
  }
}

/**
 * A writer for a sheet of `layout`: in the export worker, or without Worker (tests) with the same
 * writer code on this thread, where each slice blocks for as long as it takes to write.
 */
export async function openSheetWriter(layout: SheetLayout): Promise<SheetWriter> {
  const worker = startWorker();
  if (worker) return workerWriter(worker, layout);
  const { xlsxWriter, XLSX_TYPE } = await import('./xlsx');
  const writer = xlsxWriter(layout);
  let written = 0;
  return {
    write: async (rows) => {
      writer.addRows(rows);
      written += rows.length;
    },
    written: () => written,
    finish: async () => new Blob(writer.finish() as BlobPart[], { type: XLSX_TYPE }),
    close: () => undefined,
  };
}

interface Waiting<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function waiting<T>(): Waiting<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A failure nobody waits for reaches the next call instead.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

function workerWriter(worker: Worker, layout: SheetLayout): SheetWriter {
  const post = (message: ToExcelWorker) => worker.postMessage(message);
  // The slices sent and not yet written, oldest first (the worker answers them in order); then the file.
  const slices: Array<Waiting<void>> = [];
  let file: Waiting<Blob> | null = null;
  let failure: Error | null = null;
  let written = 0;
  const fail = (error: Error) => {
    failure ??= error;
    for (const slice of slices.splice(0)) slice.reject(failure);
    file?.reject(failure);
  };
  worker.onmessage = ({ data }: MessageEvent<FromExcelWorker>) => {
    if (data.type === 'written') {
      written = data.rows;
      slices.shift()?.resolve();
    } else if (data.type === 'file') {
      file?.resolve(data.file);
    } else {
      fail(new Error(data.message));
    }
  };
  // The worker's script did not load or broke.
  worker.onerror = (event) => {
    event.preventDefault();
    fail(new Error(event.message || 'The export worker failed.'));
  };
  post({ type: 'start', layout });
  return {
    write(rows) {
      if (failure) return Promise.reject(failure);
      slices.push(waiting<void>());
      post({ type: 'rows', rows });
      // The slice before this one: once it is written, only this one waits.
      return slices.length > 1 ? slices[slices.length - 2].promise : Promise.resolve();
    },
    written: () => written,
    finish() {
      if (failure) return Promise.reject(failure);
      file = waiting<Blob>();
      post({ type: 'finish' });
      return file.promise;
    },
    close() {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    },
  };
}
