import type { FromExcelWorker, ToExcelWorker } from './excel.worker';
import { openSheetWriter } from './sheetWriter';
import type { SheetLayout } from './xlsx';

/* The page's side of the export worker, with a stand-in worker whose answers the test gives. */

class FakeWorker {
  static last: FakeWorker;
  sent: ToExcelWorker[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<FromExcelWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.last = this;
  }
  postMessage(message: ToExcelWorker) {
    this.sent.push(message);
  }
  answer(message: FromExcelWorker) {
    this.onmessage?.({ data: message } as MessageEvent<FromExcelWorker>);
  }
  terminate() {
    this.terminated = true;
  }
}

const LAYOUT: SheetLayout = { sheetName: 'Siparişler', columns: [{ header: 'ID', type: 'number' }], timeZone: 'Europe/Istanbul' };

beforeEach(() => {
  Object.assign(globalThis, { Worker: FakeWorker });
});
afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
});

/** Whether a promise has settled once the pending promise callbacks ran (the fake worker answers synchronously, so no task is awaited). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return done;
}

test('slices go to the export worker; the page waits only while the worker still has the slice before', async () => {
  const writer = await openSheetWriter(LAYOUT);
  const worker = FakeWorker.last;
  expect(worker.url.pathname).toMatch(/excel\.worker\.ts$/);
  expect(worker.sent).toEqual([{ type: 'start', layout: LAYOUT }]);

  expect(await settled(writer.write([[1], [2]]))).toBe(true);
  const second = writer.write([[3]]);
  expect(await settled(second)).toBe(false);
  worker.answer({ type: 'written', rows: 2 });
  expect(await settled(second)).toBe(true);
  expect(writer.written()).toBe(2);
  worker.answer({ type: 'written', rows: 3 });
  expect(writer.written()).toBe(3);

  const file = new Blob(['xlsx']);
  const finished = writer.finish();
  expect(worker.sent.map((m) => m.type)).toEqual(['start', 'rows', 'rows', 'finish']);
  worker.answer({ type: 'file', file });
  await expect(finished).resolves.toBe(file);
  writer.close();
  expect(worker.terminated).toBe(true);
});

test("the worker's failure reaches the slice waited for and every later call", async () => {
  const writer = await openSheetWriter(LAYOUT);
  const worker = FakeWorker.last;
  await writer.write([[1]]);
  const waiting = writer.write([[2]]);
  worker.answer({ type: 'failed', message: 'out of memory' });
  await expect(waiting).rejects.toThrow('out of memory');
  await expect(writer.write([[3]])).rejects.toThrow('out of memory');
  await expect(writer.finish()).rejects.toThrow('out of memory');
});

test('a worker whose script breaks fails the export instead of leaving it waiting', async () => {
  const writer = await openSheetWriter(LAYOUT);
  const worker = FakeWorker.last;
  const finished = writer.finish();
  const event = { message: 'Script error', preventDefault: jest.fn() } as unknown as ErrorEvent;
  worker.onerror?.(event);
  await expect(finished).rejects.toThrow('Script error');
  expect(event.preventDefault).toHaveBeenCalled();
});
