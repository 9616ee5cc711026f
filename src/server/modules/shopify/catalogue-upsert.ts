import type { Insertable, Selectable } from 'kysely';
import { ValidationError } from 'yup';
import type { Db } from '../../db';
import type { ProductsTable } from '../../db/schema';
import type { OptionNames } from '../../../shared/schemas/catalogue';
import { productSchema } from '../../../shared/schemas/products';
import { getGeneralSettings } from '../settings/service';
import type { CatalogueEntry } from './catalogue-product';
import { type OptionReader, optionReader } from './options';

/*
 * The one rule by which a shop's variant becomes a product of ours, for syncs and product webhooks
 * alike: one product per variant, found by the shop's variant id, else by SKU among the store's
 * customer's products that are not another live variant's, never by title. Only the columns the
 * shop owns are written; a variant gone from the shop is marked, never deleted (its order lines
 * keep their product), and found again it is unmarked.
 *
 * Shopify does not order its webhooks and retries them for hours, and a sync batch may be read
 * before an older webhook arrives: a row keeps the shop's `updatedAt` of the state it took, and a
 * state of the same shop product older than that is not written (a stale price costs money).
 * Times are compared as instants; when either is unknown the state is written, as before.
 *
 * A product's prices are in its own currency, never relabelled: a new row takes the currency the
 * store sells in (learnt by its syncs), else, before any sync learnt it, the settings currency, as
 * a product added by hand does. A row found again keeps the currency it has.
 */

/** A store connection as the catalogue needs it: its products belong to its customer (`user_id`). */
export interface CatalogueStore {
  id: number;
  user_id: number;
}

/**
 * The columns the shop owns. Everything else is the office's and no sync writes it: workmanship
 * rate, expected days, routing, workshop, our product id, expected weight.
 */
const SHOP_COLUMNS = [
  'title',
  'picture_url',
  'price',
  'sku',
  'vendor',
  'shopify_product_id',
  'shopify_variant_id',
  'material_id',
  'chain_length_id',
  'size_id',
  'color_id',
  'karat_id',
  'user_id',
  'shop_connection_id',
  'shop_removed_at',
] as const;

type ShopFields = { [K in (typeof SHOP_COLUMNS)[number]]: Selectable<ProductsTable>[K] };
type Row = ShopFields & { id: number; shop_updated_at: string | null };

/** Whether shop time `a` is after `b`; an unknown or unreadable time is after nothing and nothing is after it. */
const isAfter = (a: string | null, b: string | null): boolean => a !== null && b !== null && Date.parse(a) > Date.parse(b);

/** The product columns' own rules (length, characters, range), as a product form obeys them. */
const columnRules = productSchema.pick(['title', 'picture_url', 'price', 'sku', 'vendor', 'shopify_product_id', 'shopify_variant_id']);

export interface UpsertOutcome {
  added: number;
  updated: number;
  /** Also the variants whose stored state is newer than the one brought. */
  unchanged: number;
  failed: number;
  /** Why each failed variant was not written (a catalogue key). */
  failures: Array<{ variant: string; reason: string }>;
}

/** A variant's shop fields, or why they cannot be stored. */
async function shopFieldsOf(entry: CatalogueEntry, store: CatalogueStore, options: OptionReader): Promise<ShopFields | { reason: string }> {
  const { product, variant } = entry;
  // A product without options has one variant the shop calls 'Default Title'.
  const named = variant.title.trim() !== '' && variant.title !== 'Default Title';
  const own = {
    title: named ? `${product.title.trim()} - ${variant.title.trim()}` : product.title.trim(),
    picture_url: variant.imageUrl ?? product.imageUrl,
    price: variant.price,
    sku: variant.sku,
    vendor: product.vendor,
    shopify_product_id: product.id,
    shopify_variant_id: variant.id,
  };
  try {
    columnRules.validateSync(own, { strict: true });
  } catch (error) {
    if (error instanceof ValidationError) return { reason: error.errors[0] };
    throw error;
  }
  const ids = await options.idsOf(variant.options);
  if (!ids) return { reason: 'errors:catalogueOptionValueInvalid' };
  return { ...own, ...ids, user_id: store.user_id, shop_connection_id: store.id, shop_removed_at: null };
}

const sameFields = (row: Row, fields: ShopFields) => SHOP_COLUMNS.every((column) => (row[column] ?? null) === (fields[column] ?? null));

/** The currency of the store's new products: the one it sells in when known, else the settings currency. */
async function newProductCurrency(trx: Db, store: CatalogueStore): Promise<string> {
  const row = await trx.selectFrom('shop_connections').select('currency').where('id', '=', store.id).executeTakeFirst();
  return row?.currency ?? (await getGeneralSettings(trx)).currency;
}

/** Rows per insert, far below either database's limit of bound values. */
const INSERT_CHUNK = 100;

