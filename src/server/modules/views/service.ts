import type { NotNull } from 'kysely';
import type { Db } from '../../db';
import type { StoredAsJson } from '../../db/columns';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import type { GridViewDto, GridViewsDto } from '../../../shared/api';
import { GRID_VIEWS_MAX, type GridKey, type GridStateJson, storedViewState } from '../../../shared/grid-views';

/*
 * A user's saved states of a grid. Every query names the user and the grid, so a user reads and
 * writes only their own rows: another user's view answers 404, as if it did not exist.
 */

/** Whose views of which grid: the session's user and the path's grid. */
export interface ViewOwner {
  userId: number;
  grid: GridKey;
}

/** The JSON text of a state, or a 400 that says why it cannot be stored (checked before anything is written). */
function stored(state: GridStateJson): string {
  const result = storedViewState(state);
  if ('problem' in result) throw badRequest(result.problem, 'VALIDATION');
  return result.text;
}

const nameTaken = () => conflict('validation:gridViewNameTaken', 'GRID_VIEW_NAME_TAKEN');

const parse = (text: string) => JSON.parse(text) as GridStateJson;

/** A named view as stored: its answer, no column more or less (`$assertType`), with the state as JSON text. */
type StoredView = StoredAsJson<GridViewDto, 'state'>;

const viewOf = (row: StoredView): GridViewDto => ({ ...row, state: parse(row.state) });

function own(db: Db, { userId, grid }: ViewOwner) {
  return db.selectFrom('grid_views').where('user_id', '=', userId).where('grid', '=', grid);
}

/** The current state (null before the first save) and the named views, oldest first. */
export async function readViews(db: Db, owner: ViewOwner): Promise<GridViewsDto> {
  const rows = await own(db, owner)
    .select(['id', 'name', 'state', 'updated_at'])
    .$assertType<Omit<StoredView, 'name'> & { name: string | null }>()
    .orderBy('id')
    .execute();
  const current = rows.find((row) => row.name === null);
  return {
    current: current ? parse(current.state) : null,
    views: rows.flatMap(({ name, ...row }) => (name === null ? [] : [viewOf({ ...row, name })])),
  };
}

/** Saves the current state: one upsert on the (user, grid) row without a name, however often it is called. */
export async function saveCurrent(db: Db, { userId, grid }: ViewOwner, state: GridStateJson): Promise<{ updated_at: string }> {
  const text = stored(state);
  const at = new Date().toISOString();
  await db
    .insertInto('grid_views')
    .values({ user_id: userId, grid, name: null, state: text, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'grid']).where('name', 'is', null).doUpdateSet({ state: text, updated_at: at }))
    .execute();
  return { updated_at: at };
}

async function namedView(db: Db, owner: ViewOwner, id: number): Promise<GridViewDto> {
  const row = await own(db, owner)
    .select(['id', 'name', 'state', 'updated_at'])
    .where('id', '=', id)
    .where('name', 'is not', null)
    .$narrowType<{ name: NotNull }>()
    .$assertType<StoredView>()
    .executeTakeFirst();
  if (!row) throw notFound();
  return viewOf(row);
}

/** A new named view; a name the user already gave a view of this grid is a 409, as is one view beyond GRID_VIEWS_MAX. */
export async function createView(db: Db, owner: ViewOwner, input: { name: string; state: GridStateJson }): Promise<GridViewDto> {
  const text = stored(input.state);
  const { count } = await own(db, owner)
    .where('name', 'is not', null)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= GRID_VIEWS_MAX) throw conflict('validation:gridViewsTooMany', 'GRID_VIEWS_TOO_MANY');
  const at = new Date().toISOString();
  try {
    const { id } = await db
      .insertInto('grid_views')
      .values({ user_id: owner.userId, grid: owner.grid, name: input.name, state: text, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, name: input.name, state: parse(text), updated_at: at };
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames a named view, replaces its state, or both; a body with neither changes nothing. */
export async function updateView(db: Db, owner: ViewOwner, id: number, input: { name?: string; state?: GridStateJson }): Promise<GridViewDto> {
  const text = input.state === undefined ? undefined : stored(input.state);
  if (input.name === undefined && text === undefined) return namedView(db, owner, id);
  try {
    const result = await db
      .updateTable('grid_views')
      .set({ name: input.name, state: text, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('grid', '=', owner.grid)
      .where('name', 'is not', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return namedView(db, owner, id);
}

export async function deleteView(db: Db, owner: ViewOwner, id: number): Promise<void> {
  const result = await db
    .deleteFrom('grid_views')
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('grid', '=', owner.grid)
    .where('name', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
