import type { Kysely } from 'kysely';

/*
 * The built-in process a product without a routing follows (SPEC section 7: cutting, welding,
 * polishing, quality control): each step's key, and the name it had when this was written. They
 * exist from the start, so moving a line never has to create them. The key, not the name, says
 * which step is which: the office may rename a step without stopping the process.
 */
const BUILT_IN_STEPS = [
  ['cutting', 'Kesim'],
  ['welding', 'Kaynak'],
  ['polishing', 'Cila'],
  ['qualityControl', 'Kalite Kontrol'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds no UNIQUE column; a unique index does the same on both (and allows many nulls).
  await db.schema.alterTable('production_steps').addColumn('built_in', 'varchar(30)').execute();
  await db.schema.createIndex('production_steps_built_in_unique').on('production_steps').column('built_in').unique().execute();
  const at = new Date().toISOString();
  for (const [built_in, step_name] of BUILT_IN_STEPS) {
    // A step of that name made earlier (the oldest) becomes the built-in one rather than gaining a namesake.
    const existing = await db.selectFrom('production_steps').select('id').where('step_name', '=', step_name).orderBy('id').limit(1).executeTakeFirst();
    if (existing) await db.updateTable('production_steps').set({ built_in }).where('id', '=', existing.id).execute();
    else await db.insertInto('production_steps').values({ step_name, description: '', built_in, created_at: at, updated_at: at }).execute();
  }
}

// The steps stay (routings and lines may use them by then); only the keys go.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('production_steps_built_in_unique').execute();
  await db.schema.alterTable('production_steps').dropColumn('built_in').execute();
}
