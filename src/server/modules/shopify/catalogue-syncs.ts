import type { Db, DialectName } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, notFound } from '../../errors';
import { message } from '../../messages';
import type { CatalogueSyncDto } from '../../../shared/api';
import type { ShopifyClient } from './client';
import { catalogueInBulk } from './catalogue-bulk';
import { catalogueByPages, catalogueSize, expectedVariants } from './catalogue-pages';
import { entriesOf, type ShopProduct } from './catalogue-product';
import { type CatalogueStore, markUnseen, upsertVariants, type UpsertOutcome } from './catalogue-upsert';
import { getOptionNames } from './options';

/*
 * Catalogue syncs run in this process as tasks of their own, apart from the job worker (whose one
 * SQLite slot stays free for orders). Each is a row of catalogue_syncs: the admin's progress bar
 * reads it, and its partial unique index lets one sync of a store run at a time, whichever process
 * starts it. A store is read page by page, or in one bulk operation when it is large; each batch
 * of variants is written in a transaction of its own together with the row's counts.
 */

/** Above this many variants a store is read through a bulk operation instead of pages. */
export const BULK_ABOVE_VARIANTS = 2_000;
/** A running sync whose row was not written for this long belongs to a process that died. */
const SYNC_STALE_MS = 5 * 60_000;

export interface SyncTarget extends CatalogueStore {
  client: ShopifyClient;
}

export interface CatalogueSyncOptions {
  db: Db;
  dialect: DialectName;
  log: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void };
  /** BULK_ABOVE_VARIANTS; tests lower it to reach the bulk path with a small store, the bench lifts it to time pages. */
  bulkAboveVariants?: number;
  /** Between two status reads of a bulk operation. */
  bulkPollMs?: number;
}

const SYNC_COLUMNS = [
  's.id',
  's.connection_id',
  'c.shop_name',
  's.status',
  's.started_at',
  's.finished_at',
  's.total',
  's.done',
  's.added',
  's.updated',
  's.unchanged',
  's.failed',
  's.removed',
  's.error',
] as const;

/** Syncs as answered: the row with its store's name, no column more or less (`$assertType`). */
function syncRows(db: Db) {
  return db.selectFrom('catalogue_syncs as s').innerJoin('shop_connections as c', 'c.id', 's.connection_id').select(SYNC_COLUMNS).$assertType<CatalogueSyncDto>();
}

/** The latest sync of every store that has one. */
export function latestSyncs(db: Db): Promise<CatalogueSyncDto[]> {
  return syncRows(db)
    .where('s.id', 'in', (eb) => eb.selectFrom('catalogue_syncs').select((inner) => inner.fn.max('id').as('id')).groupBy('connection_id'))
    .orderBy('s.connection_id')
    .execute();
}

/** The store connections a sync request names: that store, or every active store when none is named. */
export async function syncConnections(db: Db, shopId: number | null | undefined) {
  const rows = await db
    .selectFrom('shop_connections')
    .select(['id', 'user_id', 'status', 'shop_name', 'shop_domain', 'api_key', 'api_secret', 'access_token'])
    .where('kind', '=', 'store')
    .$if(shopId != null, (query) => query.where('id', '=', shopId!))
    .orderBy('id')
    .execute();
  if (shopId != null && rows.length === 0) throw notFound('errors:shopifyUnknownConnection', 'UNKNOWN_SHOP_CONNECTION', { id: shopId });
  const active = rows.filter((row) => row.status === 'active');
  if (shopId != null && active.length === 0) throw conflict('errors:catalogueStoreInactive', 'CATALOGUE_STORE_INACTIVE');
  if (active.length === 0) throw conflict('errors:shopNotConfigured', 'SHOP_NOT_CONFIGURED');
  return active;
}

/** Running syncs last written before `before` (all of them when null) become failed: their process is gone. */
async function interrupt(db: Db, before: string | null): Promise<void> {
  const at = new Date().toISOString();
  await db
    .updateTable('catalogue_syncs')
    .set({ status: 'failed', error: message('errors:catalogueSyncInterrupted'), finished_at: at, updated_at: at })
    .where('status', '=', 'running')
    .$if(before !== null, (query) => query.where('updated_at', '<', before!))
    .execute();
}

/** The row of a sync someone else ended (found dead, then restarted): this task stops writing. */
class Superseded extends Error {}

