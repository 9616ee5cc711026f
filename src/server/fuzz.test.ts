import fc from 'fast-check';
import { SignJWT } from 'jose';
import { testDatabases } from '../../test/databases';
import {
  answerOf,
  type Caller,
  changedTables,
  type Fixture,
  fillPath,
  type Fingerprint,
  paramIds,
  paramsOf,
  routeKey,
  startFixture,
} from '../../test/fixture';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { INTEGER_MAX } from '../shared/schemas/fields';
import { message } from './messages';
import { buildOpenApiDocument, openApiPath } from './openapi/document';
import type { RouteEntry } from './plugins/route-table';

/*
 * Malformed input for every route of the route table, made by fast-check from a fixed seed:
 * broken JSON, wrong content types, bodies that are not objects, strings near and over the body
 * limit, control characters in values and keys, ids out of range or not integers in the path and
 * in the body, unknown fields, values of the wrong type, deep nesting, bad paging and filter
 * queries, bad tokens. Each request is sent by a caller the route lets in (its owner for an owned
 * line), to the fixture's real records, so the input reaches the handler.
 * Whatever the input: never a 5xx, an answer within REQUEST_TIMEOUT_MS, and a refusal (4xx) leaves
 * every stored table as it was. A few inputs have one right answer: over the limit 413, JSON that
 * does not parse 400, a bad token 401. A 2xx means the input was acceptable after all (an unknown
 * field ignored); it may change data, and is not judged. Every answer is one the API document
 * declares for its route, and none may be kept by a cache.
 * FUZZ_SEED and FUZZ_RUNS (random cases per route, after the fixed ones) override the defaults.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
/** A smaller limit than the default megabyte, so near-limit bodies stay cheap; the rule is the same. */
const BODY_LIMIT = 262_144;

const KINDS = [
  'broken json',
  'content type',
  'not an object',
  'near limit',
  'over limit',
  'control character',
  'bad id in path',
  'bad id in body',
  'unknown fields',
  'wrong type',
  'deep nesting',
  'bad query',
  'bad token',
] as const;
type Kind = (typeof KINDS)[number];

interface FuzzCase {
  kind: Kind;
  /** Path parameters in place of the fixture's, as sent (already URL-encoded). */
  params?: Record<string, string>;
  /** `?...`, as sent. */
  query?: string;
  /** The body as sent; none when absent. */
  payload?: string | Buffer;
  /** Content-Type of the payload: application/json when absent, no header when null. */
  contentType?: string | null;
  /** Authorization header in place of the caller's. */
  authorization?: string;
  /** The one status this input must get. */
  expect?: number;
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ---------------------------------------------------------------------------------------------
// Bodies: where in a plausible body to put a bad value.

type Path = Array<string | number>;

function leaves(value: unknown, path: Path = [], out: Array<{ path: Path; value: unknown }> = []) {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...path, Array.isArray(value) ? Number(key) : key], out);
  } else if (path.length > 0) {
    out.push({ path, value });
  }
  return out;
}

function setAt(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

/** Marks where raw JSON text goes (no plausible body holds U+2063). */
const MARK = '\u2063fuzz\u2063';
/** JSON of `base` with the value at `path` replaced by the raw JSON text `raw` (so 1e999 and 400 digits reach the parser as sent). */
const withRaw = (base: unknown, path: Path, raw: string) => JSON.stringify(setAt(base, path, MARK)).replace(JSON.stringify(MARK), () => raw);

const ID_NAME = /(^|_)id$|^ID$|^Role$|_ids$|^current_order_line_process$/;
const lastName = (path: Path) => [...path].reverse().find((step) => typeof step === 'string') as string | undefined;

/** Places of a body: any leaf, the id-like ones, the text ones (a new field where the body has none). */
function placesOf(base: unknown) {
  const all = leaves(base);
  const inObject = Array.isArray(base) ? [0] : [];
  const ids = all.filter(({ path }) => ID_NAME.test(lastName(path) ?? '')).map(({ path }) => path);
  const texts = all.filter(({ value }) => typeof value === 'string').map(({ path }) => path);
  return {
    any: all.length ? all.map(({ path }) => path) : [[...inObject, 'value']],
    ids: ids.length ? ids : [[...inObject, 'id']],
    texts: texts.length ? texts : [[...inObject, 'note']],
  };
}

const isBrokenJson = (text: string) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
};

// ---------------------------------------------------------------------------------------------
// Bad values.

