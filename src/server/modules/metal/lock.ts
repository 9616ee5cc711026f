import type { Db } from '../../db';
import { conflict } from '../../errors';
import { now } from './stored';

/** The closed periods are one general setting: the day they end. */
const LOCK_KEY = 'metal_lock';

/** The day before which no voucher is written or confirmed: the closed periods (null: none closed). */
export async function lockedBefore(db: Db): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', LOCK_KEY).executeTakeFirst();
  return row ? ((JSON.parse(row.value) as { locked_before: string | null }).locked_before ?? null) : null;
}

/** Closes the periods before `day`. A lock only moves forward: a closed period is never opened again. */
export async function lockBefore(db: Db, day: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const current = await lockedBefore(trx);
    if (current !== null && day < current) throw conflict('errors:metalLockBackwards', 'METAL_LOCK_BACKWARDS', { day: current });
    const value = JSON.stringify({ locked_before: day });
    const updated_at = now();
    await trx.insertInto('settings').values({ key: LOCK_KEY, value, updated_at }).onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at })).execute();
    return day;
  });
}

/** A voucher dated in a closed period is refused, written or confirmed. */
export async function refuseLocked(db: Db, date: string): Promise<void> {
  const lock = await lockedBefore(db);
  if (lock !== null && date < lock) throw conflict('errors:metalPeriodLocked', 'METAL_PERIOD_LOCKED', { day: lock });
}
