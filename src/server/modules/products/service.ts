import type { Db } from '../../db';
import { namedColumns } from '../../db/columns';
import { isForeignKeyViolation, isUniqueViolationOn } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import type { OptionValueDto, ProductDto, RoutingStepDto } from '../../../shared/api';
import { productSchema } from '../../../shared/schemas/products';
import { foldCase } from '../../../shared/text';
import { changedFields, recordChange } from '../audit/record';
import { builtInRouting } from '../production-steps/service';
import { getGeneralSettings } from '../settings/service';

const OPTION_COLUMNS = ['material_id', 'chain_length_id', 'size_id', 'color_id', 'karat_id'] as const;

export type ProductInput = Partial<Omit<ProductDto, 'id' | 'created_at' | 'updated_at' | 'user_id'>> & { title: string };

/** What a product write may set: the catalogue form's fields and the single-field edits (all in productSchema). */
const PRODUCT_COLUMNS = Object.keys(productSchema.fields) as Array<keyof ProductInput>;

/** The columns a product is answered with: not the folded code, which only keeps codes unique, nor the shop sync's bookkeeping. */
const ANSWERED = [
  'id', 'title', 'picture_url', 'shopify_product_id', 'shopify_variant_id', 'material_id', 'chain_length_id', 'size_id', 'color_id', 'karat_id',
  'production_expected_days', 'product_group', 'category', 'min_price', 'max_price', 'expected_weight', 'workmanship_rate', 'price', 'currency',
  'vendor', 'sku', 'user_id', 'our_product_id', 'workshop_id', 'created_at', 'updated_at',
] as const;

/** Products as answered: the row's answered columns, no column more or less (`$assertType`). */
const products = (db: Db) => db.selectFrom('products').select(ANSWERED).$assertType<ProductDto>();

export function listProducts(db: Db): Promise<ProductDto[]> {
  return products(db).orderBy('id').execute();
}

export async function getProduct(db: Db, id: number): Promise<ProductDto> {
  const product = await products(db).where('id', '=', id).executeTakeFirst();
  if (!product) throw notFound();
  return product;
}

/** Option ids must name existing option values; a dangling reference is bad input, not a 500. */
async function checkOptionValues(db: Db, input: Partial<ProductInput>): Promise<void> {
  const ids = OPTION_COLUMNS.map((column) => input[column]).filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return;
  const known = new Set((await db.selectFrom('product_option_values').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw badRequest('errors:unknownOptionValue', 'UNKNOWN_OPTION_VALUE', { id: missing });
}

const codeTaken = (code: string) => conflict('errors:productCodeTaken', 'PRODUCT_CODE_TAKEN', { code });

/**
 * The folded code a write stores beside the product's own code (none when the input leaves the code
 * as it is). A code is one product's as Turkish folds case ('AT-İ1' and 'at-i1' are one code): a
 * code another product has is refused here, in the writing transaction.
 */
async function foldedCode(trx: Db, input: Partial<ProductInput>, id: number | null): Promise<{ our_product_id_folded?: string | null }> {
  if (input.our_product_id === undefined) return {};
  if (input.our_product_id === null || input.our_product_id === '') return { our_product_id_folded: null };
  const folded = foldCase(input.our_product_id);
  let query = trx.selectFrom('products').select('our_product_id').where('our_product_id_folded', '=', folded);
  if (id !== null) query = query.where('id', '!=', id);
  const namesake = await query.executeTakeFirst();
  if (namesake) throw codeTaken(namesake.our_product_id ?? input.our_product_id);
  return { our_product_id_folded: folded };
}

/** Runs a product write; two writes crossing with one code meet the unique index on the folded code, and the second is refused alike. */
async function writingCode<T>(input: Partial<ProductInput>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolationOn(error, 'products', 'our_product_id_folded')) throw codeTaken(input.our_product_id ?? '');
    throw error;
  }
}

/**
 * Creates a product; its audit row holds the fields given, as stored, and the currency. Its prices
 * are in the settings currency of the day, and stay in it when the setting changes later.
 */