const BAD_PATH_IDS = ['2147483647', '999999', '2147483648', '-1', '1.5', '1e308', '0', '00', '1e3', '%201', '+1', '0x10', 'NaN', 'Infinity', '%D9%A1', '99999999999999999999', '9'.repeat(400), '%00', '%', '%ZZ', 'abc', '%2e%2e', '1%2F2', '%F0%9F%92%8E'];
const BAD_ID_JSON = ['2147483647', '999999', '2147483648', '-1', '1.5', '1e308', '-1e308', '1e999', '"1"', '""', 'null', 'true', '[]', '{}', '[1]', '0', '-0', '99999999999999999999', `"${'9'.repeat(400)}"`, '9'.repeat(400), '2147483647.0000001', '"2147483648"', '"\u0661"'];
const BAD_QUERY = ['-1', '0', '10001', '1.5', '1e3', '2147483648', '99999999999', 'abc', '', '%00', '%', '%ZZ', '%D9%A1', '2026-13-45T25:61:00Z', '0000-00-00T00:00:00Z', '%2B275760-09-13T00:00:00.001Z', 'workshop_assignment%00'];
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];
const JUNK = ['{', '}', '[', ']', ',', ':', '"', "'", '\\', 'x', '\u0000', 'NaN', 'undefined', '/*', '\n}'];
const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'json',
  ';',
  null,
];
const QUERY_KEYS = ['limit', 'offset', 'kind', 'user_id', 'entity_id', 'from', 'to', 'limit[]', 'offset[a]', '__proto__', 'constructor'];

/** Instants of the shape the audit filters take (years 0 to 9999, edges often, zones to ±99:99), valid or not, URL-encoded. */
const mostly = (valid: fc.Arbitrary<number>, invalid: number[]) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: fc.constantFrom(...invalid), weight: 1 });
const instant = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 1, 1970, 9999), fc.integer({ min: 0, max: 9999 })),
    month: mostly(fc.integer({ min: 1, max: 12 }), [0, 13]),
    day: mostly(fc.integer({ min: 1, max: 31 }), [0, 32]),
    hour: mostly(fc.integer({ min: 0, max: 23 }), [24, 25]),
    minute: mostly(fc.integer({ min: 0, max: 59 }), [60]),
    zone: fc.constantFrom('Z', '+14:00', '-14:00', '+00:00', '-23:59', '+99:99'),
  })
  .map(({ year, month, day, hour, minute, zone }) => {
    const two = (n: number) => String(n).padStart(2, '0');
    return encodeURIComponent(`${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:00${zone}`);
  });

const deep = (depth: number, shape: 'object' | 'array', leaf = '1') =>
  shape === 'object' ? '{"a":'.repeat(depth) + leaf + '}'.repeat(depth) : '['.repeat(depth) + leaf + ']'.repeat(depth);

/** A body of about `bytes` bytes: the text at `path` filled with `char`. */
function sized(base: unknown, path: Path, char: string, bytes: number, over: boolean): string {
  const text = JSON.stringify(setAt(base, path, MARK));
  const overhead = Buffer.byteLength(text) - Buffer.byteLength(JSON.stringify(MARK)) + 2;
  const piece = JSON.stringify(char).slice(1, -1);
  const size = Buffer.byteLength(piece);
  const count = over ? Math.ceil((bytes - overhead) / size) : Math.floor((bytes - overhead) / size);
  return text.replace(JSON.stringify(MARK), () => `"${piece.repeat(Math.max(0, count))}"`);
}

function withControl(base: unknown, path: Path, where: 'value' | 'key' | 'new key', text: string): unknown {
  if (where === 'value') return setAt(base, path, text);
  const parentPath = path.slice(0, -1);
  const parent = parentPath.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], base);
  const key = path[path.length - 1];
  if (where === 'key' && typeof key === 'string' && parent && typeof parent === 'object' && !Array.isArray(parent)) {
    const renamed = Object.fromEntries(Object.entries(parent).map(([k, v]) => [k === key ? `${k.slice(0, 1)}${text}${k.slice(1)}` : k, v]));
    return parentPath.length ? setAt(base, parentPath, renamed) : renamed;
  }
  if (Array.isArray(base)) return [...base, { [text]: 'x' }];
  return { ...(base as object), [text]: 'x' };
}

// ---------------------------------------------------------------------------------------------

interface RouteFuzz {
  arbitrary: fc.Arbitrary<FuzzCase>;
  examples: FuzzCase[];
}

