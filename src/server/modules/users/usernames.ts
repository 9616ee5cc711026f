import { sql } from 'kysely';

/*
 * `usernameKey` of shared/schemas/auth.ts in SQL: the Turkish capitals and dotless ı replaced,
 * then lower() for the ASCII letters (SQLite lower-cases nothing else, PostgreSQL's depends on
 * its locale). Written with literals, not parameters, so it is the very expression of the unique
 * index `users_username_key_unique` (migration 0023), which the lookups use. Change them together
 * (usernames.test.ts runs both over one table of names).
 */
const FOLDS: ReadonlyArray<[string, string]> = [
  ['Ç', 'ç'],
  ['Ğ', 'ğ'],
  ['I', 'i'],
  ['İ', 'i'],
  ['ı', 'i'],
  ['Ö', 'ö'],
  ['Ş', 'ş'],
  ['Ü', 'ü'],
];

/** shared/text.ts `foldCase` over an SQL expression, given as SQL text (the archive's search by name reads it too). */
export const foldCaseSql = (expression: string) => `lower(${FOLDS.reduce((inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`, expression)})`;

/** The key of the users' username column, to compare with `usernameKey` of a typed name. */
export function usernameKeySql() {
  return sql<string>`${sql.raw(foldCaseSql('username'))}`;
}
