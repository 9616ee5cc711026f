import { sql } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import { keyText, type Period, type PlaceCounts, type PlaceKey, placeOfKey } from './stay-counts';

/*
 * The median and 90th percentile of each place's stays ended in a period, from its counts by
 * duration bucket: the ranks a percentile is taken between fall in known buckets, and only those
 * buckets' stays of the period are read and sorted (line_stays_bucket_idx). The value is then taken
 * between them exactly as the reference (test/stay-counts.ts `endedFigures`) takes it on the same
 * database: PostgreSQL's percentile_cont, or SQLite's by-rank sum, from the same hours.
 */

export interface Ended {
  pieces: number;
  median: number;
  p90: number;
}

/** The ranks (from 0, ascending) the percentile `tenths` of n values is taken between, and the value from theirs. */
function percentileOf(postgres: boolean, tenths: number, n: number): { ranks: number[]; value: (hours: number[]) => number } {
  if (postgres) {
    // percentile_cont: between floor and ceil of p (n - 1), by the fraction between them.
    const at = (tenths / 10) * (n - 1);
    const [low, high] = [Math.floor(at), Math.ceil(at)];
    return high > low ? { ranks: [low, high], value: ([a, b]) => a + (b - a) * (at - low) } : { ranks: [low], value: ([a]) => a };
  }
  // test/stay-counts.ts `byRank`, term by term.
  const at = tenths * (n - 1);
  const [rank, part] = [Math.floor(at / 10), at % 10];
  return part > 0 ? { ranks: [rank, rank + 1], value: ([a, b]) => (a * (10 - part)) / 10 + (b * part) / 10 } : { ranks: [rank], value: ([a]) => (a * 10) / 10 };
}

/**
 * The workshop_key of a step's stays at every workshop at once (the forecast's fallback median):
 * its counts are the sum of its places', and its bucket reads take the stays of any workshop.
 */
export const EVERY_WORKSHOP = -1;

/** One read of a bucket: its stays of the period from `offset` on, `limit` of them. */
interface Read {
  place: PlaceCounts;
  bucket: number;
  offset: number;
  limit: number;
}

type BucketRead = Omit<Read, 'place'> & { place: { key: PlaceKey } };

/**
 * The hours of each read's stays (numbered by their place in `reads`), in one statement: on
 * PostgreSQL the reads as rows, each taking its stays beside it (one small plan however many reads;
 * a workshop or step none is read by its own lateral, as `is null`), on SQLite a select per read.
 */
