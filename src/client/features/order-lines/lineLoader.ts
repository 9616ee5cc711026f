import { buffers, eventChannel } from 'redux-saga';
import { batcher, readLineStream, type StreamMessage, type StreamStart } from './lineStream';
import { rememberUrgency } from './urgency';

/** A worker that reads lists of lines; null where there is none (tests) or the page may not start one. */
function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./lines.worker.ts', import.meta.url), { name: 'order-lines' });
  } catch {
    return null;
  }
}

/**
 * The messages of one reading of `path`, read by a dedicated worker (its own thread parses and
 * decodes, and posts each page: a small message is cheap for the main thread to take) or, without
 * Worker, on the main thread with the same code. The pages are gathered into batches for the store
 * here. `etag`, the tag of the copy held, makes an unchanged list one 'unchanged' message. Closing
 * the channel ends the reading.
 */
export function lineStream(path: string, token: string | null, etag: string | null = null) {
  return eventChannel<StreamMessage>((emit) => {
    const batches = batcher(emit);
    const worker = startWorker();
    if (worker) {
      worker.onmessage = (event: MessageEvent<StreamMessage>) => {
        const message = event.data;
        if (message.type === 'lines' && message.urgent) rememberUrgency(message.lines, message.urgent);
        batches.emit(message);
      };
      // The worker's script did not load or broke: said like a failed request.
      worker.onerror = (event) => {
        event.preventDefault();
        batches.emit({ type: 'failed', status: 0, error: null, code: 'NETWORK' });
      };
      worker.postMessage({ type: 'start', path, token, etag } satisfies StreamStart);
      return () => {
        worker.terminate();
        batches.close();
      };
    }
    const controller = new AbortController();
    void readLineStream(path, token, batches.emit, { signal: controller.signal, etag });
    return () => {
      controller.abort();
      batches.close();
    };
    // Every message counts: none is dropped while the saga puts the previous batch.
  }, buffers.expanding(8));
}
