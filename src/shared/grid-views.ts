import { OFFICE, type RoleId } from './roles';

/**
 * The grids whose layout a user may save (the key is the path's `{grid}`), each with the roles that
 * see it: the routes of a grid's views are declared for exactly these roles.
 */
export const GRIDS = {
  /** The admin order grid (features/orders). */
  orders: OFFICE,
} as const satisfies Record<string, readonly RoleId[]>;

export type GridKey = keyof typeof GRIDS;

export const GRID_KEYS = Object.keys(GRIDS) as GridKey[];

export function isGridKey(value: unknown): value is GridKey {
  return typeof value === 'string' && Object.hasOwn(GRIDS, value);
}

/** A saved state as the server keeps it: any JSON object (what the client makes of it is the client's). */
export type GridStateJson = Record<string, unknown>;

/** Longest name of a saved view, in characters. */
export const GRID_VIEW_NAME_MAX = 60;
/** Largest state of a view, as JSON in UTF-8 bytes. */
export const GRID_VIEW_STATE_MAX_BYTES = 32 * 1024;
/**
 * Deepest nesting of a state. AG Grid's state is about six levels deep; the limit is checked
 * without recursion before the state is serialised, so a deeply nested body cannot exhaust the stack.
 */
export const GRID_VIEW_STATE_MAX_DEPTH = 32;
/** Named views one user may keep of one grid. */
export const GRID_VIEWS_MAX = 100;

/**
 * The JSON text a view's state is stored as, or the catalogue key that says why it cannot be
 * stored: nested deeper than GRID_VIEW_STATE_MAX_DEPTH or larger than GRID_VIEW_STATE_MAX_BYTES.
 */
export function storedViewState(state: GridStateJson): { text: string } | { problem: string } {
  const pending: Array<[value: unknown, depth: number]> = [[state, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > GRID_VIEW_STATE_MAX_DEPTH) return { problem: 'validation:gridViewStateInvalid' };
    for (const inner of Object.values(value)) pending.push([inner, depth + 1]);
  }
  const text = JSON.stringify(state);
  return new TextEncoder().encode(text).length > GRID_VIEW_STATE_MAX_BYTES ? { problem: 'validation:gridViewStateTooLarge' } : { text };
}
