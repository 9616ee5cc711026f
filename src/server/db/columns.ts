/**
 * The columns a write names, taken from `input` where present. A write never spreads a request
 * into SQL: a key nobody listed here cannot reach a table, whatever let it through before.
 */
export function namedColumns<T extends object, K extends keyof T>(input: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) if (input[name] !== undefined) picked[name] = input[name];
  return picked;
}

/**
 * An answer as its row stores it, for `$assertType`: the named fields held as JSON text, parsed
 * once read (a field that may be null stays nullable).
 */
export type StoredAsJson<Answer, Field extends keyof Answer> = Omit<Answer, Field> & { [K in Field]: null extends Answer[K] ? string | null : string };
