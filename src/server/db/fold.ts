/*
 * shared/text.ts `foldCase` in SQL: the Turkish capitals and dotless ı replaced, then lower() for
 * the ASCII letters (SQLite lower-cases nothing else, PostgreSQL's depends on its locale). Written
 * with literals, not parameters, so an index may be built on the very expression (the usernames'
 * unique key). Tested against the TypeScript rule in modules/auth/usernames.test.ts.
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

/** `foldCase` over an SQL expression given as SQL text (a username's key, the archive's search by name). */
export const foldCaseSql = (expression: string) => `lower(${FOLDS.reduce((inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`, expression)})`;
