import { testDatabases } from '../../test/databases';
import {
  answerOf,
  type Caller,
  changedTables,
  type Fixture,
  fillPath,
  isDeclared,
  paramIds,
  paramsOf,
  routeKey,
  startFixture,
} from '../../test/fixture';
import { ROLE_IDS } from '../shared/roles';
import type { RouteEntry } from './plugins/route-table';

/*
 * The authorization matrix, generated from the app's own route table (Fastify's onRoute list): every
 * route, called by nobody, by a user of each role and by the other workshop and customer (who own
 * line B, and call with line A), must answer as its declaration says:
 *   not public and no session          -> 401
 *   a role the route does not list     -> 403
 *   an owned line of someone else      -> 404, as if it did not exist
 *   otherwise the call is let in: anything but 401/403 (and, for an owned line, 404), never a 5xx.
 * A route must declare who may call it: `public: true`, or `roles` (all five for "any session").
 * Bodies are empty objects, but for owned-line routes, which read their body before they look the
 * line up: they get a valid one (fixture's plausibleBodies), so the call reaches the ownership rule.
 * The matrix is about who gets in, not about input (fuzz.test.ts is).
 * A refused call must leave every stored table as it was.
 */

type Expected = 'allowed' | 401 | 403 | 404;

function expectedFor(route: RouteEntry, caller: Caller): Expected {
  const { config } = route;
  if (config.public) return 'allowed';
  if (caller.role === null) return 401;
  if (!config.roles?.includes(caller.role)) return 403;
  if (config.owns === 'line' && caller.owner === 'B') return 404;
  return 'allowed';
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe.each(testDatabases())('authorization matrix on $name', (database) => {
  let f: Fixture;
  let routes: RouteEntry[];
  beforeAll(async () => {
    f = await startFixture(await database.create());
    await f.t.app.ready();
    routes = f.t.app.routeTable;
  }, 60_000);
  afterAll(() => f?.close());

  test('the route table is Fastify\'s own list, and every route declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) expect({ route: routeKey(route), known: f.t.app.hasRoute({ method: route.method as 'GET', url: route.url }) }).toEqual({ route: routeKey(route), known: true });
    const problems = routes.flatMap((route) => {
      const { config } = route;
      const found: string[] = [];
      if (!isDeclared(route)) found.push('no declaration: give it `public: true` or `roles` (all five roles for any session)');
      if (config.public && config.roles) found.push('both public and roles');
      if (config.roles?.some((role) => !ROLE_IDS.includes(role))) found.push(`unknown role in ${JSON.stringify(config.roles)}`);
      if (config.owns !== undefined && (config.owns !== 'line' || !paramsOf(route.url).includes('id'))) found.push('owns without an :id line');
      if (config.owns && config.public) found.push('an owned record on a public route');
      return found.map((problem) => `${routeKey(route)}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  test('each route answers each caller as its declaration says', async () => {
    const { t, callers } = f;
    const counts = { requests: 0, allowed: 0, refused: { 401: 0, 403: 0, 404: 0 } };
    const found = { 'unexpected allow': [] as string[], 'unexpected refusal': [] as string[], 'wrong refusal': [] as string[], '5xx': [] as string[], 'stored change on refusal': [] as string[] };
    let baseline = await f.fingerprint();

    for (const route of routes) {
      // An undeclared route fails the test above; here it counts as letting nobody in, so each answer it gives is an unexpected allow.
      const path = fillPath(route.url, paramIds(route, f.ids));
      for (const caller of callers) {
        const expected = expectedFor(route, caller);
        const response = await answerOf(t, {
          method: route.method as 'GET',
          url: path,
          headers: caller.token && caller.role !== null ? { authorization: `Bearer ${caller.token}` } : {},
          ...(HAS_BODY.has(route.method) ? { payload: (route.config.owns ? f.bodies[routeKey(route)] : undefined) ?? {} } : {}),
        });
        counts.requests += 1;
        const status = response.statusCode;
        const code = String(response.headers['content-type'] ?? '').includes('json') ? (response.json() as { code?: string }).code : undefined;
        const what = `${routeKey(route)} as ${caller.name}: expected ${expected}, answered ${status}${code ? ` ${code}` : ''}`;

        if (status >= 500) found['5xx'].push(what);
        if (expected === 'allowed') {
          counts.allowed += 1;
          if (status === 401 || status === 403 || (route.config.owns === 'line' && status === 404)) found['unexpected refusal'].push(what);
        } else if (status === expected) {
          counts.refused[expected] += 1;
        } else {
          found[status < 400 ? 'unexpected allow' : 'wrong refusal'].push(what);
        }

        const after = await f.fingerprint();
        if (expected !== 'allowed' || status >= 400) {
          const changed = changedTables(baseline, after);
          if (changed.length) found['stored change on refusal'].push(`${what}: ${changed.join(', ')}`);
        }
        baseline = after;
        // A logout with a caller's own token ends its session: the next routes need a live one.
        if (status < 300 && (await f.keepSession(caller))) baseline = await f.fingerprint();
      }
    }

    const refused = counts.refused[401] + counts.refused[403] + counts.refused[404];
    console.log(
      `authorization matrix on ${database.name}: ${routes.length} routes x ${callers.length} callers = ${counts.requests} requests; ` +
        `${counts.allowed} allowed, ${refused} refused ` +
        `(401: ${counts.refused[401]}, 403: ${counts.refused[403]}, 404: ${counts.refused[404]}); ` +
        Object.entries(found).map(([kind, list]) => `${list.length} ${kind}`).join(', '),
    );
    expect(found).toEqual({ 'unexpected allow': [], 'unexpected refusal': [], 'wrong refusal': [], '5xx': [], 'stored change on refusal': [] });
    expect(counts.requests).toBe(routes.length * callers.length);
  }, 120_000);
});