/** Counts of a sync so far; `done` is every variant read, failed ones included. */
interface Counts {
  total: number;
  done: number;
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export function catalogueSyncs({ db, dialect, log, bulkAboveVariants = BULK_ABOVE_VARIANTS, bulkPollMs = 1000 }: CatalogueSyncOptions) {
  const stopping = new AbortController();
  const tasks = new Set<Promise<void>>();

  async function writeRow(trx: Db, id: number, fields: Partial<Counts> & { status?: 'done' | 'failed'; removed?: number; error?: string; finished_at?: string }): Promise<void> {
    const result = await trx
      .updateTable('catalogue_syncs')
      .set({ ...fields, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new Superseded();
  }

  /** Reads and writes one store's catalogue; `sized` is called once the store said how big it is (or failed). */
  async function run(id: number, target: SyncTarget, sized: () => void): Promise<void> {
    const { signal } = stopping;
    const counts: Counts = { total: 0, done: 0, added: 0, updated: 0, unchanged: 0, failed: 0 };
    const seen = new Set<string>();
    let productsRead = 0;
    try {
      const size = await catalogueSize(target.client, signal);
      // Kept on the connection: the products this sync adds are priced in it, and so are those of
      // later product webhooks, which name no currency.
      if (size.currency) await db.updateTable('shop_connections').set({ currency: size.currency }).where('id', '=', target.id).execute();
      await writeRow(db, id, { total: size.variants });
      sized();
      const names = await getOptionNames(db);

      /** One batch and the row's counts in one transaction, so the bar never shows what is not stored. */
      async function write(products: ShopProduct[]): Promise<void> {
        const entries = entriesOf(products);
        const at = new Date().toISOString();
        const total = expectedVariants(size.products, productsRead + products.length, counts.done + entries.length);
        const after = (outcome: Omit<UpsertOutcome, 'failures'>): Counts => ({
          total,
          done: counts.done + entries.length,
          added: counts.added + outcome.added,
          updated: counts.updated + outcome.updated,
          unchanged: counts.unchanged + outcome.unchanged,
          failed: counts.failed + outcome.failed,
        });
        let next: Counts;
        try {
          next = await db.transaction().execute(async (trx) => {
            const outcome = await upsertVariants(trx, target, entries, names, at);
            for (const failure of outcome.failures) log.warn({ sync: id, variant: failure.variant, reason: message(failure.reason) }, 'a shop variant was not synced');
            const written = after(outcome);
            await writeRow(trx, id, written);
            return written;
          });
        } catch (error) {
          if (error instanceof Superseded || signal.aborted) throw error;
          // The database refused the batch as a whole: each variant alone, so one bad variant fails alone.
          log.warn({ err: error, sync: id }, 'a catalogue batch failed; its variants are written one by one');
          const outcome = { added: 0, updated: 0, unchanged: 0, failed: 0 };
          for (const entry of entries) {
            const one = await db
              .transaction()
              .execute((trx) => upsertVariants(trx, target, [entry], names, at))
              .catch((failure: unknown) => {
                log.warn({ err: failure, sync: id, variant: entry.variant.id }, 'a shop variant was not synced');
                return { added: 0, updated: 0, unchanged: 0, failed: 1 };
              });
            for (const key of ['added', 'updated', 'unchanged', 'failed'] as const) outcome[key] += one[key];
          }
          next = after(outcome);
          await writeRow(db, id, next);
        }
        Object.assign(counts, next);
        productsRead += products.length;
        for (const entry of entries) seen.add(entry.variant.id);
      }

      const batches =
        size.variants > bulkAboveVariants
          ? catalogueInBulk(target.client, { signal, pollMs: bulkPollMs, waiting: () => writeRow(db, id, {}) })
          : catalogueByPages(target.client, size, signal);
      for await (const products of batches) {
        await write(products);
        signal.throwIfAborted();
      }
      const removed = await markUnseen(db, target.id, seen, new Date().toISOString());
      await writeRow(db, id, { status: 'done', total: counts.done, removed, finished_at: new Date().toISOString() });
    } catch (error) {
      if (error instanceof Superseded) return;
      const reason = signal.aborted ? message('errors:catalogueSyncInterrupted') : error instanceof AppError ? error.message : message('errors:catalogueSyncFailed');
      if (!signal.aborted && !(error instanceof AppError)) log.error({ err: error, sync: id }, 'a catalogue sync failed');
      await writeRow(db, id, { status: 'failed', error: reason.slice(0, 2000), finished_at: new Date().toISOString() }).catch((failure: unknown) => {
        if (!(failure instanceof Superseded)) log.error({ err: failure, sync: id }, 'a failed catalogue sync could not be marked');
      });
    } finally {
      sized();
    }
  }

  return {
    /**
     * Starts a sync of each store, all or none: one already running answers 409. Resolves once each
     * store said how big its catalogue is (or failed to), with the new syncs; they go on after it.
     */
    async start(targets: readonly SyncTarget[]): Promise<CatalogueSyncDto[]> {
      await interrupt(db, new Date(Date.now() - SYNC_STALE_MS).toISOString());
      const at = new Date().toISOString();
      let ids: number[];
      try {
        ids = await db.transaction().execute(async (trx) => {
          const created: number[] = [];
          for (const target of targets) {
            const row = await trx.insertInto('catalogue_syncs').values({ connection_id: target.id, status: 'running', started_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
            created.push(row.id);
          }
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('errors:catalogueSyncRunning', 'CATALOGUE_SYNC_RUNNING');
        throw error;
      }
      await Promise.all(
        targets.map(
          (target, i) =>
            new Promise<void>((sized) => {
              const task = run(ids[i], target, sized).finally(() => tasks.delete(task));
              tasks.add(task);
            }),
        ),
      );
      return syncRows(db).where('s.id', 'in', ids).orderBy('s.id').execute();
    },

    /** At start-up: syncs left running by a process that died are failed. SQLite has one process, so every running one is. */
    recover(): Promise<void> {
      return interrupt(db, dialect === 'sqlite' ? null : new Date(Date.now() - SYNC_STALE_MS).toISOString());
    },

    /** Stops the syncs under way (each marked failed as interrupted) and waits for them. */
    async close(): Promise<void> {
      stopping.abort();
      await Promise.all([...tasks]);
    },
  };
}

export type CatalogueSyncs = ReturnType<typeof catalogueSyncs>;
