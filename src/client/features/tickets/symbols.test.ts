import { act, renderHook, waitFor } from '@testing-library/react';
import { useSymbols } from './symbols';
import type { FromSymbolWorker, ToSymbolWorker } from './symbols.worker';

/* The page's side of the symbol workers, with stand-in workers whose answers the test gives; and the worker's own side. */

class FakeWorker {
  static started: FakeWorker[] = [];
  sent: ToSymbolWorker[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<FromSymbolWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.started.push(this);
  }
  postMessage(message: ToSymbolWorker) {
    this.sent.push(message);
  }
  answer(message: FromSymbolWorker) {
    this.onmessage?.({ data: message } as MessageEvent<FromSymbolWorker>);
  }
  fail() {
    this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
  }
  terminate() {
    this.terminated = true;
  }
}

// The page holds what it drew for the rest of the visit: each test draws codes of its own.
const CODES = ['2000000000015', '2000000000022', '2000000000039', '2000000000046', '2000000000053'];
const OTHERS = ['2000000000060', '2000000000077'];

beforeEach(() => {
  FakeWorker.started = [];
  Object.assign(globalThis, { Worker: FakeWorker });
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: 8, configurable: true });
});
afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
});

test('a worker per core beside the page\'s, two at most, share the codes, started with the page; the symbols they answer are held, and the page is done when the last arrives; closing the page ends them', async () => {
  const { result, rerender, unmount } = renderHook(({ codes }) => useSymbols(codes), { initialProps: { codes: [] as string[] } });
  expect(FakeWorker.started).toHaveLength(2);
  expect(FakeWorker.started.flatMap((worker) => worker.sent)).toEqual([]);

  rerender({ codes: CODES });
  const [first, second] = FakeWorker.started;
  expect(first.sent).toEqual([{ codes: [CODES[0], CODES[2], CODES[4]] }]);
  expect(second.sent).toEqual([{ codes: [CODES[1], CODES[3]] }]);
  act(() => first.answer({ drawn: [[CODES[0], '<svg>0</svg>'], [CODES[2], '<svg>2</svg>'], [CODES[4], '<svg>4</svg>']] }));
  expect(result.current.done).toBe(false);
  act(() => second.answer({ drawn: [[CODES[1], '<svg>1</svg>']] }));
  act(() => second.answer({ drawn: [[CODES[3], '<svg>3</svg>']] }));
  expect(result.current.done).toBe(true);
  expect(result.current.symbols.get(CODES[3])).toBe('<svg>3</svg>');

  // The same codes again (another layout): nothing is drawn twice.
  rerender({ codes: [...CODES] });
  expect(FakeWorker.started.map((worker) => worker.sent.length)).toEqual([1, 1]);
  unmount();
  expect(FakeWorker.started.map((worker) => worker.terminated)).toEqual([true, true]);
});

test('a machine of two cores draws in one worker; a worker that breaks leaves its share to the page, which draws it itself', async () => {
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: 2, configurable: true });
  const { result } = renderHook(() => useSymbols(OTHERS));
  const [only] = FakeWorker.started;
  expect(FakeWorker.started).toHaveLength(1);
  act(() => only.answer({ drawn: [[OTHERS[0], '<svg>0</svg>']] }));
  act(() => only.fail());
  await waitFor(() => expect(result.current.done).toBe(true));
  expect(result.current.symbols.get(OTHERS[0])).toBe('<svg>0</svg>');
  expect(result.current.symbols.get(OTHERS[1])).toMatch(/^<svg[^]*<path/);
});

test('the worker draws the codes it is sent as EAN-13 symbols and answers them', () => {
  const posted: FromSymbolWorker[] = [];
  const scope = self as unknown as { postMessage: (message: FromSymbolWorker) => void; onmessage: ((event: { data: ToSymbolWorker }) => void) | null };
  const postMessage = scope.postMessage;
  scope.postMessage = (message) => posted.push(message);
  try {
    jest.isolateModules(() => jest.requireActual('./symbols.worker'));
    scope.onmessage!({ data: { codes: CODES.slice(0, 2) } });
  } finally {
    scope.postMessage = postMessage;
    scope.onmessage = null;
  }
  const drawn = posted.flatMap((message) => message.drawn);
  expect(drawn.map(([code]) => code)).toEqual(CODES.slice(0, 2));
  for (const [, svg] of drawn) expect(svg).toMatch(/^<svg[^]*<path/);
});