/** The cases of one route: fixed ones for every category that applies, and a generator of more. */
function fuzzOf(route: RouteEntry, base: unknown, badTokens: string[], knownIds: number[]): RouteFuzz {
  const arbitraries: Array<fc.Arbitrary<FuzzCase>> = [];
  const examples: FuzzCase[] = [];
  const params = paramsOf(route.url);
  const places = placesOf(base);
  const text = JSON.stringify(base);

  if (HAS_BODY.has(route.method)) {
    arbitraries.push(
      fc
        .record({ op: fc.constantFrom('cut', 'insert', 'replace', 'prefix', 'suffix', 'single quotes'), at: fc.nat(), junk: fc.constantFrom(...JUNK) })
        .map(({ op, at, junk }) => {
          const i = 1 + (at % Math.max(1, text.length - 1));
          if (op === 'cut') return text.slice(0, i);
          if (op === 'insert') return text.slice(0, i) + junk + text.slice(i);
          if (op === 'replace') return text.slice(0, i) + junk + text.slice(i + 1);
          if (op === 'prefix') return junk + text;
          if (op === 'suffix') return text + junk;
          return text.replace(/"/g, "'");
        })
        .filter(isBrokenJson)
        .map((payload): FuzzCase => ({ kind: 'broken json', payload, expect: 400 })),
      fc
        .record({ type: fc.constantFrom(...CONTENT_TYPES), body: fc.constantFrom(text, 'a=1&b=2', '<a>1</a>', '') })
        .map(({ type, body }): FuzzCase => ({ kind: 'content type', contentType: type, payload: body })),
      fc
        .oneof(
          fc.constant(null),
          fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
          fc.string({ maxLength: 30 }),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.boolean(),
        )
        .map((value): FuzzCase => ({ kind: 'not an object', payload: JSON.stringify(value) })),
      fc
        .record({
          over: fc.boolean(),
          slack: fc.integer({ min: 0, max: 4096 }),
          char: fc.constantFrom('a', 'ş', '€', '𝄞', ' ', '\t', '\u0001'),
          path: fc.constantFrom(...places.texts),
        })
        .map(({ over, slack, char, path }): FuzzCase => {
          const payload = sized(base, path, char, over ? BODY_LIMIT + 1 + slack : BODY_LIMIT - slack, over);
          return over ? { kind: 'over limit', payload, expect: 413 } : { kind: 'near limit', payload };
        }),
      fc
        .record({
          where: fc.constantFrom('value' as const, 'key' as const, 'new key' as const),
          control: fc.constantFrom(...CONTROLS),
          before: fc.string({ maxLength: 8 }),
          after: fc.string({ maxLength: 8 }),
          path: fc.constantFrom(...places.texts),
        })
        .map(({ where, control, before, after, path }): FuzzCase => ({
          kind: 'control character',
          payload: JSON.stringify(withControl(base, path, where, before + control + after)),
        })),
      fc
        .record({
          path: fc.constantFrom(...places.ids),
          raw: fc.oneof(
            fc.constantFrom(...BAD_ID_JSON),
            // In range, but naming no record (or, by chance, another one).
            fc.integer({ min: 1, max: INTEGER_MAX }).map(String),
            // A record of the fixture, most likely of another kind (a step's id as a product's).
            fc.constantFrom(...knownIds).map(String),
            fc.stringMatching(/^[1-9][0-9]{10,400}$/),
            fc.integer({ min: -2_147_483_648, max: 0 }).map(String),
            fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)).map(String),
          ),
        })
        .map(({ path, raw }): FuzzCase => ({ kind: 'bad id in body', payload: withRaw(base, path, raw) })),
      fc.dictionary(fc.string({ maxLength: 16 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }).map((extra): FuzzCase => {
        const merge = (into: unknown) => ({ ...Object.fromEntries(Object.entries(extra).filter(([key]) => !(key in (into as object)))), ...(into as object) });
        return { kind: 'unknown fields', payload: JSON.stringify(Array.isArray(base) ? base.map(merge) : merge(base)) };
      }),
      fc
        .record({
          path: fc.constantFrom(...places.any),
          value: fc.oneof(
            fc.jsonValue({ maxDepth: 3 }),
            fc.constantFrom<unknown>(1e308, -1e308, 2 ** 53 + 2, 0.1, '', ' ', 'x'.repeat(1000), [], {}, null, true),
            // Records of the fixture, twice (a product listed twice, a role change of one user twice).
            fc.constantFrom(...knownIds).map((id) => [id, id]),
            fc.constantFrom(...knownIds).map((id) => [{ ID: id, Role: 1 }, { ID: id, Role: 2 }]),
          ),
        })
        .map(({ path, value }): FuzzCase => ({ kind: 'wrong type', payload: JSON.stringify(setAt(base, path, value)) })),
      fc
        .record({
          depth: fc.integer({ min: 64, max: 5000 }),
          shape: fc.constantFrom('object' as const, 'array' as const),
          whole: fc.boolean(),
          path: fc.constantFrom(...places.any),
        })
        .map(({ depth, shape, whole, path }): FuzzCase => ({ kind: 'deep nesting', payload: whole ? deep(depth, shape) : withRaw(base, path, deep(depth, shape)) })),
    );
    const [firstText] = places.texts;
    const [firstId] = places.ids;
    examples.push(
      { kind: 'broken json', payload: '{', expect: 400 },
      { kind: 'broken json', payload: text.slice(0, -1), expect: 400 },
      { kind: 'broken json', payload: '', expect: 400 },
      { kind: 'broken json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x3a, 0x31, 0x7d]) },
      { kind: 'content type', contentType: 'text/plain', payload: text },
      { kind: 'content type', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
      ...['[]', 'null', '"text"', '42', 'true'].map((payload): FuzzCase => ({ kind: 'not an object', payload })),
      { kind: 'near limit', payload: sized(base, firstText, 'a', BODY_LIMIT, false) },
      { kind: 'over limit', payload: sized(base, firstText, 'a', BODY_LIMIT + 1, true), expect: 413 },
      { kind: 'control character', payload: JSON.stringify(setAt(base, firstText, 'NUL\u0000here')) },
      ...['2147483648', '-1', '1.5', '1e308', '"1"', '9'.repeat(400)].map((raw): FuzzCase => ({ kind: 'bad id in body', payload: withRaw(base, firstId, raw) })),
      { kind: 'unknown fields', payload: JSON.stringify(Array.isArray(base) ? base : { zz_unknown: [1, { a: null }], ...(base as object) }) },
      { kind: 'unknown fields', payload: withRaw(base, [...(Array.isArray(base) ? [0] : []), '__proto__'], '{"role_id": 2}') },
      { kind: 'unknown fields', payload: withRaw(base, [...(Array.isArray(base) ? [0] : []), 'constructor'], '{"prototype": {"role_id": 2}}') },
      { kind: 'deep nesting', payload: deep(1000, 'object') },
      { kind: 'deep nesting', payload: deep(1000, 'array') },
      { kind: 'deep nesting', payload: withRaw(base, places.any[0], deep(1000, 'object')) },
      { kind: 'deep nesting', payload: deep(1000, 'object', '{"__proto__": 1}') },
    );
  }

  const withBody = (c: FuzzCase): FuzzCase => (HAS_BODY.has(route.method) ? { payload: text, ...c } : c);
  if (params.length) {
    arbitraries.push(
      fc
        .record({
          param: fc.constantFrom(...params),
          value: fc.oneof(
            fc.constantFrom(...BAD_PATH_IDS),
            fc.stringMatching(/^[0-9]{11,400}$/),
            fc.integer({ min: 1, max: INTEGER_MAX }).map(String),
            fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
          ),
        })
        .map(({ param, value }) => withBody({ kind: 'bad id in path', params: { [param]: value } })),
    );
    for (const param of params) {
      for (const value of ['2147483648', '-1', '1.5', '1e308', '9'.repeat(400), '%00']) examples.push(withBody({ kind: 'bad id in path', params: { [param]: value } }));
    }
  }
  if (route.method === 'GET') {
    const value = fc.oneof(fc.constantFrom(...BAD_QUERY), fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent), instant);
    arbitraries.push(
      fc
        .array(fc.oneof(fc.tuple(fc.constantFrom(...QUERY_KEYS), value), fc.tuple(fc.constantFrom('from', 'to'), instant)), { minLength: 1, maxLength: 3 })
        .map((pairs): FuzzCase => ({ kind: 'bad query', query: `?${pairs.map(([key, v]) => `${encodeURIComponent(key)}=${v}`).join('&')}` })),
    );
    examples.push(
      { kind: 'bad query', query: '?limit=-1' },
      { kind: 'bad query', query: '?offset=1.5&limit=2147483648' },
      { kind: 'bad query', query: '?limit=1&limit=2' },
      { kind: 'bad query', query: '?from=0000-01-01T00:00:00Z' },
      { kind: 'bad query', query: `?to=${encodeURIComponent('9999-12-31T23:59:59-14:00')}` },
    );
  }
  if (!route.config.public) {
    const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 200 });
    arbitraries.push(fc.oneof(fc.constantFrom(...badTokens), printable.map((s) => `Bearer ${s}`)).map((authorization) => withBody({ kind: 'bad token', authorization, expect: 401 })));
    examples.push(...badTokens.slice(0, 3).map((authorization) => withBody({ kind: 'bad token', authorization, expect: 401 })));
  }
  return { arbitrary: fc.oneof(...arbitraries), examples };
}

