import type { OrderLineDto } from '../../../shared/api';
import type { Db } from '../../db';
import { inWorkingSet } from '../../../shared/working-set';
import type { Actor } from './actor';
import { linesChangedSince, latestVersion, workingSet } from './queries';

/*
 * The everyday lists last read, kept as the text of each line, so a list read again after some of
 * its lines changed reads only those: the changes its reader hears of since the list was read
 * (linesChangedSince, with its overlap, less the changes already taken), each line again or gone.
 * Only when nothing but changes of lines came between the two reads (list-versions.ts
 * `withoutChanges`: the same window, names and forecast); else the list is read whole. A
 * workshop's tablets and a customer's screens read their list again at every change they hear of,
 * and most of it is as it was.
 */

/** The longest list kept: a workshop's or a customer's working set, never the office's whole one. */
export const KEPT_LIST_LINES = 10_000;
/** Bytes of kept lines per database, the least recently read list dropped first. */
export const KEPT_LIST_BYTES = 64 * 2 ** 20;

interface KeptList {
  /** The change log's version read before the lines. */
  version: number;
  /** The changes taken into the texts from within the overlap before that version (linesChangedSince `looked`). */
  seen: ReadonlySet<number>;
  withoutChanges: string;
  /** Each line's JSON text by id, as UTF-8 bytes: an answer joins them as they are. */
  texts: Map<number, Buffer>;
  bytes: number;
}

/** A list's lines as JSON texts, newest first; or, for a list too long to keep, its pages as read. */
export type ListLines = { texts: Buffer[] } | Awaited<ReturnType<typeof workingSet>>;

const bytesOf = (texts: Map<number, Buffer>) => {
  let bytes = 0;
  for (const text of texts.values()) bytes += text.length;
  return bytes;
};

const textOf = (line: OrderLineDto) => Buffer.from(JSON.stringify(line));

export class KeptLists {
  private readonly lists = new Map<string, KeptList>();
  private bytes = 0;

  constructor(private readonly limit = KEPT_LIST_BYTES) {}

  /** The actor's working set from `start`, at a version whose `withoutChanges` is given. */
  async read(db: Db, actor: Actor, start: string | null, withoutChanges: string): Promise<ListLines> {
    const key = `${actor.workshopId ?? ''}/${actor.customerId ?? ''}/${actor.isCustomer === true} ${start}`;
    const kept = this.lists.get(key);
    let next: KeptList;
    if (kept && kept.withoutChanges === withoutChanges) {
      const { orders, gone, version, looked } = await linesChangedSince(db, actor, kept.version, kept.seen);
      // A copy: a read of the same list still under way keeps the one it began with.
      const texts = new Map(kept.texts);
      for (const id of gone) texts.delete(id);
      for (const line of orders) {
        if (inWorkingSet(line, start)) texts.set(line.id, textOf(line));
        else texts.delete(line.id);
      }
      next = { version, seen: looked, withoutChanges, texts, bytes: bytesOf(texts) };
    } else {
      const version = await latestVersion(db);
      const read = await workingSet(db, actor, start);
      if (read.total > KEPT_LIST_LINES) {
        this.drop(key);
        return read;
      }
      const texts = new Map<number, Buffer>();
      for await (const page of read.pages) for (const line of page) texts.set(line.id, textOf(line));
      next = { version, seen: new Set(), withoutChanges, texts, bytes: bytesOf(texts) };
    }
    this.keep(key, next);
    return { texts: [...next.texts.keys()].sort((a, b) => b - a).map((id) => next.texts.get(id)!) };
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  private keep(key: string, list: KeptList) {
    this.drop(key);
    if (list.bytes > this.limit) return;
    this.lists.set(key, list);
    this.bytes += list.bytes;
    for (const oldest of this.lists.keys()) {
      if (this.bytes <= this.limit) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const list = this.lists.get(key);
    if (!list) return;
    this.lists.delete(key);
    this.bytes -= list.bytes;
  }
}

const byDatabase = new WeakMap<Db, KeptLists>();

/** The kept lists read from `db` (one database per server, several in the tests' process). */
export function keptLists(db: Db): KeptLists {
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, (kept = new KeptLists()));
  return kept;
}
