import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { LookupDto } from '../../../shared/api';

/** The fixed lists of SPEC section 4, stored by the migrations. */
export type LookupTable = 'order_line_statuses' | 'quality_control_statuses' | 'packing_statuses';

/** A list's entries as answered: the row, no column more or less (`$assertType`). */
const entries = (db: Db, table: LookupTable) => db.selectFrom(table).select(['id', 'name']).$assertType<LookupDto>();

export function listLookup(db: Db, table: LookupTable): Promise<LookupDto[]> {
  return entries(db, table).orderBy('id').execute();
}

export async function getLookup(db: Db, table: LookupTable, id: number): Promise<LookupDto> {
  const row = await entries(db, table).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
