import type { Kysely } from 'kysely';

/*
 * The built-in process a product without a routing follows (SPEC section 7: cutting, welding,
 * polishing, quality control), under the names its steps had when this was written. They exist
 * from the start, so moving a line never has to create them.
 */
const BUILT_IN_STEPS = ['Kesim', 'Kaynak', 'Cila', 'Kalite Kontrol'];

export async function up(db: Kysely<any>): Promise<void> {
  const at = new Date().toISOString();
  for (const step_name of BUILT_IN_STEPS) {
    const existing = await db.selectFrom('production_steps').select('id').where('step_name', '=', step_name).executeTakeFirst();
    if (!existing) await db.insertInto('production_steps').values({ step_name, description: '', created_at: at, updated_at: at }).execute();
  }
}

// No down: by then routings and lines may use these steps, which must stay.
