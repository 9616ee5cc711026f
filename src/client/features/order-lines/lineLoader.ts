import { buffers, eventChannel } from 'redux-saga';
import { batcher, readLineStream, type StreamMessage } from './lineStream';

/**
 * The messages of one reading of `path`, gathered into batches for the store. The page reads it
 * itself, a page of lines at a time as the bytes come: handing decoded lines over from a worker
 * cost the main thread more (each line copied into the page, then collected) than decoding them
 * here. `etag`, the tag of the copy held, makes an unchanged list one 'unchanged' message;
 * `held` holds the reading after its first page (`ReadOptions`). Closing the channel ends the reading.
 */
export function lineStream(path: string, token: string | null, etag: string | null = null, held?: Promise<unknown>) {
  return eventChannel<StreamMessage>((emit) => {
    const batches = batcher(emit);
    const controller = new AbortController();
    void readLineStream(path, token, batches.emit, { signal: controller.signal, etag, held });
    return () => {
      controller.abort();
      batches.close();
    };
    // Every message counts: none is dropped while the saga puts the previous batch.
  }, buffers.expanding(8));
}
