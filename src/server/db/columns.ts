/**
 * The columns a write names, taken from `input` where present. A write never spreads a request
 * into SQL: a key nobody listed here cannot reach a table, whatever let it through before.
 */
export function namedColumns<T extends object, K extends keyof T>(input: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) if (input[name] !== undefined) picked[name] = input[name];
  return picked;
}
