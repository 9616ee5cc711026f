import { sql } from 'kysely';
import type { Db } from '../../db';
import { namedColumns } from '../../db/columns';
import { badRequest, conflict, notFound } from '../../errors';
import type { CreditChangeDto, CustomerDto, CustomerStatisticsDto } from '../../../shared/api';
import { type Amount, creditStanding, type CreditStanding } from '../../../shared/credit';
import { Role } from '../../../shared/roles';
import { recordChange } from '../audit/record';
import { lineFigures, openSql } from '../order-lines/figures';
import type { Actor } from '../order-lines/actor';
import { getGeneralSettings } from '../settings/service';

const CUSTOMER_COLUMNS = ['name', 'email', 'phone', 'address', 'company_name', 'credit', 'tax_number', 'user_id', 'zip_code', 'city'] as const;

export interface CustomerInput {
  name: string;
  email: string;
  phone: string;
  address: string;
  company_name: string;
  credit: number;
  tax_number: string;
  user_id: number;
  /** Postcode and city: the customer's manual orders start from them. */
  zip_code?: string;
  city?: string;
}

const now = () => new Date().toISOString();

/** Customers as answered: the whole row, no column more or less (`$assertType`). */
const customers = (db: Db) => db.selectFrom('customers').selectAll().$assertType<CustomerDto>();

export function listCustomers(db: Db): Promise<CustomerDto[]> {
  return customers(db).orderBy('id').execute();
}

export async function getCustomer(db: Db, id: number): Promise<CustomerDto> {
  const customer = await customers(db).where('id', '=', id).executeTakeFirst();
  if (!customer) throw notFound();
  return customer;
}

/** A customer record belongs to one user of the B2B customer role; its credit is in the settings currency of the day. */
export async function createCustomer(db: Db, input: CustomerInput): Promise<CustomerDto> {
  const user = await db.selectFrom('users').select(['id', 'role_id']).where('id', '=', input.user_id).executeTakeFirst();
  if (!user) throw badRequest('errors:unknownUserId', 'UNKNOWN_USER', { id: input.user_id });
  if (user.role_id !== Role.Customer) throw badRequest('errors:notCustomerUser', 'NOT_CUSTOMER_USER');
  if (await db.selectFrom('customers').select('id').where('user_id', '=', input.user_id).executeTakeFirst()) {
    throw conflict('errors:userHasCustomer', 'USER_HAS_CUSTOMER');
  }
  const at = now();
  const { currency } = await getGeneralSettings(db);
  const { id } = await db
    .insertInto('customers')
    .values({ ...namedColumns(input, CUSTOMER_COLUMNS), credit_currency: currency, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getCustomer(db, id);
}

/** What the customer owes on its open orders (lines neither completed nor canceled), one total per order currency. */
async function openAmounts(db: Db, customerId: number, exceptOrder?: number): Promise<Amount[]> {
  let lines = db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['o.currency', sql<number>`coalesce(sum(l.total_price), 0)`.as('amount')])
    // An open line is never closed: `closed_at is null` narrows the read to the customer's index of such lines.
    .where('l.customer_id', '=', customerId)
    .where('l.closed_at', 'is', null)
    .where(openSql())
    .groupBy('o.currency');
  if (exceptOrder !== undefined) lines = lines.where('l.order_id', '<>', exceptOrder);
  const rows = await lines.execute();
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

/**
 * The customer's credit, its open orders in the credit's currency and what is left (shared/credit.ts);
 * without the order `exceptOrder` (one being placed, its lines already written).
 */
export async function creditStandingOf(db: Db, customer: Pick<CustomerDto, 'id' | 'credit' | 'credit_currency'>, exceptOrder?: number): Promise<CreditStanding> {
  return creditStanding(Number(customer.credit), customer.credit_currency, await openAmounts(db, customer.id, exceptOrder));
}

/** The customer's figures; its money figures count the orders in its credit's currency. */
export async function statistics(db: Db, customer: CustomerDto): Promise<CustomerStatisticsDto> {
  const f = await lineFigures(db, { column: 'l.customer_id', id: customer.id }, new Date(), customer.credit_currency);
  return {
    // The open amounts of the same pass over the lines, as creditStandingOf reads them alone.
    ...creditStanding(Number(customer.credit), customer.credit_currency, f.open_amounts),
    currency: customer.credit_currency,
    number_of_orders: f.orders,
    number_of_products_ordered: f.lines,
    number_of_products_waiting: f.waiting,
    number_of_canceled_orders: f.canceled_orders,
    number_of_late_products: f.late,
    number_of_products_in_process: f.in_process,
    average_order_value: f.priced_orders === 0 ? 0 : Math.round((f.total_revenue / f.priced_orders) * 100) / 100,
    total_revenue: f.total_revenue,
    revenue: f.revenue,
    open_order_total: f.open_total,
    open_order_daily: f.open_daily,
    total_order_total: f.lines,
    total_order_daily: f.total_daily,
  };
}

export function creditHistory(db: Db, customerId: number): Promise<CreditChangeDto[]> {
  return db
    .selectFrom('customer_credit_changes as c')
    .innerJoin('users as u', 'u.id', 'c.changed_by')
    .select(['c.id', 'c.changed_by', 'u.username as changed_by_username', 'c.old_credit', 'c.new_credit', 'c.created_at'])
    .$assertType<CreditChangeDto>()
    .where('c.customer_id', '=', customerId)
    .orderBy('c.id', 'desc')
    .execute();
}

/** The customer with its figures and credit history, as the detail screen shows it. */
export async function customerInfo(db: Db, id: number) {
  const customer = await getCustomer(db, id);
  return { ...customer, ...(await statistics(db, customer)), credit_history: await creditHistory(db, id) };
}

/** Sets the credit, in the currency it has, and records who changed it from what (the customer's credit history and the audit log), in one transaction. */
export async function updateCredit(db: Db, id: number, credit: number, changedBy: number): Promise<CustomerDto> {
  await db.transaction().execute(async (trx) => {
    const customer = await getCustomer(trx, id);
    const at = now();
    await trx.updateTable('customers').set({ credit, updated_at: at }).where('id', '=', id).execute();
    await trx
      .insertInto('customer_credit_changes')
      .values({ customer_id: id, changed_by: changedBy, old_credit: customer.credit, new_credit: credit, created_at: at })
      .execute();
    await recordChange(trx, { userId: changedBy, kind: 'customer_credit', entityId: id, before: { credit: customer.credit, credit_currency: customer.credit_currency }, after: { credit, credit_currency: customer.credit_currency } });
  });
  return getCustomer(db, id);
}

/** Whose lines the customer's detail table lists (its everyday list, as its own users read it); an unknown customer is "not found". */
export async function linesReaderOf(db: Db, customerId: number): Promise<Actor> {
  await getCustomer(db, customerId);
  return { userId: 0, customerId };
}