/** Who sends a route's fuzz: a caller it lets in, the owner of line A for an owned line. */
function senderOf(route: RouteEntry, f: Fixture): Caller {
  if (route.config.public) return f.caller('anonymous');
  for (const name of ['admin', 'office', 'workshop', 'customer', 'inactive']) {
    const caller = f.caller(name);
    if (caller.role !== null && route.config.roles?.includes(caller.role)) return caller;
  }
  throw new Error(`${routeKey(route)}: no caller is let in`);
}

function describeCase(c: FuzzCase, url: string): string {
  const payload = c.payload === undefined ? '' : typeof c.payload === 'string' ? c.payload : `<bytes ${c.payload.toString('hex')}>`;
  const shown = payload.length > 300 ? `${payload.slice(0, 200)}...(${Buffer.byteLength(payload)} bytes)...${payload.slice(-60)}` : payload;
  return [`${url}`, c.contentType !== undefined ? `content-type ${JSON.stringify(c.contentType)}` : '', c.authorization ? `authorization ${JSON.stringify(c.authorization.slice(0, 80))}` : '', shown && `body ${JSON.stringify(shown)}`]
    .filter(Boolean)
    .join(', ');
}

/** A hash of a route's name, so each route has its own stable stream of cases from the one seed. */
const seedOf = (key: string) => [...key].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

