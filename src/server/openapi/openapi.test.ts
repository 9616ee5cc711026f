import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyRequest } from 'fastify';
import { startTestApp, type TestApp } from '../../../test/server';
import { version } from '../../../package.json';
import type { RouteEntry } from '../plugins/route-table';
import { declaredBody } from '../validate';
import { Role, ROLE_IDS } from '../../shared/roles';
import { BODY_METHODS, buildOpenApiDocument, isApiRoute, type OpenApiDocument, openApiPath, type Operation, ROLE_NAMES } from './document';
import { escapeHtml, renderDocsPage } from './page';
import { DOCS_PATH, OPENAPI_PATH } from './routes';

/*
 * The API document is generated from the route table and stays true to it: every route has its
 * entry (and every entry is a route), each entry says what the route declares, the document holds
 * together as OpenAPI 3.1, and its page shows every route. The document does not depend on the
 * database, so one SQLite app serves every test.
 */

const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
const operationOf = (document: OpenApiDocument, route: RouteEntry): Operation | undefined => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];

/** Routes of the table without an entry in the document. */
const undocumented = (routes: readonly RouteEntry[], document: OpenApiDocument) => routes.filter(isApiRoute).filter((route) => !operationOf(document, route)).map(routeKey);

/** Entries of the document without a route. */
function unrouted(document: OpenApiDocument, routes: readonly RouteEntry[]): string[] {
  const keys = new Set(routes.filter(isApiRoute).map((route) => `${route.method} ${openApiPath(route.url)}`));
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)).filter((key) => !keys.has(key));
}

/** Every `$ref` string anywhere in `value`, with where it is. */
function refsIn(value: unknown, at = '#'): Array<{ at: string; ref: string }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [{ at, ref: inner }] : refsIn(inner, `${at}/${key}`)));
}

