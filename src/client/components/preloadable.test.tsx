import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { preloadable } from './preloadable';

/*
 * A preloaded component renders in its first commit, with no fallback: a fallback shown even once
 * holds what replaces it back (React's reveal throttle). One not yet loaded suspends, and once
 * mounted keeps its instance when its parent renders again.
 */

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A chunk whose arrival the test decides. */
function chunk() {
  let arrive!: () => void;
  const loaded = new Promise<{ default: typeof Counter }>((resolve) => (arrive = () => resolve({ default: Counter })));
  const load = jest.fn(() => loaded);
  return { load, arrive: () => act(async () => arrive()) };
}

const fallbacks: string[] = [];
function Fallback() {
  fallbacks.push('shown');
  return <p>yükleniyor</p>;
}

beforeEach(() => fallbacks.splice(0));

test('preloaded before its first render, it renders in the first commit: no fallback is ever shown', async () => {
  const { load, arrive } = chunk();
  const Preloaded = preloadable(load);
  const preloading = Preloaded.preload();
  expect(Preloaded.loaded()).toBe(false);
  await arrive();
  await preloading;
  expect(Preloaded.loaded()).toBe(true);
  render(
    <Suspense fallback={<Fallback />}>
      <Preloaded label="Sayaç" />
    </Suspense>,
  );
  expect(screen.getByRole('button', { name: 'Sayaç 0' })).toBeInTheDocument();
  expect(fallbacks).toEqual([]);
  // The chunk is asked for once, however often it is preloaded or rendered.
  await Preloaded.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

test('rendered before its chunk is in, it suspends, then keeps its instance (and state) as its parent renders again', async () => {
  const { load, arrive } = chunk();
  const Preloaded = preloadable(load);
  const view = render(
    <Suspense fallback={<Fallback />}>
      <Preloaded label="Sayaç" />
    </Suspense>,
  );
  expect(screen.getByText('yükleniyor')).toBeInTheDocument();
  await arrive();
  const button = await screen.findByRole('button', { name: 'Sayaç 0' });
  await act(async () => button.click());
  view.rerender(
    <Suspense fallback={<Fallback />}>
      <Preloaded label="Sayaç" />
    </Suspense>,
  );
  // Rendered again now that the chunk is in: the same instance, not a new mount.
  expect(screen.getByRole('button', { name: 'Sayaç 1' })).toBeInTheDocument();
});

test('a failed load may be tried again', async () => {
  const load = jest.fn<Promise<{ default: typeof Counter }>, []>().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce({ default: Counter });
  const Preloaded = preloadable(load);
  await expect(Preloaded.preload()).rejects.toThrow('network');
  await Preloaded.preload();
  render(<Preloaded label="Sayaç" />);
  expect(screen.getByRole('button', { name: 'Sayaç 0' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
