/*
 * The server's memory while the everyday lists are read compressed, as browsers read them: the
 * admin's list (the compact format) and the workshops' tablet lists (the spec's JSON), many times,
 * several at once, with `Accept-Encoding: gzip, deflate, br`. Reports the server's RSS before, its
 * peak growth during the reads and what is left after, beside the lines and bytes read.
 *   npm run bench -- --skip-clone list-memory [--lines=60000] [--list-reads=40] [--list-concurrency=8] [--databases=sqlite]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { API } from '../src/shared/api';
import { LINES_MEDIA_TYPE } from '../src/shared/lineWire';
import { seed } from './mixed';
import { ADMIN_PASSWORD, listOption, login, machineLoad, option, pool, postgresDatabase, sqliteDatabase, startProduct, USER_PASSWORD } from './product';

type Report = (name: string, value: string) => void;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

/** One compressed read: its encoding and compressed bytes (the body is read and dropped). */
function readList(base: string, path: string, auth: string, accept: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: { authorization: auth, accept, 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => (response.statusCode === 200 ? resolve({ encoding: String(response.headers['content-encoding'] ?? 'identity'), bytes }) : reject(new Error(`${path} answered ${response.statusCode}`))));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function listMemory(report: Report): Promise<void> {
  const lines = option('lines', 'MIXED_LINES', 60_000);
  const reads = option('list-reads', 'LIST_READS', 40);
  const concurrency = option('list-concurrency', 'LIST_CONCURRENCY', 8);
  for (const name of listOption('databases', 'MIXED_DATABASES', ['sqlite'])) {
    const database = name === 'postgres' ? await postgresDatabase() : sqliteDatabase();
    const data = await seed(database, lines);
    const product = await startProduct(database);
    try {
      const pid = product.child.pid!;
      const admin = await login(product.base, 'admin', ADMIN_PASSWORD);
      const workshops = await Promise.all(data.workshops.map((w) => login(product.base, w.username, USER_PASSWORD)));
      const asks = Array.from({ length: reads }, (_, i) =>
        i % 2 === 0 ? { path: API.orders, auth: admin, accept: LINES_MEDIA_TYPE } : { path: API.myWorkshopOrders, auth: workshops[i % workshops.length], accept: 'application/json' },
      );
      // One read of each kind first: the statements prepared, the modules loaded.
      await readList(product.base, asks[0].path, asks[0].auth, asks[0].accept);
      await readList(product.base, asks[1].path, asks[1].auth, asks[1].accept);
      const load = machineLoad();
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
      const started = performance.now();
      const answers = await pool(asks, concurrency, (ask) => readList(product.base, ask.path, ask.auth, ask.accept));
      const took = performance.now() - started;
      clearInterval(sampler);
      const after = rssOf(pid);
      const encodings = [...new Set(answers.map((a) => a.encoding))].join(', ');
      const bytes = answers.reduce((sum, a) => sum + a.bytes, 0);
      report(
        `list memory, ${name}`,
        `${reads} list reads, ${concurrency} at once (the admin's working set of ${data.lines.toLocaleString('en')} lines in the compact format, and tablet lists in JSON), ${encodings}, ${mb(bytes)} sent in ${(took / 1000).toFixed(1)} s: ` +
          `server RSS ${mb(before)} before, +${mb(peak - before)} at the peak, +${mb(after - before)} after; ${load}`,
      );
    } finally {
      await product.stop();
      await database.drop();
    }
  }
}