export function bucketReads(db: Db, period: Period, reads: readonly BucketRead[]) {
  const inPeriod = sql`left_at >= ${period.from} and left_at <= ${period.to}`;
  if (isPostgres(db)) {
    const hours = sql`date_part('epoch', left_at - entered_at) / 3600`;
    const kinds = [
      ['one', false],
      ['one', true],
      ['none', false],
      ['none', true],
      ['every', false],
    ] as const;
    const workshopOf = (key: PlaceKey) => (key.workshop_key === EVERY_WORKSHOP ? 'every' : key.workshop_key === 0 ? 'none' : 'one');
    const laterals = kinds.flatMap(([workshops, noStep]) => {
      const rows = reads.flatMap((read, index) => {
        const { workshop_id, phase, step_id } = placeOfKey(read.place.key);
        if (workshopOf(read.place.key) !== workshops || (step_id === null) !== noStep) return [];
        return [sql`(${sql.lit(index)}, ${sql.lit(workshop_id ?? 0)}, ${phase}::text, ${sql.lit(step_id ?? 0)}, ${sql.lit(read.bucket)}, ${sql.lit(read.offset)}, ${sql.lit(read.limit)})`];
      });
      if (rows.length === 0) return [];
      const workshop = workshops === 'every' ? sql`true` : workshops === 'none' ? sql`workshop_id is null` : sql`workshop_id = r.workshop_id`;
      const step = noStep ? sql`step_id is null` : sql`step_id = r.step_id`;
      return [
        sql`select r.read, s.hours from (values ${sql.join(rows)}) as r(read, workshop_id, phase, step_id, bucket, skip, take)
          cross join lateral (
            select ${hours} as hours from line_stays
            where ${workshop} and phase = r.phase and ${step} and bucket = r.bucket and ${inPeriod}
            order by hours limit r.take offset r.skip) as s`,
      ];
    });
    return sql<{ read: number; hours: number }>`${sql.join(laterals, sql` union all `)}`;
  }
  const hours = sql`(julianday(left_at) - julianday(entered_at)) * 24`;
  const is = (column: string, value: number | null) => (value === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`);
  const selects = reads.map((read, index) => {
    const { workshop_id, phase, step_id } = placeOfKey(read.place.key);
    const workshop = read.place.key.workshop_key === EVERY_WORKSHOP ? sql`1 = 1` : is('workshop_id', workshop_id);
    return sql`select ${sql.lit(index)} as read, hours from (
      select ${hours} as hours from line_stays
      where ${workshop} and phase = ${phase} and ${is('step_id', step_id)} and bucket = ${read.bucket} and ${inPeriod}
      order by hours limit ${sql.lit(read.limit)} offset ${sql.lit(read.offset)}) as r${sql.raw(String(index))}`;
  });
  return sql<{ read: number; hours: number }>`${sql.join(selects, sql` union all `)}`;
}

/** SQLite takes at most 500 selects in one compound statement; PostgreSQL's rows of reads are as many. */
const READS_PER_STATEMENT = 400;

export async function percentiles(db: Db, period: Period, places: readonly PlaceCounts[]): Promise<Map<string, Ended>> {
  const postgres = isPostgres(db);
  const reads: Read[] = [];
  const asked: Array<{ place: PlaceCounts; n: number; wanted: Array<{ read: Read; index: number }[]>; values: Array<(hours: number[]) => number> }> = [];
  for (const place of places) {
    const buckets = [...place.ended].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
    const n = buckets.reduce((sum, [, count]) => sum + count, 0);
    if (n === 0) continue;
    const byBucket = new Map<number, Read>();
    // The bucket a rank falls in, and the read that reaches it.
    const readOf = (rank: number) => {
      let below = 0;
      for (const [bucket, count] of buckets) {
        if (rank < below + count) {
          const within = rank - below;
          const read = byBucket.get(bucket);
          if (!read) {
            const made = { place, bucket, offset: within, limit: 1 };
            reads.push(made);
            byBucket.set(bucket, made);
            return { read: made, rank: within };
          }
          const end = Math.max(read.offset + read.limit, within + 1);
          read.offset = Math.min(read.offset, within);
          read.limit = end - read.offset;
          return { read, rank: within };
        }
        below += count;
      }
      throw new Error(`rank ${rank} beyond ${n} stays`);
    };
    const taken = [5, 9].map((tenths) => percentileOf(postgres, tenths, n));
    const ranked = taken.map(({ ranks }) => ranks.map(readOf));
    // Offsets are known once every read of the place is: then each rank's index within its read.
    asked.push({ place, n, wanted: ranked.map((ranks) => ranks.map(({ read, rank }) => ({ read, index: rank }))), values: taken.map(({ value }) => value) });
  }

  const found = new Map<Read, number[]>();
  for (let first = 0; first < reads.length; first += READS_PER_STATEMENT) {
    const chunk = reads.slice(first, first + READS_PER_STATEMENT);
    const { rows } = await bucketReads(db, period, chunk).execute(db);
    for (const row of rows) {
      const read = chunk[Number(row.read)];
      found.set(read, [...(found.get(read) ?? []), Number(row.hours)]);
    }
  }
  for (const values of found.values()) values.sort((a, b) => a - b);

  const figures = new Map<string, Ended>();
  for (const { place, n, wanted, values } of asked) {
    const [median, p90] = wanted.map((ranks, which) => values[which](ranks.map(({ read, index }) => found.get(read)![index - read.offset])));
    figures.set(keyText(place.key), { pieces: n, median, p90 });
  }
  return figures;
}
