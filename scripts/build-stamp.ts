import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * A build is skipped when its inputs are as they were at its last build: the build's output folder
 * holds a stamp, a content hash of every input file (its path and its bytes). The stamp is written
 * after the build succeeded and lives inside the output, so deleting the output, or another build
 * into it (webpack empties the folder it writes), also drops the stamp.
 */

/** The stamp's file name in the output folder (a dot file, so the static file server never sends it). */
export const STAMP_FILE = '.inputs-hash';

/** Tests are no build's input. */
const NOT_AN_INPUT = /\.test\.tsx?$/;

export interface BuildTarget {
  /** Its name in messages ("client", "server"). */
  name: string;
  /** The folder the build writes (and the stamp lies in). */
  outDir: string;
  /** Files and folders, relative to `root`, whose contents the build reads; a missing one counts as empty. */
  inputs: readonly string[];
  build: () => Promise<void>;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** The hash of the inputs' paths and contents, the same whatever order the file system lists them in. */
export function inputsHash(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const files = inputs
    .flatMap((input) => filesUnder(join(root, input)))
    .filter((file) => !NOT_AN_INPUT.test(file))
    .map((file) => relative(root, file))
    .sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

const stampOf = (outDir: string) => join(outDir, STAMP_FILE);

function stampIn(outDir: string): string | null {
  try {
    return readFileSync(stampOf(outDir), 'utf8').trim();
  } catch {
    return null;
  }
}

/** Builds `target` unless its stamp matches its inputs; answers whether it built. */
export async function buildIfChanged(root: string, target: BuildTarget): Promise<boolean> {
  const hash = inputsHash(root, target.inputs);
  if (stampIn(target.outDir) === hash) return false;
  // A build that stops halfway leaves no stamp; an input changed while it runs makes the next start build again.
  rmSync(stampOf(target.outDir), { force: true });
  await target.build();
  writeFileSync(stampOf(target.outDir), `${hash}\n`);
  return true;
}
