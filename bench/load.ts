import http from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  failures: number;
}

/**
 * Sends requests from `concurrency` keep-alive connections for `seconds` and counts answers.
 * Plain node:http keeps the client's own cost low, so the figure is the server's.
 */
export async function load(
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; concurrency?: number; seconds?: number; expect?: number },
): Promise<LoadResult> {
  const { method = 'GET', concurrency = 16, seconds = 5, expect = 200 } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers };
  let requests = 0;
  let failures = 0;
  const end = Date.now() + seconds * 1000;

  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.request(url, { method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === expect) requests++;
          else failures++;
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
      while (Date.now() < end) await one();
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  return { requests, seconds: elapsed, perSecond: requests / elapsed, failures };
}
