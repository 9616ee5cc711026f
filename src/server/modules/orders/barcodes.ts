import { sql } from 'kysely';
import { barcodeOf } from '../../../shared/barcode';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';

/*
 * Barcodes for lines about to be made, from the counter the line-barcodes migration set up, which
 * only grows: the number of a line once stored is never drawn again, whether the line is kept,
 * canceled or deleted, so no two lines, living or gone, share one. On PostgreSQL the sequence
 * hands numbers to concurrent transactions without making them wait (a number of a transaction
 * rolled back is skipped); on SQLite the one writer at a time raises the counter in its own
 * transaction.
 */
export async function takeBarcodes(db: Db, count: number): Promise<string[]> {
  if (count === 0) return [];
  if (isPostgres(db)) {
    const { rows } = await sql<{ number: number }>`select nextval('order_line_barcode_numbers') as number from generate_series(1, ${count})`.execute(db);
    return rows.map((row) => barcodeOf(row.number));
  }
  const { last } = await db.updateTable('counters').set({ last: sql`last + ${count}` }).where('name', '=', 'order_line_barcode').returning('last').executeTakeFirstOrThrow();
  return Array.from({ length: count }, (_, index) => barcodeOf(last - count + index + 1));
}