describe.each(testDatabases())('fuzzed input on $name', (database) => {
  let f: Fixture;
  let smtp: TestSmtp;
  let routes: RouteEntry[];
  beforeAll(async () => {
    smtp = await startSmtp();
    const many = '1000000';
    f = await startFixture(await database.create(), {
      BODY_LIMIT: String(BODY_LIMIT),
      // A fuzzed login, password change or registration is an attempt like any: let them all be judged.
      LOGIN_FAILURE_LIMIT: many,
      PASSWORD_CHANGE_LIMIT: many,
      FORGOT_PASSWORD_LIMIT: many,
      FORGOT_PASSWORD_CLIENT_LIMIT: many,
      REGISTER_LIMIT: many,
      // Mail is configured, so forgot-password answers as in production (no address it mails is registered).
      SMTP_URL: smtp.url,
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    });
    await f.t.app.ready();
    routes = f.t.app.routeTable;
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await smtp?.close();
  });

  test('every plausible body names a route of the table', () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(f.bodies).filter((key) => !keys.has(key))).toEqual([]);
  });

  test('malformed input never answers 5xx, always answers, and a refusal stores nothing and names its sentence by a catalogue key', async () => {
    const started = Date.now();
    const { t } = f;
    const foreign = await new SignJWT({ sid: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('15m').sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    const admin = f.caller('admin');
    const [header, payload] = admin.token!.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const badTokens = [
      'Bearer not-a-token',
      `Bearer ${none}`,
      `Bearer ${foreign}`,
      'Bearer',
      'Bearer ',
      'Basic YWRtaW46YWRtaW4tc2VjcmV0',
      `Bearer ${admin.token}x`,
      `Bearer ${header}.${payload}.${'A'.repeat(43)}`,
      `Bearer ${'a'.repeat(8000)}`,
      `bearer  ${admin.token}`,
    ];

    const counts = { routes: 0, requests: 0, accepted: 0, refused: 0, byKind: {} as Record<string, number>, byStatus: {} as Record<number, number> };
    const failures: string[] = [];
    let baseline: Fingerprint = await f.fingerprint();
    const roles = new Map(f.callers.filter((c) => c.userId).map((c) => [c.userId!, c.role!]));
    const knownIds = [...new Set([...Object.values(f.ids), ...roles.keys()])].sort((a, b) => a - b);
    const document = buildOpenApiDocument(routes, 'fuzz');

    for (const route of routes) {
      const key = routeKey(route);
      const sender = senderOf(route, f);
      const base = f.bodies[key] ?? {};
      const fixed = Object.fromEntries(Object.entries(paramIds(route, f.ids)).map(([name, id]) => [name, String(id)]));
      const { arbitrary, examples } = fuzzOf(route, base, badTokens, knownIds);
      const declared = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.responses;
      counts.routes += 1;

      const property = fc.asyncProperty(arbitrary, async (c) => {
        const url = fillPath(route.url, { ...fixed, ...c.params }) + (c.query ?? '');
        const authorization = c.authorization ?? (sender.token ? `Bearer ${sender.token}` : undefined);
        const headers: Record<string, string> = {};
        if (authorization !== undefined) headers.authorization = authorization;
        if (c.payload !== undefined && c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
        const response = await answerOf(t, { method: route.method as 'GET', url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) }).catch((error: Error) => {
          throw new Error(`${error.message}: ${key} ${c.kind}; ${describeCase(c, url)}`);
        });
        const status = response.statusCode;
        const json = String(response.headers['content-type'] ?? '').includes('json') ? (response.json() as { code?: string; message?: { key?: unknown } }) : undefined;
        const code = json?.code;
        counts.requests += 1;
        counts.byKind[c.kind] = (counts.byKind[c.kind] ?? 0) + 1;
        counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
        const what = () => `${key} ${c.kind}: answered ${status}${code ? ` ${code}` : ''}; ${describeCase(c, url)}`;

        const after = await f.fingerprint();
        const before = baseline;
        baseline = after;
        if (status >= 500) throw new Error(`5xx: ${what()}`);
        if (c.expect !== undefined && status !== c.expect) throw new Error(`expected ${c.expect}: ${what()}`);
        if (declared && !(String(status) in declared)) throw new Error(`undeclared status (the document names ${Object.keys(declared).join(', ')}): ${what()}`);
        if (url.startsWith('/api/') && response.headers['cache-control'] !== 'no-store') throw new Error(`cacheable answer (cache-control ${String(response.headers['cache-control'])}): ${what()}`);
        if (status >= 400) {
          counts.refused += 1;
          const changed = changedTables(before, after);
          if (changed.length) throw new Error(`stored change on refusal (${changed.join(', ')}): ${what()}`);
          // A client in another language translates a refusal by its key, so the key must be one of the catalogue's.
          const named = json?.message?.key;
          if (json && (typeof named !== 'string' || message(named) === named)) throw new Error(`refusal without a catalogue key (${String(named)}): ${what()}`);
        } else {
          counts.accepted += 1;
          // A logout ends the sender's session: the next cases need a live one.
          if (await f.keepSession(sender)) baseline = await f.fingerprint();
        }
      });
      const details = await fc.check(property, { seed: seedOf(key), numRuns: examples.length + RUNS, examples: examples.map((c) => [c]), endOnFailure: true });
      if (details.failed) {
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push(`${error} (seed ${details.seed}, path ${details.counterexamplePath})`);
      }

      // An accepted role change (a fuzzed but valid body) must not take the senders' rights for the routes after.
      const now = await t.db.selectFrom('users').select(['id', 'role_id']).execute();
      const changed = now.filter((user) => roles.has(user.id) && roles.get(user.id) !== user.role_id);
      for (const user of changed) await t.db.updateTable('users').set({ role_id: roles.get(user.id)! }).where('id', '=', user.id).execute();
      if (changed.length) baseline = await f.fingerprint();
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = Object.entries(counts.byStatus).map(([status, n]) => `${status}: ${n}`).join(', ');
    const kinds = KINDS.map((kind) => `${kind} ${counts.byKind[kind] ?? 0}`).join(', ');
    const failing = { '5xx': /^5xx/, 'wrong status': /^expected/, 'undeclared status': /^undeclared/, 'cacheable answer': /^cacheable/, 'stored change on refusal': /^stored change/, 'no answer': /^no answer within/, 'refusal without a catalogue key': /^refusal without/ };
    const byFailure = Object.entries(failing).map(([name, pattern]) => `${failures.filter((failure) => pattern.test(failure)).length} ${name}`);
    const other = failures.filter((failure) => !Object.values(failing).some((pattern) => pattern.test(failure))).length;
    console.log(
      `fuzz on ${database.name} (seed ${SEED}, ${RUNS} random cases per route after the fixed ones): ${counts.routes} routes, ${counts.requests} requests in ${seconds} s; ` +
        `${counts.accepted} accepted, ${counts.refused} refused (${statuses}); ` +
        `failing routes: ${byFailure.join(', ')}, ${other} other\n  by kind: ${kinds}`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
