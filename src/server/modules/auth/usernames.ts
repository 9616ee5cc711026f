import { sql } from 'kysely';
import { foldCaseSql } from '../../db/fold';

/*
 * `usernameKey` of shared/schemas/auth.ts in SQL: the very expression of the unique index
 * `users_username_key_unique` (migration 0026), which the lookups use. Change them together
 * (usernames.test.ts runs both over one table of names).
 */
export function usernameKeySql() {
  return sql<string>`${sql.raw(foldCaseSql('username'))}`;
}
