import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const DECODERS: Record<string, (data: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  failures: number;
}

/** One request of a varying load: where, and with which JSON body. */
export interface Target {
  url: string;
  body?: unknown;
}

/**
 * Sends requests from `concurrency` keep-alive connections for `seconds` and counts answers.
 * Plain node:http keeps the client's own cost low, so the figure is the server's.
 * Instead of one url (and `body`), a function may give every request its own target, undefined once
 * the work is done; `onAnswer` sees each answer's status and body, decoded as a browser would.
 */
export async function load(
  url: string | (() => Target | undefined),
  options: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    concurrency?: number;
    seconds?: number;
    expect?: number;
    onAnswer?: (status: number, body: string) => void;
  },
): Promise<LoadResult> {
  const { method = 'GET', concurrency = 16, seconds = 5, expect = 200, onAnswer } = options;
  const next = typeof url === 'string' ? () => ({ url, body: options.body }) : url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let requests = 0;
  let failures = 0;
  const end = Date.now() + seconds * 1000;

  const one = ({ url: address, body }: Target) =>
    new Promise<void>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers };
      const req = http.request(address, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        if (onAnswer) res.on('data', (chunk: Buffer) => chunks.push(chunk));
        else res.resume();
        res.on('end', () => {
          if (res.statusCode === expect) requests++;
          else failures++;
          if (onAnswer) {
            const raw = Buffer.concat(chunks);
            const decode = DECODERS[String(res.headers['content-encoding'])];
            onAnswer(res.statusCode ?? 0, (decode ? decode(raw) : raw).toString('utf8'));
          }
          resolve();
        });
      });
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(payload);
    });

  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let target = next(); target !== undefined && Date.now() < end; target = next()) await one(target);
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  return { requests, seconds: elapsed, perSecond: requests / elapsed, failures };
}
