import { watchErrors, withBrowserServer } from './harness';

jest.setTimeout(60_000);

const live = withBrowserServer();

test('GET / is the HTML page with a content security policy that allows no inline script', async () => {
  const response = await fetch(`${live.server.url}/`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/default-src 'self'/);
  // WebAssembly (the camera scanner's barcode reader) may compile: the one thing beside our own script files.
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  expect(await response.text()).toMatch(/^<!doctype html>/i);
});

test('a browser route loads the same page; an unknown API path answers a JSON 404 with error, code and its sentence key', async () => {
  const page = await fetch(`${live.server.url}/dashboard`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);

  const response = await fetch(`${live.server.url}/api/v1/nope`);
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toEqual({ error: expect.any(String), code: expect.any(String), message: { key: 'errors:routeNotFound', values: {} } });
  expect(body.error.length).toBeGreaterThan(0);
});

test('the login page renders in chromium without script errors or CSP violations', async () => {
  const context = await live.browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(live.server.url);
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Giriş Yap' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