/** Writes a store's variants inside `trx` (a batch of a sync, or one product's webhook); `at` stamps what changed. */
export async function upsertVariants(trx: Db, store: CatalogueStore, entries: readonly CatalogueEntry[], names: OptionNames, at: string): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { added: 0, updated: 0, unchanged: 0, failed: 0, failures: [] };
  if (entries.length === 0) return outcome;
  const options = await optionReader(trx, names);
  const columns = ['id', 'shop_updated_at', ...SHOP_COLUMNS] as const;

  const byVariant = new Map<string, Row>();
  const variantIds = [...new Set(entries.map((entry) => entry.variant.id))];
  for (const row of await trx.selectFrom('products').select(columns).where('shopify_variant_id', 'in', variantIds).orderBy('id').execute()) {
    if (!byVariant.has(row.shopify_variant_id!)) byVariant.set(row.shopify_variant_id!, row);
  }
  // A row may be taken by SKU when no live variant has it: never linked, or its variant gone from the shop.
  const matched = new Set([...byVariant.values()].map((row) => row.id));
  const skus = [...new Set(entries.flatMap((entry) => (entry.variant.sku && !byVariant.has(entry.variant.id) ? [entry.variant.sku] : [])))];
  const bySku = new Map<string, Row[]>();
  if (skus.length > 0) {
    const candidates = await trx
      .selectFrom('products')
      .select(columns)
      .where('user_id', '=', store.user_id)
      .where('sku', 'in', skus)
      .where((eb) => eb.or([eb('shopify_variant_id', 'is', null), eb('shop_removed_at', 'is not', null)]))
      .orderBy('id')
      .execute();
    for (const row of candidates) if (!matched.has(row.id)) bySku.set(row.sku!, [...(bySku.get(row.sku!) ?? []), row]);
  }

  const added: Array<Insertable<ProductsTable>> = [];
  for (const entry of entries) {
    const fields = await shopFieldsOf(entry, store, options);
    if ('reason' in fields) {
      outcome.failed++;
      outcome.failures.push({ variant: entry.variant.id, reason: fields.reason });
      continue;
    }
    const row = byVariant.get(entry.variant.id) ?? (entry.variant.sku ? bySku.get(entry.variant.sku)?.shift() : undefined);
    const shopUpdatedAt = entry.product.updatedAt;
    if (!row) {
      added.push({ ...fields, shop_updated_at: shopUpdatedAt, created_at: at, updated_at: at });
      outcome.added++;
    } else if (row.shopify_product_id === fields.shopify_product_id && isAfter(row.shop_updated_at, shopUpdatedAt)) {
      // A row taken by SKU from another shop product has no time of this one to compare.
      outcome.unchanged++;
    } else if (sameFields(row, fields)) {
      // Nothing of ours changed, but the newer time is kept, or a state between the two would still be written.
      if (shopUpdatedAt !== null && (row.shop_updated_at === null || isAfter(shopUpdatedAt, row.shop_updated_at))) {
        await trx.updateTable('products').set({ shop_updated_at: shopUpdatedAt }).where('id', '=', row.id).execute();
      }
      outcome.unchanged++;
    } else {
      await trx.updateTable('products').set({ ...fields, shop_updated_at: shopUpdatedAt, updated_at: at }).where('id', '=', row.id).execute();
      outcome.updated++;
    }
  }
  if (added.length > 0) {
    const currency = await newProductCurrency(trx, store);
    for (const row of added) row.currency = currency;
  }
  for (let i = 0; i < added.length; i += INSERT_CHUNK) await trx.insertInto('products').values(added.slice(i, i + INSERT_CHUNK)).execute();
  return outcome;
}

/**
 * Whether a row of the store's customer for this shop product holds a state newer than `updatedAt`:
 * a product webhook carrying an older state then changes nothing, neither its variants nor which are gone.
 */
export async function newerStateStored(trx: Db, store: CatalogueStore, productId: string, updatedAt: string | null): Promise<boolean> {
  if (updatedAt === null) return false;
  const rows = await trx
    .selectFrom('products')
    .select('shop_updated_at')
    .where('shopify_product_id', '=', productId)
    .where('user_id', '=', store.user_id)
    .where('shop_updated_at', 'is not', null)
    .execute();
  return rows.some((row) => isAfter(row.shop_updated_at, updatedAt));
}

/** Rows per update of marked variants. */
const MARK_CHUNK = 500;

/** After a store's full sync: its variants the sync did not see are marked as gone from the shop. Returns how many. */
export async function markUnseen(db: Db, connectionId: number, seen: ReadonlySet<string>, at: string): Promise<number> {
  const listed = await db.selectFrom('products').select(['id', 'shopify_variant_id']).where('shop_connection_id', '=', connectionId).where('shop_removed_at', 'is', null).execute();
  const gone = listed.filter((row) => !seen.has(row.shopify_variant_id ?? '')).map((row) => row.id);
  for (let i = 0; i < gone.length; i += MARK_CHUNK) {
    const ids = gone.slice(i, i + MARK_CHUNK);
    await db.transaction().execute((trx) => trx.updateTable('products').set({ shop_removed_at: at, updated_at: at }).where('id', 'in', ids).execute());
  }
  return gone.length;
}

/**
 * One product's webhook: its variants other than `kept` (all of them when the product was deleted)
 * are marked as gone. A product id names one product of the shop; the customer keeps it to the store's products.
 */
export async function markGone(trx: Db, store: CatalogueStore, productId: string, kept: readonly string[], at: string): Promise<void> {
  let query = trx
    .updateTable('products')
    .set({ shop_removed_at: at, updated_at: at })
    .where('shopify_product_id', '=', productId)
    .where('user_id', '=', store.user_id)
    .where('shop_removed_at', 'is', null);
  if (kept.length > 0) query = query.where('shopify_variant_id', 'not in', kept);
  await query.execute();
}
