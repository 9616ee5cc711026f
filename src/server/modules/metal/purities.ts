import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { ayarOf } from '../../../shared/metal';
import type { KaratDto, PurityDto } from '../../../shared/metal-api';
import { now } from './stored';

export async function listPurities(db: Db): Promise<PurityDto[]> {
  // The answer is the row, no column more or less (`$assertType`).
  return db.selectFrom('metal_purities').selectAll().$assertType<PurityDto>().orderBy('metal').orderBy('ayar', 'desc').execute();
}

export async function updatePurity(db: Db, id: number, milyem: number): Promise<PurityDto> {
  const updated = await db.updateTable('metal_purities').set({ milyem, updated_at: now() }).where('id', '=', id).returningAll().$assertType<PurityDto>().executeTakeFirst();
  if (!updated) throw notFound();
  return updated;
}

/** The product option whose values are karats (product_options: 5, 'Ayar'). */
const KARAT_OPTION = 5;

/**
 * Every karat option value with the purity it stands for: the office's mapping where it set one,
 * else the gold purity of the ayar its name says ('14 ayar' -> 14 ayar, 585).
 */
export async function karats(db: Db): Promise<KaratDto[]> {
  const values = await db
    .selectFrom('product_option_values as v')
    .leftJoin('metal_karats as k', 'k.option_value_id', 'v.id')
    .select(['v.id', 'v.value_name', 'k.option_value_id as mapped', 'k.purity_id'])
    .where('v.option_id', '=', KARAT_OPTION)
    .orderBy('v.id')
    .execute();
  const gold = new Map((await db.selectFrom('metal_purities').select(['id', 'ayar']).where('metal', '=', 'gold').execute()).map((p) => [p.ayar, p.id]));
  return values.map((value) => ({
    option_value_id: value.id,
    value_name: value.value_name,
    purity_id: value.mapped !== null ? value.purity_id : (gold.get(ayarOf(value.value_name)) ?? null),
    set_by_office: value.mapped !== null,
  }));
}

/** The office says which purity a karat value stands for (null: none). */
export async function setKarat(db: Db, optionValueId: number, purityId: number | null): Promise<KaratDto> {
  const value = await db.selectFrom('product_option_values').select('id').where('id', '=', optionValueId).where('option_id', '=', KARAT_OPTION).executeTakeFirst();
  if (!value) throw notFound();
  if (purityId !== null && !(await db.selectFrom('metal_purities').select('id').where('id', '=', purityId).executeTakeFirst())) throw badRequest('errors:purityUnknown', 'PURITY_UNKNOWN');
  const updated_at = now();
  await db
    .insertInto('metal_karats')
    .values({ option_value_id: optionValueId, purity_id: purityId, updated_at })
    .onConflict((oc) => oc.column('option_value_id').doUpdateSet({ purity_id: purityId, updated_at }))
    .execute();
  return (await karats(db)).find((karat) => karat.option_value_id === optionValueId)!;
}
