import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * Saved layouts of grids (column order, widths, visibility, pinning, sort, filters), per user and
 * grid: one unnamed row is the user's current state, restored when the grid opens; named rows are
 * the views the user saved. `state` is the client's JSON as text, never interpreted here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('grid_views'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('grid', 'varchar(40)', (c) => c.notNull())
    // Null for the current state.
    .addColumn('name', 'varchar(60)')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
  // Names are unique per user and grid (null names never collide, so the current row needs its own index) ...
  await db.schema.createIndex('grid_views_name_idx').on('grid_views').columns(['user_id', 'grid', 'name']).unique().execute();
  // ... and there is one current row per user and grid: the target of its upsert.
  await db.schema.createIndex('grid_views_current_idx').on('grid_views').columns(['user_id', 'grid']).unique().where(sql.ref('name'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('grid_views').execute();
}
