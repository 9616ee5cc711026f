import { plainText, SEEDED_TEXT, seedSweep, SIZES, type SweepRole, sweepScreens } from './sweep';
import { withBrowserServer } from './harness';

// About 70 screens at three sizes on a busy two-core machine; each waits for its data, none sleeps.
jest.setTimeout(420_000);

const live = withBrowserServer();
// One seed for both passes: the sweep only reads.
let roles: SweepRole[];
beforeAll(async () => {
  roles = await seedSweep(live.server.url);
});

/** The sweep's findings as lines a reader can act on. */
const lines = (findings: Awaited<ReturnType<typeof sweepScreens>>) => findings.map(({ role, path, size, what }) => `${role} ${path} ${size}: ${what}`);

test('every route of every role holds at 1024x768, 1280x800 and 1920x1080: no sideways page, no cut-off text, no errors, a way back', async () => {
  const started = Date.now();
  const findings = await sweepScreens(live.browser, live.server.url, roles, { sizes: SIZES });
  const visits = roles.reduce((sum, role) => sum + role.routes.length, 0) * SIZES.length;
  console.log(`screen sweep: ${visits} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(lines(findings)).toEqual([]);
});

test('in the pseudo-language (about 40 % longer) every screen holds as well, and shows no text that bypasses the catalogues', async () => {
  const findings = await sweepScreens(live.browser, live.server.url, roles, { query: 'lng=pseudo', checks: [plainText(SEEDED_TEXT)] });
  expect(lines(findings)).toEqual([]);
});

test('in English every screen holds at every size', async () => {
  const findings = await sweepScreens(live.browser, live.server.url, roles, { query: 'lng=en' });
  expect(lines(findings)).toEqual([]);
});
