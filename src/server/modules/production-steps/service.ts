import type { Db } from '../../db';
import { isForeignKeyViolation, isUniqueViolationOn } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import type { ProductionStepDto } from '../../../shared/api';
import { FALLBACK_ROUTING } from '../../../shared/routing';
import { foldCase } from '../../../shared/text';

/** The steps as answered: the row but its update time, no column more or less (`$assertType`). */
const steps = (db: Db) => db.selectFrom('production_steps').select(['id', 'step_name', 'description', 'built_in', 'created_at']).$assertType<ProductionStepDto>();

export function listSteps(db: Db): Promise<ProductionStepDto[]> {
  return steps(db).orderBy('id').execute();
}

export async function getStep(db: Db, id: number): Promise<ProductionStepDto> {
  const step = await steps(db).where('id', '=', id).executeTakeFirst();
  if (!step) throw notFound();
  return step;
}

/**
 * A step's name is its own as Turkish folds case ('İnce Ayar' and 'ince ayar' are one name): a
 * name another step has is refused, checked in the writing transaction and held by the unique
 * index on the folded name when two writes cross.
 */
async function writeNamed(db: Db, name: string, id: number | null, write: (trx: Db, folded: string) => Promise<number>): Promise<number> {
  const folded = foldCase(name);
  const taken = (step_name: string) => conflict('errors:stepNameTaken', 'STEP_NAME_TAKEN', { name: step_name });
  try {
    return await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('production_steps').select('step_name').where('step_name_folded', '=', folded);
      if (id !== null) query = query.where('id', '!=', id);
      const namesake = await query.executeTakeFirst();
      if (namesake) throw taken(namesake.step_name);
      return write(trx, folded);
    });
  } catch (error) {
    if (isUniqueViolationOn(error, 'production_steps', 'step_name_folded')) throw taken(name);
    throw error;
  }
}

export async function createStep(db: Db, input: { step_name: string; description?: string }): Promise<ProductionStepDto> {
  const at = new Date().toISOString();
  const id = await writeNamed(db, input.step_name, null, async (trx, step_name_folded) => {
    const row = await trx
      .insertInto('production_steps')
      .values({ step_name: input.step_name, step_name_folded, description: input.description ?? '', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return getStep(db, id);
}

export async function updateStep(db: Db, id: number, input: { step_name: string; description?: string }): Promise<ProductionStepDto> {
  await getStep(db, id);
  await writeNamed(db, input.step_name, id, async (trx, step_name_folded) => {
    await trx
      .updateTable('production_steps')
      .set({ step_name: input.step_name, step_name_folded, description: input.description, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  });
  return getStep(db, id);
}

/** The name of a step, if it still exists. */
export async function stepName(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('production_steps').select('step_name').where('id', '=', id).executeTakeFirst())?.step_name;
}

/**
 * The routing of a product without its own: the built-in process (SPEC section 7), its steps
 * found by key in its order, so a renamed one still serves; none when a step of it is gone.
 */
export async function builtInRouting(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('production_steps').select(['id', 'built_in']).where('built_in', 'in', FALLBACK_ROUTING).execute();
  const ids = FALLBACK_ROUTING.map((key) => rows.find((row) => row.built_in === key)?.id);
  return ids.every((id): id is number => id !== undefined) ? ids : [];
}

/**
 * A step that a routing or an order line uses stays: deleting it would leave holes in a process.
 * So do the built-in steps (those with a key, whatever their name), which every product without a
 * routing uses.
 */
export async function deleteStep(db: Db, id: number): Promise<void> {
  const inUse = () => conflict('errors:stepInUse', 'STEP_IN_USE');
  const step = await getStep(db, id);
  const inRouting = await db.selectFrom('product_production_steps').select('id').where('step_id', '=', id).executeTakeFirst();
  const atLine = await db.selectFrom('order_lines').select('id').where('current_order_line_process', '=', id).executeTakeFirst();
  if (inRouting || atLine || step.built_in !== null) throw inUse();
  try {
    await db.deleteFrom('production_steps').where('id', '=', id).execute();
  } catch (error) {
    // A routing took the step up between the check and the delete.
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
