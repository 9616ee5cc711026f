import { render } from '@testing-library/react';
import { useWedgeScanner } from './useWedgeScanner';

/* The scanner is told from a person by when the keys were pressed: each key here carries its own time stamp. */

function Listening({ onCode }: { onCode: (code: string) => void }) {
  useWedgeScanner(onCode);
  return <button type="button">x</button>;
}

/** Presses `keys` (then Enter) at `times` milliseconds. */
function press(keys: string, times: number[]) {
  [...keys, 'Enter'].forEach((key, i) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: times[i] });
    document.body.dispatchEvent(event);
  });
}
const every = (ms: number, count: number, from = 10_000) => Array.from({ length: count }, (_, i) => from + i * ms);

test('a code typed a few milliseconds a key, then Enter, is a scan; its Enter is taken from the page', () => {
  const onCode = jest.fn();
  render(<Listening onCode={onCode} />);
  const enter = jest.fn();
  document.body.addEventListener('keydown', enter);
  press('2000000000015', every(4, 14));
  expect(onCode).toHaveBeenCalledWith('2000000000015');
  expect(enter).toHaveBeenCalledTimes(13);
});

test('one late key in a fast code (the tablet busy a moment) still makes a scan', () => {
  const onCode = jest.fn();
  render(<Listening onCode={onCode} />);
  const times = every(4, 14);
  for (let i = 7; i < times.length; i++) times[i] += 120;
  press('2000000000015', times);
  expect(onCode).toHaveBeenCalledWith('2000000000015');
});

test("a person's typing, or a few keys and Enter, is no scan", () => {
  const onCode = jest.fn();
  render(<Listening onCode={onCode} />);
  press('2000000000015', every(120, 14));
  press('201', every(4, 4, 20_000));
  // A pause before Enter: the code was typed, then Enter pressed by hand.
  press('2000000000015', [...every(4, 13, 30_000), 31_000]);
  expect(onCode).not.toHaveBeenCalled();
});