export async function createProduct(db: Db, input: ProductInput, userId: number): Promise<ProductDto> {
  const id = await writingCode(input, () =>
    db.transaction().execute(async (trx) => {
      await checkOptionValues(trx, input);
      const at = new Date().toISOString();
      const { currency } = await getGeneralSettings(trx);
      const folded = await foldedCode(trx, input, null);
      const { id } = await trx
        .insertInto('products')
        .values({ ...namedColumns(input, PRODUCT_COLUMNS), ...folded, currency, user_id: userId, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { after } = changedFields({}, await getProduct(trx, id), [...Object.keys(input), 'currency']);
      await recordChange(trx, { userId, kind: 'product_created', entityId: id, before: null, after });
      return id;
    }),
  );
  return getProduct(db, id);
}

/** Changes the given fields; fields left out stay as they are. The audit row holds the fields whose value changed. */
export async function updateProduct(db: Db, id: number, input: Partial<ProductInput>, userId: number): Promise<ProductDto> {
  await writingCode(input, () =>
    db.transaction().execute(async (trx) => {
      const before = await getProduct(trx, id);
      await checkOptionValues(trx, input);
      const folded = await foldedCode(trx, input, id);
      await trx
        .updateTable('products')
        .set({ ...namedColumns(input, PRODUCT_COLUMNS), ...folded, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      // Compared as stored (read back): a field sent with the value it already had is no change.
      const changed = changedFields(before, await getProduct(trx, id), Object.keys(input));
      await recordChange(trx, { userId, kind: 'product_changed', entityId: id, ...changed });
    }),
  );
  return getProduct(db, id);
}

/** A product that order lines name stays: its lines need their photo, title and routing. */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  await getProduct(db, id);
  const ordered = await db.selectFrom('order_lines').select('id').where('product_id', '=', id).executeTakeFirst();
  const inUse = () => conflict('errors:productInUse', 'PRODUCT_IN_USE');
  if (ordered) throw inUse();
  try {
    await db.deleteFrom('products').where('id', '=', id).execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}

export function listOptions(db: Db) {
  return db.selectFrom('product_options').select(['id', 'name']).orderBy('id').execute();
}

/** Option values as answered: the row, no column more or less (`$assertType`). */
const optionValues = (db: Db) => db.selectFrom('product_option_values').select(['id', 'option_id', 'value_name']).$assertType<OptionValueDto>();

export function listOptionValues(db: Db, optionId?: number): Promise<OptionValueDto[]> {
  let query = optionValues(db);
  if (optionId !== undefined) query = query.where('option_id', '=', optionId);
  return query.orderBy('id').execute();
}

export async function getOptionValue(db: Db, id: number): Promise<OptionValueDto> {
  const value = await optionValues(db).where('id', '=', id).executeTakeFirst();
  if (!value) throw notFound();
  return value;
}

export async function getOption(db: Db, id: number) {
  const option = await db.selectFrom('product_options').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!option) throw notFound();
  return option;
}

export async function getRouting(db: Db, productId: number): Promise<RoutingStepDto[]> {
  await getProduct(db, productId);
  return db
    .selectFrom('product_production_steps as pps')
    .innerJoin('production_steps as s', 's.id', 'pps.step_id')
    .select(['pps.id', 'pps.step_id', 's.step_name', 's.description', 'pps.position_in_process'])
    // The answer is the row with its step's name and description, no column more or less.
    .$assertType<RoutingStepDto>()
    .where('pps.product_id', '=', productId)
    .orderBy('pps.position_in_process')
    .execute();
}

/** A product's routing as step ids; without one, the built-in process. Reads only: nothing is created here. */
export async function routingOf(db: Db, productId: number): Promise<number[]> {
  const steps = await db
    .selectFrom('product_production_steps')
    .select('step_id')
    .where('product_id', '=', productId)
    .orderBy('position_in_process')
    .execute();
  return steps.length > 0 ? steps.map((s) => s.step_id) : builtInRouting(db);
}

/** Replaces a product's whole routing in one transaction; unknown steps or repeated positions change nothing. */
export async function replaceRouting(
  db: Db,
  productId: number,
  steps: ReadonlyArray<{ step_id: number; position_in_process: number }>,
  userId: number,
): Promise<RoutingStepDto[]> {
  const positions = new Set<number>();
  const stepIds = new Set<number>();
  for (const step of steps) {
    if (positions.has(step.position_in_process)) {
      throw badRequest('errors:duplicatePosition', 'DUPLICATE_POSITION', { position: step.position_in_process });
    }
    if (stepIds.has(step.step_id)) throw badRequest('errors:duplicateStep', 'DUPLICATE_STEP', { id: step.step_id });
    positions.add(step.position_in_process);
    stepIds.add(step.step_id);
  }
  // The audit row shows the saved routing before and after, by position with the steps' names of that moment.
  const auditSteps = (rows: RoutingStepDto[]) => ({ steps: rows.map(({ position_in_process, step_id, step_name }) => ({ position_in_process, step_id, step_name })) });
  await db.transaction().execute(async (trx) => {
    const before = await getRouting(trx, productId);
    if (stepIds.size > 0) {
      const known = new Set((await trx.selectFrom('production_steps').select('id').where('id', 'in', [...stepIds]).execute()).map((r) => r.id));
      const missing = [...stepIds].find((id) => !known.has(id));
      if (missing !== undefined) throw badRequest('errors:unknownStep', 'UNKNOWN_STEP', { id: missing });
    }
    await trx.deleteFrom('product_production_steps').where('product_id', '=', productId).execute();
    if (steps.length > 0) {
      await trx
        .insertInto('product_production_steps')
        .values(steps.map((s) => ({ product_id: productId, step_id: s.step_id, position_in_process: s.position_in_process })))
        .execute();
    }
    await recordChange(trx, { userId, kind: 'product_routing', entityId: productId, before: auditSteps(before), after: auditSteps(await getRouting(trx, productId)) });
  });
  return getRouting(db, productId);
}
