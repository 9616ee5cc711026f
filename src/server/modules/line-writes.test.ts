import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Order lines and their history are written by one module (orders/line-writer.ts), which appends
 * the history row and tells the live channel of every change. Only the migrations, the demo seed
 * and the bench may write them otherwise; tests set their scenes as they like.
 */
const ROOT = join(__dirname, '../../..');
const SOURCES = ['src', 'bench', 'scripts', 'config', 'test'];
const ALLOWED = [/^src\/server\/modules\/orders\/line-writer\.ts$/, /^src\/server\/db\/migrations\//, /^src\/server\/db\/(demo-orders|seed)\.ts$/, /^bench\//];

/** A write of either table, through Kysely or in SQL. */
const WRITES = [
  /\b(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]order_line(s|_history)\b/,
  /\b(insert\s+(or\s+\w+\s+)?into|update|delete\s+from)\s+["`]?order_line(s|_history)\b/i,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

const writers = SOURCES.flatMap((dir) => sources(join(ROOT, dir))).filter((file) => WRITES.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));

test('the search finds the writer and the seed writing lines', () => {
  expect(writers).toEqual(expect.arrayContaining(['src/server/modules/orders/line-writer.ts', 'src/server/db/demo-orders.ts']));
});

test('no other source file writes order_lines or order_line_history', () => {
  expect(writers.filter((file) => !ALLOWED.some((allowed) => allowed.test(file)))).toEqual([]);
});
