import { array, object } from 'yup';
import { integer, text } from './fields';

/** The product fields a shop's options fill, in the order of the lookups' options (product_options 1 to 5). */
export const OPTION_FIELDS = ['material', 'chain_length', 'size', 'color', 'karat'] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];

/** For each field, the shop option names that fill it (compared case-folded, Turkish and English alike). */
export type OptionNames = Record<OptionField, string[]>;

export const DEFAULT_OPTION_NAMES: OptionNames = {
  material: ['Malzeme', 'Material', 'Metal', 'Maden'],
  chain_length: ['Zincir Uzunluğu', 'Zincir', 'Chain Length', 'Length', 'Uzunluk'],
  size: ['Beden', 'Ölçü', 'Size', 'Yüzük Ölçüsü'],
  color: ['Renk', 'Color', 'Colour'],
  karat: ['Ayar', 'Karat', 'Carat'],
};

/** Names per field: more would be a list pasted by mistake. */
export const OPTION_NAMES_MAX = 30;

const names = array(
  text()
    .typeError('errors:catalogueOptionNameInvalid')
    .trim('errors:catalogueOptionNameInvalid')
    .required('errors:catalogueOptionNameInvalid')
    .max(100, 'validation:textTooLong'),
)
  .typeError('errors:catalogueOptionNameInvalid')
  .required('errors:catalogueOptionNameInvalid')
  .max(OPTION_NAMES_MAX, 'errors:catalogueOptionNamesTooMany');

/** The option-name mapping of the settings (that a name fills one field at most, the server checks). */
export const optionNamesSchema = object({
  material: names,
  chain_length: names,
  size: names,
  color: names,
  karat: names,
});

/** A catalogue sync of one store, or of every active store when no shop_id is given. */
export const catalogueSyncSchema = object({
  shop_id: integer('errors:catalogueShopIdInvalid', 1).nullable(),
});
