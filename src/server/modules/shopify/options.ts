import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { hasControlCharacters } from '../../../shared/schemas/fields';
import { DEFAULT_OPTION_NAMES, OPTION_FIELDS, type OptionField, type OptionNames } from '../../../shared/schemas/catalogue';
import { foldCase } from '../../../shared/text';
import { changedFields, recordChange } from '../audit/record';

/*
 * A shop's options (Malzeme: Altın, Ayar: 14, Size: M ...) as the five option fields of a product:
 * the option's name says the field (a mapping the admin edits in the settings), its value is an
 * entry of the lookups, added when the lookups do not have it yet.
 */

const KEY = 'catalogue_option_names';

/** The lookups' option behind each field (product_options, migration 0002). */
const OPTION_IDS: Record<OptionField, number> = { material: 1, chain_length: 2, size: 3, color: 4, karat: 5 };

/** The size of product_option_values.value_name: a longer value cannot be an entry. */
const VALUE_MAX = 100;

type OptionIds = Record<`${OptionField}_id`, number | null>;

export async function getOptionNames(db: Db): Promise<OptionNames> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row ? { ...DEFAULT_OPTION_NAMES, ...(JSON.parse(row.value) as Partial<OptionNames>) } : DEFAULT_OPTION_NAMES;
}

/** Saves the mapping; its audit row (a settings change) holds the fields whose names changed. A name may fill one field only. */
export async function saveOptionNames(db: Db, names: OptionNames, userId: number): Promise<OptionNames> {
  const all = OPTION_FIELDS.flatMap((field) => names[field]).map(foldCase);
  if (new Set(all).size !== all.length) throw badRequest('errors:catalogueOptionNameTwice', 'OPTION_NAME_TWICE');
  const value = JSON.stringify(names);
  const updated_at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await getOptionNames(trx);
    await trx
      .insertInto('settings')
      .values({ key: KEY, value, updated_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
      .execute();
    await recordChange(trx, { userId, kind: 'settings', entityId: null, ...changedFields(before, names, OPTION_FIELDS) });
  });
  return getOptionNames(db);
}

/**
 * Reads selected options into option ids inside `trx`, which it adds the values the lookups lack to.
 * Values are matched case-folded, so 'ALTIN' finds 'Altın'; the first entry of a value wins.
 */
export async function optionReader(trx: Db, names: OptionNames) {
  const fieldOf = new Map(OPTION_FIELDS.flatMap((field) => names[field].map((name) => [foldCase(name.trim()), field] as const)));
  const entryKey = (optionId: number, value: string) => `${optionId}\n${foldCase(value)}`;
  const entries = new Map<string, number>();
  const known = await trx.selectFrom('product_option_values').select(['id', 'option_id', 'value_name']).where('option_id', 'in', Object.values(OPTION_IDS)).orderBy('id').execute();
  for (const entry of known) {
    const key = entryKey(entry.option_id, entry.value_name.trim());
    if (!entries.has(key)) entries.set(key, entry.id);
  }

  async function entryOf(field: OptionField, value: string): Promise<number> {
    const key = entryKey(OPTION_IDS[field], value);
    let id = entries.get(key);
    if (id === undefined) {
      ({ id } = await trx.insertInto('product_option_values').values({ option_id: OPTION_IDS[field], value_name: value }).returning('id').executeTakeFirstOrThrow());
      entries.set(key, id);
    }
    return id;
  }

  return {
    /** The option ids of a variant's selected options (a field named twice takes the first), or null when a value cannot be stored. */
    async idsOf(selected: ReadonlyArray<{ name: string; value: string }>): Promise<OptionIds | null> {
      const chosen = new Map<OptionField, string>();
      for (const { name, value } of selected) {
        const field = fieldOf.get(foldCase(name.trim()));
        const text = value.trim();
        if (!field || chosen.has(field) || text === '') continue;
        if (text.length > VALUE_MAX || hasControlCharacters(text)) return null;
        chosen.set(field, text);
      }
      const ids: OptionIds = { material_id: null, chain_length_id: null, size_id: null, color_id: null, karat_id: null };
      for (const [field, text] of chosen) ids[`${field}_id`] = await entryOf(field, text);
      return ids;
    },
  };
}

export type OptionReader = Awaited<ReturnType<typeof optionReader>>;
