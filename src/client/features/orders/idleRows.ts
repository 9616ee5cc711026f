import type { GridApi, IRowNode } from 'ag-grid-community';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { whenIdle } from '../../components/whenIdle';

/** A walk over the rows under way, named for what it builds. */
interface Walk {
  kind: string;
  stop: () => void;
  /** Goes on in short slices from now on, not in idle moments only; resolves once every row is done (or the walk stopped). */
  hurry: () => Promise<void>;
}

/** Longest slice of a hurried walk: the page still answers between two. */
const SLICE_MS = 30;

/**
 * Builds the rows' texts for a filter ahead, in idle moments, one walk over the rows at a time.
 * A new `texts` (the columns changed: new lookups) stops the walk: texts of other columns are not built on.
 * `rowsPrepared(kind)` waits for a walk of that kind to be done, hurrying it: a filter applied
 * before then would build every text left in one block.
 */
export function useIdleRows(grid: RefObject<GridApi<OrderLineDto> | null>, texts: unknown) {
  const walk = useRef<Walk | null>(null);
  useEffect(() => () => walk.current?.stop(), [texts]);
  const prepareRows = useCallback(
    (kind: string, prepare: (node: IRowNode<OrderLineDto>) => void) => {
      walk.current?.stop();
      walk.current = startWalk(grid, kind, prepare);
    },
    [grid],
  );
  const rowsPrepared = useCallback((kind: string) => (walk.current?.kind === kind ? walk.current.hurry() : Promise.resolve()), []);
  return { prepareRows, rowsPrepared };
}

function startWalk(grid: RefObject<GridApi<OrderLineDto> | null>, kind: string, prepare: (node: IRowNode<OrderLineDto>) => void): Walk {
  let nodes: IRowNode<OrderLineDto>[] | null = null;
  let next = 0;
  let ended = false;
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  const finish = () => {
    ended = true;
    end();
  };
  // One slice of the walk; true once it is over.
  const slice = (hasTime: () => boolean) => {
    const api = grid.current;
    if (ended || !api || api.isDestroyed()) {
      finish();
      return true;
    }
    if (!nodes) {
      nodes = [];
      api.forEachNode((node) => void nodes!.push(node));
    }
    // A slice does at least a few rows, however busy the page.
    for (let count = 0; next < nodes.length && (count < 50 || hasTime()); next++, count++) prepare(nodes[next]);
    if (next >= nodes.length) finish();
    return ended;
  };
  const stopIdle = whenIdle(slice);
  let hurried = false;
  return {
    kind,
    stop: () => {
      stopIdle();
      finish();
    },
    hurry: () => {
      if (!hurried && !ended) {
        hurried = true;
        stopIdle();
        const run = () => {
          const until = performance.now() + SLICE_MS;
          if (!slice(() => performance.now() < until)) setTimeout(run, 0);
        };
        setTimeout(run, 0);
      }
      return done;
    },
  };
}
