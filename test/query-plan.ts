import { CompiledQuery } from 'kysely';
import type { Db } from '../src/server/db';

/** A query's plan, and whether it reads a whole table of lines or orders (no index serves it). */
export async function queryPlan(db: Db, dialect: string, compiled: CompiledQuery): Promise<{ plan: string; scans: boolean }> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
    const plan = (rows as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    return { plan, scans: /^SCAN (l|o|order_lines|orders)\b/m.test(plan) };
  }
  // Told not to scan a table whenever it can help it: a scan left shows no index serves the query.
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const { rows } = await trx.executeQuery(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
    const plan = (rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
    return { plan, scans: /Seq Scan on (order_lines|orders)\b/.test(plan) };
  });
}
