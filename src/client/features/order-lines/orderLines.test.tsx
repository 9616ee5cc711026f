import { API, type OrderLineDto } from '../../../shared/api';
import { LINE_SETTLE_MS } from '../../../shared/limits';
import type { AppStore } from '../../app/store';
import { mockFetch, storeLogin, testStore } from '../../test-utils';
import { selectLine, selectLineAction, selectLinesOf } from './selectors';
import { gramCorrected, linesChanged, linesLoaded, nextStepRequested, packingApproved, qualityDecided } from './slice';

const line = (id: number, patch: Partial<OrderLineDto> = {}) =>
  ({ id, order_line_status_id: 1, current_order_line_process: -1, workshop_id: 3, customer_id: 8, product_gram: null, ...patch }) as OrderLineDto;

let store: AppStore;
beforeEach(() => {
  storeLogin(3);
  jest.useFakeTimers();
});

/** The calls about order lines (the session's own profile read is not one). */
const lineCalls = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.url !== API.me);

async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

test('a double tap moves a piece once: a line busy or settling takes no second action', async () => {
  const calls = mockFetch((_m, url, body) => {
    const shown = (body as { current_order_line_process: number }).current_order_line_process;
    return url === API.myWorkshopNextStep(5) ? [200, { order: line(5, { order_line_status_id: 2, current_order_line_process: shown === -1 ? 11 : 12 }) }] : [404, {}];
  });
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)] }));

  store.dispatch(nextStepRequested(5, -1));
  store.dispatch(nextStepRequested(5, -1)); // while the first is on its way
  await flush();
  expect(selectLineAction(store.getState(), 5)?.status).toBe('settling');
  expect(selectLine(store.getState(), 5)?.current_order_line_process).toBe(11);
  store.dispatch(nextStepRequested(5, 11)); // the screen already shows the new step
  await flush();
  expect(lineCalls(calls)).toHaveLength(1);

  jest.advanceTimersByTime(LINE_SETTLE_MS);
  await flush();
  expect(selectLineAction(store.getState(), 5)?.status).toBe('done');
  store.dispatch(nextStepRequested(5, 11)); // a deliberate tap after the line settled
  await flush();
  expect(lineCalls(calls).map((c) => c.body)).toEqual([{ current_order_line_process: -1 }, { current_order_line_process: 11 }]);
});

test('another action on a line that just settled from one goes through (no silent ignore)', async () => {
  storeLogin(2);
  const calls = mockFetch((_m, url) =>
    url === API.qualityStatus(7)
      ? [200, { order: line(7, { order_line_status_id: 4, product_gram: 4 }), message: 'Kalite kontrol onaylandı!' }]
      : [200, { order: line(7, { order_line_status_id: 4, product_gram: 4.3 }), message: 'Gram değeri başarıyla güncellendi!' }],
  );
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'all' }, lines: [line(7, { order_line_status_id: 3, product_gram: 4 })] }));
  store.dispatch(qualityDecided(7, { approved: true, returnStep: null, reason: '' }));
  await flush();
  expect(selectLineAction(store.getState(), 7)?.status).toBe('settling');
  store.dispatch(gramCorrected(7, 4.3));
  await flush();
  expect(lineCalls(calls).map((c) => c.url)).toEqual([API.qualityStatus(7), API.correctGram(7)]);
  expect(selectLine(store.getState(), 7)?.product_gram).toBe(4.3);
});

test("an action's answer replaces its one line; no list is loaded again", async () => {
  storeLogin(2);
  const calls = mockFetch(() => [200, { order: line(7, { order_line_status_id: 5, product_gram: 4 }), message: 'Paketleme onayı başarıyla verildi!' }]);
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'all' }, lines: [line(7, { order_line_status_id: 4, product_gram: 4 }), line(6)] }));
  const before = selectLine(store.getState(), 6);
  store.dispatch(packingApproved(7));
  await flush();
  expect(lineCalls(calls).map((c) => `${c.method} ${c.url}`)).toEqual([`PUT ${API.approveShipping(7)}`]);
  expect(selectLine(store.getState(), 7)?.order_line_status_id).toBe(5);
  expect(selectLine(store.getState(), 6)).toBe(before);
  expect(selectLineAction(store.getState(), 7)).toMatchObject({ status: 'settling', notice: { kind: 'success', text: 'Paketleme onayı başarıyla verildi!' } });
});

test("a failed action keeps the line and says why; the line takes the next tap", async () => {
  const calls = mockFetch(() => [409, { error: 'Satır değişti.', code: 'LINE_CHANGED' }]);
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)] }));
  store.dispatch(nextStepRequested(5, -1));
  await flush();
  expect(selectLineAction(store.getState(), 5)).toMatchObject({ status: 'failed', notice: { kind: 'error', text: 'Satır değişti.' } });
  store.dispatch(nextStepRequested(5, -1));
  await flush();
  expect(lineCalls(calls)).toHaveLength(2);
});

test("a screen's scope selects from the one collection; a scope's answer drops the lines that left it", () => {
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'all' }, lines: [line(1), line(2, { workshop_id: 4 }), line(3)] }));
  expect(selectLinesOf(store.getState(), 'workshop', 3).map((l) => l.id)).toEqual([3, 1]);
  const mine = selectLinesOf(store.getState(), 'workshop', 3);
  expect(selectLinesOf(store.getState(), 'workshop', 3)).toBe(mine);
  // Line 1 moved to another workshop since: the workshop's answer no longer has it.
  store.dispatch(linesLoaded({ scope: { kind: 'workshop', id: 3 }, lines: [line(3)] }));
  expect(selectLinesOf(store.getState(), 'workshop', 3).map((l) => l.id)).toEqual([3]);
  expect(selectLine(store.getState(), 2)).toBeDefined();
  expect(selectLinesOf(store.getState(), 'customer', 8).map((l) => l.id)).toEqual([3, 2]);
});

test('live changes replace their lines, keep an unchanged line as it is and drop the lines the reader lost', () => {
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'all' }, lines: [line(1), line(2), line(3), line(4, { workshop_id: 5 })] }));
  const unchanged = selectLine(store.getState(), 3);
  const before = selectLinesOf(store.getState(), 'workshop', 3);
  // Line 1 moved on, line 3 was read again as it was (an overlap), line 9 is new, line 2 left this reader.
  store.dispatch(linesChanged({ lines: [line(1, { order_line_status_id: 2 }), line(3), line(9)], gone: [2, 404] }));
  expect(selectLine(store.getState(), 1)?.order_line_status_id).toBe(2);
  expect(selectLine(store.getState(), 3)).toBe(unchanged);
  expect(selectLine(store.getState(), 2)).toBeUndefined();
  const after = selectLinesOf(store.getState(), 'workshop', 3);
  expect(after.map((l) => l.id)).toEqual([9, 3, 1]);
  expect(after).not.toBe(before);
  expect(selectLinesOf(store.getState(), 'workshop', 5).map((l) => l.id)).toEqual([4]);
});