/** What a local reference (`#/components/...`) points to, or undefined. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), document);
}

describe('the API document', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  let document: OpenApiDocument;
  let admin: string;

  beforeAll(async () => {
    const folder = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'openapi-'));
    t = await startTestApp(`sqlite:${join(folder, 'app.db')}`);
    await t.app.ready();
    routes = t.app.routeTable;
    const answer = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
    admin = (await t.login()).token;
  });
  afterAll(() => t.close());

  test('every route of the route table has its entry, and every entry is a route', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(undocumented(routes, document)).toEqual([]);
    expect(unrouted(document, routes)).toEqual([]);

    // The check finds a route whose entry is missing ...
    const route = routes.find((r) => r.url.includes(':id') && r.method === 'PUT')!;
    const without: OpenApiDocument = JSON.parse(JSON.stringify(document));
    delete without.paths[openApiPath(route.url)][route.method.toLowerCase()];
    expect(undocumented(routes, without)).toEqual([routeKey(route)]);
    // ... and a route added without being documented.
    const added = [...routes, { method: 'POST', url: '/api/v1/new/:id', config: {} }];
    expect(undocumented(added, document)).toEqual(['POST /api/v1/new/:id']);
  });

  test("each entry says what its route declares: roles, public, area, summary, owned record, body, query, path ids", () => {
    for (const route of routes) {
      const { config } = route;
      const operation = operationOf(document, route)!;
      const pathIds = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const roles = config.public ? [] : (config.roles ?? ROLE_IDS).map((role) => ROLE_NAMES[role]);
      expect({ route: routeKey(route), declaresAreaAndSummary: Boolean(config.area && config.summary) }).toEqual({ route: routeKey(route), declaresAreaAndSummary: true });
      expect({
        route: routeKey(route),
        roles: operation['x-roles'],
        security: operation.security,
        tags: operation.tags,
        summary: operation.summary,
        owns: operation['x-owns'],
        body: Boolean(operation.requestBody),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        path: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        success: Object.keys(operation.responses).filter((status) => status.startsWith('2')),
      }).toEqual({
        route: routeKey(route),
        roles,
        security: config.public ? [] : [{ bearer: [] }],
        tags: [config.area],
        summary: config.summary,
        owns: config.owns,
        body: Boolean(config.body),
        query: Object.keys(config.query ?? {}),
        path: pathIds,
        success: [config.created ? '201' : '200'],
      });
      if (!config.public) expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
      for (const status of config.errors ?? []) expect(operation.responses[String(status)]).toBeDefined();
    }
  });

  test('every route that takes a body declares it, and reads it only through its declaration', () => {
    const undeclared = routes.filter((route) => BODY_METHODS.includes(route.method) && !('body' in route.config)).map(routeKey);
    expect(undeclared).toEqual([]);

    // Handlers read a body with declaredBody(request), which takes the schema from the route's config;
    // validateBody with a schema of its own would let a route's rules leave the document.
    const modules = resolve(__dirname, '../modules');
    const callers = (readdirSync(modules, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(join(modules, file), 'utf8').includes('validateBody('));
    expect(callers).toEqual([]);

    // The document says nothing of trimming but the route's trim list: every field whose rule wants it trimmed is in that list.
    for (const route of routes.filter((r) => r.config.body)) {
      const described = route.config.body!.describe() as { fields?: Record<string, { tests?: Array<{ name?: string }> }> };
      const trimmedByRule = Object.entries(described.fields ?? {}).filter(([, field]) => field.tests?.some((test) => test.name === 'trim')).map(([name]) => name);
      expect({ route: routeKey(route), untrimmed: trimmedByRule.filter((name) => !(route.config.trim ?? []).includes(name)) }).toEqual({ route: routeKey(route), untrimmed: [] });
    }
  });

  test('a handler cannot read a body its route does not declare (a type error)', () => {
    const undeclared = (request: FastifyRequest) =>
      // @ts-expect-error the route's config declares no body schema
      declaredBody(request);
    expect(typeof undeclared).toBe('function');
  });

  test('the document holds together as OpenAPI 3.1: operations with responses, references that resolve, schemas that compile', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Atölye Takip API', version });
    const tagNames = document.tags.map((tag) => tag.name);
    const operationIds: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\//);
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, method: ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method) }).toEqual({ where, method: true });
        operationIds.push(operation.operationId);
        const statuses = Object.keys(operation.responses);
        expect({ where, success: statuses.some((s) => /^2\d\d$/.test(s)), statuses: statuses.every((s) => /^[1-5]\d\d$/.test(s)) }).toEqual({ where, success: true, statuses: true });
        for (const response of Object.values(operation.responses)) expect({ where, described: typeof response.description === 'string' || typeof response.$ref === 'string' }).toEqual({ where, described: true });
        // Path templates and path parameters name the same ids.
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const pathParameters = (operation.parameters ?? []).filter((p) => p.in === 'path');
        expect({ where, names: pathParameters.map((p) => p.name), required: pathParameters.every((p) => p.required) }).toEqual({ where, names: templated, required: true });
        for (const tag of operation.tags) expect(tagNames).toContain(tag);
        for (const requirement of operation.security) for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes[scheme]).toBeDefined();
        if (operation.requestBody) expect(Object.keys(operation.requestBody.content)).toEqual(['application/json']);
      }
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);

    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter(({ ref }) => resolvePointer(document, ref) === undefined)).toEqual([]);

    // Every schema (components, inline bodies, parameters) is a valid JSON Schema 2020-12 with known keywords only
    // (formats such as email are annotations in 2020-12).
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const schemas = [
      ...Object.values(document.components.schemas),
      ...Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => [
          ...(operation.parameters ?? []).map((p) => p.schema),
          ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema).filter((schema) => !schema.$ref),
        ]),
      ),
    ];
    for (const schema of schemas) expect(() => ajv.compile(schema)).not.toThrow();
  });

  test('a declared status without a response description stops the build', () => {
    const route: RouteEntry = { method: 'GET', url: '/x', config: { public: true, errors: [418] } };
    expect(() => buildOpenApiDocument([route], '1')).toThrow(/418/);
  });

  test(`${OPENAPI_PATH} is public JSON, generated from the route table`, async () => {
    const answer = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(routes, version))));
  });

  test(`${DOCS_PATH} is a public page without script that shows every route`, async () => {
    const answer = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(String(answer.headers['content-security-policy'])).toContain("script-src 'self'");
    const page = answer.body;
    expect(page).not.toMatch(/<script/i);
    const missing = routes.filter(isApiRoute).filter((route) => {
      const heading = `<span class="method ${route.method.toLowerCase()}">${route.method}</span> <code>${escapeHtml(openApiPath(route.url))}</code>`;
      return !page.includes(heading);
    });
    expect(missing.map(routeKey)).toEqual([]);
    expect(page.match(/<article /g)?.length).toBe(routes.filter(isApiRoute).length);
    // Roles and body rules are on the page too.
    expect(page).toContain('roles: admin, office');
    expect(page).toContain('<code>products[].quantity</code>');
  });

  test('the page escapes every text it shows', () => {
    const route: RouteEntry = { method: 'GET', url: '/x/:id', config: { public: true, area: 'A & <B>', summary: '<img src=x onerror="alert(1)">' } };
    const page = renderDocsPage(buildOpenApiDocument([route], '1'));
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(page).toContain('A &amp; &lt;B&gt;');
  });

  test('a list route that reads paging declares it, and one that declares it reads it', async () => {
    // The routes an admin may call without a path id: ?limit=0 is refused exactly where paging is declared.
    const lists = routes.filter(
      (route) => route.method === 'GET' && isApiRoute(route) && !route.url.includes(':') && (route.config.public || !route.config.roles || route.config.roles.includes(Role.Admin)),
    );
    expect(lists.length).toBeGreaterThan(20);
    const verdicts = [];
    for (const route of lists) {
      const refused = await t.call('GET', `${route.url}?limit=0`, { token: admin });
      const paged = await t.call('GET', `${route.url}?limit=1`, { token: admin });
      verdicts.push({ route: routeKey(route), declares: Boolean(route.config.query?.limit), reads: refused.status === 400 && paged.status === 200 });
    }
    expect(verdicts.filter((v) => v.declares !== v.reads)).toEqual([]);
  });
});
