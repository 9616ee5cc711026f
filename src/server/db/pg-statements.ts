import type pg from 'pg';
import { ARRAY_ROWS } from './array-rows';

/*
 * How each connection of the PostgreSQL pool sends Kysely's statements: with array rows when the
 * text asks for them (array-rows.ts), and prepared by name once a text comes again. Routes send the
 * same few hundred texts over and over; a named statement is parsed and analysed once per
 * connection, and after five calls PostgreSQL may keep one plan for it, when that plan is
 * estimated no dearer than the plans it made for each call's values. An unnamed one is parsed and
 * planned on every call. Naming gave a tenth to a sixth more answers per second in the mixed load.
 *
 * A statement with a LIMIT is never named, so each of its calls is planned for its values: a plan
 * kept for any value reckons that the rows it wants come evenly, and for a rare owner or a narrow
 * range (an archive query, a page of the audit log) it could walk an index through the whole
 * history before its limit is met. Without a limit the risk is smaller: a kept plan reads the
 * rows its filter matches, by a path chosen for an average value. As measured for the everyday
 * lists, the working set of a workshop with 40,000 closed lines among 2,000,000 is read through the
 * same two index ranges (open, closed within the window) by a kept plan as by one for its values.
 *
 * A text met only once stays unnamed, so one-off texts (an `in` list of a new length) do not take
 * the places, and a connection names at most KEPT_PER_CONNECTION texts: the server holds each
 * one for the connection's life.
 */

/** Texts a connection keeps prepared. */
export const KEPT_PER_CONNECTION = 300;
/** Texts a connection remembers having met once (forgotten all together when full). */
const MET_LIMIT = 2_000;

/** Only plain data statements without a limit are named; transaction control and the like go as they come. */
const nameable = (text: string) => /^(select|insert|update|delete|with) /i.test(text.startsWith(ARRAY_ROWS) ? text.slice(ARRAY_ROWS.length) : text) && !/\slimit\s/i.test(text);

/** Every client of the pool sends Kysely's `query(text, values)` as described above. */
export function statementsOnPostgres(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const names = new Map<string, string>();
    const met = new Set<string>();
    const nameOf = (text: string): string | undefined => {
      const name = names.get(text);
      if (name !== undefined || names.size >= KEPT_PER_CONNECTION || !nameable(text)) return name;
      if (!met.has(text)) {
        if (met.size >= MET_LIMIT) met.clear();
        met.add(text);
        return undefined;
      }
      met.delete(text);
      const named = `k${names.size}`;
      names.set(text, named);
      return named;
    };
    // Kysely calls query(text, values); a callback after them goes on with the statement, and a
    // cursor or a config object passes through unchanged.
    client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) =>
      typeof text === 'string'
        ? query({ text, name: nameOf(text), values, rowMode: text.startsWith(ARRAY_ROWS) ? 'array' : undefined }, undefined, ...rest)
        : query(text, values, ...rest)) as typeof client.query;
  });
}
