import type { Db } from '../../db';
import type { Encoding } from '../../compressed-pages';

/*
 * The last answers of everyday lists, kept as sent, by their ETag and the encoding their reader
 * takes, so the same list read again by any reader of its scope (a workshop's tablets, the
 * office's screens) costs the tag's few index lookups, not a read of its lines. The tag names
 * everything its answer shows (list-versions.ts), so an answer kept under it is current exactly
 * when a 304 for it would be. The office's long lists are larger than one answer may keep.
 */

/** Bytes of kept answers per database, the least recently sent dropped first. */
export const KEPT_BYTES = 32 * 2 ** 20;
/** The largest answer kept: a workshop's or a customer's working set, never the office's whole one. */
export const KEPT_ANSWER_BYTES = KEPT_BYTES / 8;

export interface KeptAnswer {
  type: string;
  body: Buffer;
  encoding: Encoding;
}

export class KeptAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;
  /** Answers being built, by the same key as the kept ones. */
  private readonly building = new Map<string, Promise<KeptAnswer | undefined>>();

  constructor(private readonly limit = KEPT_BYTES) {}

  /**
   * The answer under `tag` in `taken`: kept, or the one being built now for another reader, or
   * built by `build` for this reader and every other that asks before it is done. Every tablet of a
   * workshop reads its list again at the same change, and each built and compressed the same
   * answer. `build` answers undefined for a list it will not build whole: each reader then reads
   * its own. A built answer is kept if it is no larger than `upTo`.
   */
  shared(tag: string, taken: Encoding, upTo: number, build: () => Promise<KeptAnswer | undefined>): Promise<KeptAnswer | undefined> {
    const found = this.get(tag, taken);
    if (found) return Promise.resolve(found);
    const key = `${tag} ${taken}`;
    let built = this.building.get(key);
    if (!built) {
      built = build()
        .then((answer) => {
          if (answer && answer.body.length <= upTo) this.keep(tag, taken, answer);
          return answer;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, built);
    }
    return built;
  }

  get(tag: string, taken: Encoding): KeptAnswer | undefined {
    const key = `${tag} ${taken}`;
    const answer = this.answers.get(key);
    if (answer) {
      // Sent again: the newest in the map's order.
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  keep(tag: string, taken: Encoding, answer: KeptAnswer): void {
    if (answer.body.length > this.limit) return;
    const key = `${tag} ${taken}`;
    this.drop(key);
    this.answers.set(key, answer);
    this.bytes += answer.body.length;
    for (const oldest of this.answers.keys()) {
      if (this.bytes <= this.limit) break;
      this.drop(oldest);
    }
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  private drop(key: string) {
    const answer = this.answers.get(key);
    if (!answer) return;
    this.answers.delete(key);
    this.bytes -= answer.body.length;
  }
}

const byDatabase = new WeakMap<Db, KeptAnswers>();

/** The kept answers of lists read from `db` (one database per server, several in the tests' process). */
export function keptAnswers(db: Db): KeptAnswers {
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, (kept = new KeptAnswers()));
  return kept;
}
