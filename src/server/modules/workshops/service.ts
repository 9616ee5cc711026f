import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import { namedColumns } from '../../db/columns';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { recordChanges } from '../audit/record';
import type { LineBus, RecordChanges } from '../live/bus';
import { lineFigures } from '../order-lines/figures';
import { getGeneralSettings } from '../settings/service';
import { workingSet } from '../order-lines/queries';
import { workingSetStart } from '../settings/service';
import { moveLines } from '../orders/line-writer';
import type { Page } from '../../paging';
import type { ProductDto, ProductWorkshopDto, WorkshopDto, WorkshopStatisticsDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { LineStatus, NOT_STARTED } from '../../../shared/statuses';

const WORKSHOP_COLUMNS = ['name', 'code', 'address', 'company_name', 'phone_number', 'tax_number', 'user_id'] as const;

export interface WorkshopInput {
  name: string;
  code: string;
  address: string;
  company_name: string;
  phone_number: string;
  tax_number: string;
  user_id: number;
}

const now = () => new Date().toISOString();

async function processesOf(db: Db, workshopIds: number[]) {
  if (workshopIds.length === 0) return [];
  return db
    .selectFrom('workshop_processes as wp')
    .innerJoin('production_steps as s', 's.id', 'wp.step_id')
    .select(['wp.id', 'wp.workshop_id', 'wp.step_id', 's.step_name'])
    .where('wp.workshop_id', 'in', workshopIds)
    .orderBy('wp.id')
    .execute();
}

/** A workshop's row: its answer but for the processes read beside it, and is_deleted stored as 0/1. */
type StoredWorkshop = Omit<WorkshopDto, 'processes' | 'is_deleted'> & { is_deleted: number };

async function withProcesses(db: Db, rows: StoredWorkshop[]): Promise<WorkshopDto[]> {
  const processes = await processesOf(db, rows.map((r) => r.id));
  return rows.map((row) => ({
    ...row,
    is_deleted: row.is_deleted === 1,
    processes: processes
      .filter((p) => p.workshop_id === row.id)
      .map((p) => ({ id: p.id, step_id: p.step_id, name: p.step_name, step_name: p.step_name })),
  }));
}

const liveWorkshops = (db: Db) => db.selectFrom('workshops').where('is_deleted', '=', 0);

/** Rows with their answer's fields, no more and no fewer (`$assertType`). */
const workshopRows = (db: Db) => liveWorkshops(db).selectAll().$assertType<StoredWorkshop>();

export async function listWorkshops(db: Db): Promise<WorkshopDto[]> {
  return withProcesses(db, await workshopRows(db).orderBy('id').execute());
}

export async function getWorkshop(db: Db, id: number): Promise<WorkshopDto> {
  const row = await workshopRows(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return (await withProcesses(db, [row]))[0];
}

/** A workshop belongs to one user of the workshop role, and a user has at most one workshop. */
async function checkOwner(db: Db, userId: number, exceptWorkshop?: number): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'role_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw badRequest('errors:unknownUserId', 'UNKNOWN_USER', { id: userId });
  if (user.role_id !== Role.Workshop) throw badRequest('errors:notWorkshopUser', 'NOT_WORKSHOP_USER');
  let other = liveWorkshops(db).select('id').where('user_id', '=', userId);
  if (exceptWorkshop !== undefined) other = other.where('id', '!=', exceptWorkshop);
  if (await other.executeTakeFirst()) throw conflict('errors:userHasWorkshop', 'USER_HAS_WORKSHOP');
}

export async function createWorkshop(db: Db, input: WorkshopInput): Promise<WorkshopDto> {
  await checkOwner(db, input.user_id);
  const at = now();
  const { id } = await db
    .insertInto('workshops')
    .values({ ...namedColumns(input, WORKSHOP_COLUMNS), is_deleted: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getWorkshop(db, id);
}

export async function updateWorkshop(db: Db, id: number, input: WorkshopInput): Promise<WorkshopDto> {
  await getWorkshop(db, id);
  await checkOwner(db, input.user_id, id);
  await db.updateTable('workshops').set({ ...namedColumns(input, WORKSHOP_COLUMNS), updated_at: now() }).where('id', '=', id).execute();
  return getWorkshop(db, id);
}

/** Soft delete; a workshop with unfinished lines stays, and its products become unassigned. */
export async function deleteWorkshop(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await getWorkshop(trx, id);
    const open = await trx
      .selectFrom('order_lines')
      .select('id')
      .where('workshop_id', '=', id)
      .where('order_line_status_id', '<', LineStatus.Completed)
      .executeTakeFirst();
    if (open) throw conflict('errors:workshopHasOpenLines', 'WORKSHOP_HAS_OPEN_LINES');
    await trx.updateTable('products').set({ workshop_id: null }).where('workshop_id', '=', id).execute();
    await trx.updateTable('workshops').set({ is_deleted: 1, updated_at: now() }).where('id', '=', id).execute();
  });
}

export async function addProcess(db: Db, workshopId: number, stepId: number): Promise<WorkshopDto> {
  await getWorkshop(db, workshopId);
  const step = await db.selectFrom('production_steps').select('id').where('id', '=', stepId).executeTakeFirst();
  if (!step) throw badRequest('errors:unknownStep', 'UNKNOWN_STEP', { id: stepId });
  try {
    await db.insertInto('workshop_processes').values({ workshop_id: workshopId, step_id: stepId }).execute();
  } catch (error) {
    // Already there: adding twice leaves one.
    if (!isUniqueViolation(error)) throw error;
  }
  return getWorkshop(db, workshopId);
}

export async function removeProcess(db: Db, workshopId: number, processId: number): Promise<WorkshopDto> {
  await getWorkshop(db, workshopId);
  const removed = await db.deleteFrom('workshop_processes').where('id', '=', processId).where('workshop_id', '=', workshopId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound();
  return getWorkshop(db, workshopId);
}

/** The workshop's figures; its turnover counts the orders in the settings currency, the office's, never converting others. */
export async function statistics(db: Db, workshopId: number): Promise<WorkshopStatisticsDto> {
  await getWorkshop(db, workshopId);
  const { currency } = await getGeneralSettings(db);
  const figures = await lineFigures(db, { column: 'l.workshop_id', id: workshopId }, new Date(), currency);
  return {
    turnover: figures.turnover,
    currency,
    open_order_total: figures.open_total,
    open_order_daily: figures.open_daily,
    total_order_total: figures.lines,
    total_order_daily: figures.total_daily,
  };
}

export async function productsOf(db: Db, workshopId: number): Promise<ProductDto[]> {
  await getWorkshop(db, workshopId);
  return db.selectFrom('products').selectAll().where('workshop_id', '=', workshopId).orderBy('id').execute();
}

/** The workshop's working set of order lines (of `page`), newest first, with every field the order routes give, handed on page by page for the route to stream; an unknown workshop is "not found" first. */
export async function ordersOf(db: Db, workshopId: number, page?: Page) {
  await getWorkshop(db, workshopId);
  return (await workingSet(db, { userId: 0, workshopId }, await workingSetStart(db), page)).pages;
}

async function checkProducts(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const unique = [...new Set(productIds)];
  const known = new Set((await db.selectFrom('products').select('id').where('id', 'in', unique).execute()).map((r) => r.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw badRequest('errors:unknownProduct', 'UNKNOWN_PRODUCT', { id: missing });
}

/**
 * Moves products to a workshop (or none) inside the caller's transaction. Their order lines that
 * have not started follow them (each move a history row and a live change, heard by both
 * workshops); lines already in production stay with the workshop that works on them.
 */
async function moveProducts(trx: Transaction<Database>, record: RecordChanges, productIds: number[], workshopId: number | null, userId: number): Promise<void> {
  if (productIds.length === 0) return;
  const at = now();
  // One audit row per product that really changes workshop, with the workshops' names of the moment.
  const before = await trx
    .selectFrom('products as p')
    .leftJoin('workshops as w', 'w.id', 'p.workshop_id')
    .select(['p.id', 'p.workshop_id', 'w.name'])
    .where('p.id', 'in', productIds)
    .orderBy('p.id')
    .execute();
  const target = workshopId === null ? null : ((await trx.selectFrom('workshops').select('name').where('id', '=', workshopId).executeTakeFirst())?.name ?? null);
  await trx.updateTable('products').set({ workshop_id: workshopId, updated_at: at }).where('id', 'in', productIds).execute();
  await recordChanges(
    trx,
    before
      .filter((p) => p.workshop_id !== workshopId)
      .map((p) => ({
        userId,
        kind: 'product_workshop' as const,
        entityId: p.id,
        before: { workshop_id: p.workshop_id, workshop_name: p.name ?? null },
        after: { workshop_id: workshopId, workshop_name: target },
      })),
  );
  const moving = await trx
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.order_id', 'l.workshop_id', 'o.customer_id', 'l.order_line_status_id', 'l.current_order_line_process'])
    .where('l.product_id', 'in', productIds)
    .where('l.order_line_status_id', '=', LineStatus.Waiting)
    .where('l.current_order_line_process', '=', NOT_STARTED)
    .where('l.canceled_at', 'is', null)
    .where((eb) => (workshopId === null ? eb('l.workshop_id', 'is not', null) : eb.or([eb('l.workshop_id', 'is', null), eb('l.workshop_id', '!=', workshopId)])))
    .orderBy('l.id')
    .execute();
  await moveLines(trx, record, moving, workshopId, userId, at);
}

/** Puts products in a workshop (or none), all or nothing; the audit rows name `userId`. */
export async function assignProducts(db: Db, bus: LineBus, productIds: number[], workshopId: number | null, userId: number): Promise<void> {
  await bus.write(db, async (trx, record) => {
    if (workshopId !== null) {
      const workshop = await liveWorkshops(trx).select('id').where('id', '=', workshopId).executeTakeFirst();
      if (!workshop) throw notFound('errors:unknownWorkshop', 'UNKNOWN_WORKSHOP', { id: workshopId });
    }
    await checkProducts(trx, productIds);
    await moveProducts(trx, record, productIds, workshopId, userId);
  });
}

/**
 * PUT /workshops/{id}/products: exactly these products belong to the workshop afterwards. One
 * transaction: a failure half-way leaves the workshop's products as they were.
 */
export async function replaceProducts(db: Db, bus: LineBus, workshopId: number, productIds: number[], userId: number): Promise<void> {
  await bus.write(db, async (trx, record) => {
    await getWorkshop(trx, workshopId);
    await checkProducts(trx, productIds);
    const current = (await trx.selectFrom('products').select('id').where('workshop_id', '=', workshopId).execute()).map((r) => r.id);
    const keep = new Set(productIds);
    await moveProducts(trx, record, current.filter((id) => !keep.has(id)), null, userId);
    await moveProducts(trx, record, productIds, workshopId, userId);
  });
}

export async function workshopOfProduct(db: Db, productId: number): Promise<ProductWorkshopDto> {
  const row = await db
    .selectFrom('products as p')
    .leftJoin('workshops as w', (join) => join.onRef('w.id', '=', 'p.workshop_id').on('w.is_deleted', '=', 0))
    .select(['p.id', 'w.id as workshop_id', 'w.name as workshop_name'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { workshop_id: row.workshop_id ?? null, workshop_name: row.workshop_name ?? null };
}
