import { GraphQLError } from 'graphql';

/** Shopify's page size limit on `first`/`last`. */
export const MAX_PAGE_SIZE = 250;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

/** Position of an item in its sort order: the sort value, then the id to break ties. */
export type SortPosition = [number | string, number];

export interface Connection<N> {
  edges: Array<{ cursor: string; node: N }>;
  nodes: N[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/**
 * Cursors name the last item seen (its sort value and id), not an offset, so paging stays right when
 * items are added or updated between pages, as with Shopify's cursors. The sort's name is inside, and
 * a cursor of another sort is refused.
 */
function encodeCursor(sort: string, position: SortPosition): string {
  return Buffer.from(JSON.stringify({ s: sort, v: position[0], id: position[1] })).toString('base64url');
}

function decodeCursor(sort: string, cursor: string): SortPosition {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; v?: unknown; id?: unknown };
    if (parsed.s === sort && (typeof parsed.v === 'number' || typeof parsed.v === 'string') && typeof parsed.id === 'number') {
      return [parsed.v, parsed.id];
    }
  } catch {
    // Falls through to the error below.
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
}

function compare(a: SortPosition, b: SortPosition): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] - b[1];
}

function checkSize(name: string, size: number | null | undefined, field: string): void {
  if (size == null) return;
  if (size < 0) throw new GraphQLError(`${name} must be a non-negative integer`, { extensions: { code: 'BAD_REQUEST' } });
  if (size > MAX_PAGE_SIZE) {
    throw new GraphQLError(
      `${name} cannot exceed ${MAX_PAGE_SIZE}. To query larger amounts of data with fewer limits, bulk operations should be used instead.`,
      { extensions: { code: 'BAD_REQUEST', field } },
    );
  }
}

/**
 * One page of `items` (already in ascending sort order) as a Relay connection. In a bulk operation
 * (`all`) Shopify ignores the page arguments and walks everything.
 */
export function paginate<T, N>(
  items: readonly T[],
  args: PageArgs,
  options: { sort: string; position: (item: T) => SortPosition; node: (item: T) => N; all?: boolean; field: string },
): Connection<N> {
  const list = args.reverse ? [...items].reverse() : items;
  const direction = args.reverse ? -1 : 1;
  let start = 0;
  let end = list.length;
  if (!options.all) {
    if (args.first == null && args.last == null) {
      throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
    }
    checkSize('first', args.first, options.field);
    checkSize('last', args.last, options.field);
    if (args.after) {
      const after = decodeCursor(options.sort, args.after);
      while (start < end && direction * compare(options.position(list[start]), after) <= 0) start++;
    }
    if (args.before) {
      const before = decodeCursor(options.sort, args.before);
      let stop = start;
      while (stop < end && direction * compare(options.position(list[stop]), before) < 0) stop++;
      end = stop;
    }
    if (args.first != null) end = Math.min(end, start + args.first);
    if (args.last != null) start = Math.max(start, end - args.last);
  }
  const edges = list.slice(start, end).map((item) => ({ cursor: encodeCursor(options.sort, options.position(item)), node: options.node(item) }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < list.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
