import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { LookupDto } from '../../../shared/api';

/** The fixed lists of SPEC section 4, stored by the migrations. */
export type LookupTable = 'order_line_statuses' | 'quality_control_statuses' | 'packing_statuses';

export function listLookup(db: Db, table: LookupTable): Promise<LookupDto[]> {
  return db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
}

export async function getLookup(db: Db, table: LookupTable, id: number): Promise<LookupDto> {
  const row = await db.selectFrom(table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
