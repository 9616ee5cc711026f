import type { FastifyContextConfig } from 'fastify';
import type { DeclaredSchema, RouteEntry } from '../plugins/route-table';
import { ROLE_IDS, Role, type RoleId } from '../../shared/roles';
import * as auth from '../../shared/schemas/auth';
import * as customers from '../../shared/schemas/customers';
import { INTEGER_MAX } from '../../shared/schemas/fields';
import * as orders from '../../shared/schemas/orders';
import * as productionSteps from '../../shared/schemas/production-steps';
import * as products from '../../shared/schemas/products';
import * as settings from '../../shared/schemas/settings';
import * as shops from '../../shared/schemas/shops';
import * as workshops from '../../shared/schemas/workshops';
import { type JsonSchema, toJsonSchema } from './json-schema';

/*
 * The OpenAPI 3.1 document of the API, built from the route table (app.routeTable): every route with
 * what it declares in its config (area, summary, roles, owns, body, trim, query, created, errors).
 * Request bodies declared with a shared schema of src/shared/schemas become named components
 * (productSchema: ProductInput); other declared bodies are inlined.
 */

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  'x-roles': string[];
  'x-public'?: true;
  'x-owns'?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, JsonSchema>;
};

export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; description: string; schema: JsonSchema };

/** Role names by id (admin, workshop ...), as `x-roles` lists them. */
export const ROLE_NAMES = Object.fromEntries(Object.entries(Role).map(([name, id]) => [id, name.toLowerCase()])) as Record<RoleId, string>;

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Fastify's `/things/:id` in OpenAPI's form, `/things/{id}`. */
export const openApiPath = (url: string): string => url.replace(PARAMETER, '{$1}');

/** Wildcard routes (the browser app's files) are no part of the API. */
export const isApiRoute = (route: RouteEntry): boolean => !route.url.includes('*');

/** Methods that carry a body: their routes declare `body` (a schema, or null for none). */
export const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH'];

/** The shared schemas by name; a route's body that is one of them is a component of this name. */
function sharedSchemas(): Map<DeclaredSchema, string> {
  const names = new Map<DeclaredSchema, string>();
  for (const module of [auth, customers, orders, productionSteps, products, settings, shops, workshops]) {
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith('Schema') || typeof (value as Partial<DeclaredSchema>)?.describe !== 'function') continue;
      const name = `${exported[0].toUpperCase()}${exported.slice(1, -'Schema'.length)}Input`;
      if ([...names.values()].includes(name)) throw new Error(`two shared schemas are named ${name}`);
      names.set(value as DeclaredSchema, name);
    }
  }
  return names;
}

const ERROR_RESPONSES: Record<number, [name: string, description: string]> = {
  304: ['NotModified', 'The list is as the ETag the client named in If-None-Match: no body, keep the copy held'],
  400: ['BadRequest', 'Invalid input: the body, a query parameter or a path id (VALIDATION, INVALID_ID, ...)'],
  401: ['Unauthorized', 'No live session, or credentials or a token that are not valid'],
  403: ['Forbidden', "The user's role may not call this route"],
  404: ['NotFound', "No such record, or not the user's to reach"],
  409: ['Conflict', 'Refused in the present state of the record (in use, already done, moved on, taken)'],
  410: ['Gone', 'What was asked for is no longer kept (CHANGES_PRUNED: read the lists anew)'],
  413: ['PayloadTooLarge', 'The body is larger than the server takes (BODY_TOO_LARGE)'],
  414: ['UriTooLong', 'A path parameter is longer than any id (URI_TOO_LONG)'],
  415: ['UnsupportedMediaType', 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE)'],
  429: ['TooManyRequests', 'Too many attempts; Retry-After says when to try again'],
  502: ['BadGateway', 'A store the route asked (the shop) failed or refused; the code says why (SHOPIFY_*)'],
  503: ['ServiceUnavailable', 'A service the route needs (mail, the shop) is not available'],
};

/**
 * The refusals a route may answer: implied by its method and declaration, and those it declares.
 * Any method that may carry a body has it read before the route runs, so a body that does not
 * parse, is too large or is not JSON is refused there (400, 413, 415), whatever the route takes.
 */
function errorStatuses(method: string, config: FastifyContextConfig, hasParameters: boolean): number[] {
  const statuses = new Set<number>(config.errors ?? []);
  const bodyMethod = BODY_METHODS.includes(method) || method === 'DELETE';
  if (hasParameters || bodyMethod || config.query) statuses.add(400);
  if (!config.public) statuses.add(401);
  if (config.roles && config.roles.length < ROLE_IDS.length) statuses.add(403);
  if (hasParameters) statuses.add(404);
  if (bodyMethod) statuses.add(413).add(415);
  if (hasParameters) statuses.add(414);
  return [...statuses].sort((a, b) => a - b);
}

const operationId = (method: string, url: string) =>
  `${method.toLowerCase()}${url.replace(/^\/api\/v1/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_all, next?: string) => (next ? next.toUpperCase() : ''))}`;

const OWNS: Record<NonNullable<FastifyContextConfig['owns']>, string> = {
  line: "The id names an order line: besides the office only its workshop and its order's customer reach it; another's answers 404.",
};

const DESCRIPTION = [
  'Generated from the route table of the server: every route, its roles and its input rules.',
  'Sign in with POST /api/v1/user/login and send the access token as `Authorization: Bearer <token>`.',
  'Bodies are JSON and are checked strictly (a number where text belongs is refused, nothing is converted);',
  'keys a route does not take are ignored, and a control character (other than newline and tab) in any string refuses the whole body.',
  'A refusal answers `{error, code, message}`: a Turkish sentence, a stable code, and `message: {key, values}`, the catalogue key of the sentence',
  '(`namespace:name` of locales/<language>/<namespace>.json) with the values of its placeholders, so a client translates it into its reader\'s language.',
  'An answer that reports a done action carries its Turkish `message` and beside it `message_key: {key, values}` of the same form.',
  'Any route may answer 503 DATABASE_BUSY when the database is overloaded.',
].join(' ');

/** The OpenAPI 3.1 document of `routes` (the app's route table). */
export function buildOpenApiDocument(routes: readonly RouteEntry[], version: string): OpenApiDocument {
  const named = sharedSchemas();
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      required: ['error', 'code', 'message'],
      properties: {
        error: { type: 'string', description: 'The Turkish sentence' },
        code: { type: 'string', description: 'A stable code, e.g. VALIDATION' },
        message: {
          type: 'object',
          description: 'The sentence by its catalogue key, for a client that shows another language',
          required: ['key', 'values'],
          properties: {
            key: { type: 'string', description: 'e.g. validation:orderContactRequired' },
            values: { type: 'object', description: 'The values of its placeholders, e.g. {"id": 7} for {{id}}', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
          },
        },
      },
    },
  };
  const schemaOf = (declared: DeclaredSchema): JsonSchema => {
    const name = named.get(declared);
    if (!name) return toJsonSchema(declared);
    schemas[name] ??= toJsonSchema(declared);
    return { $ref: `#/components/schemas/${name}` };
  };
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(([name, description]) => [
      name,
      {
        description,
        ...(name === 'TooManyRequests' ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
        ...(name === 'NotModified' ? {} : { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }),
      },
    ]),
  );

  const tags: string[] = [];
  const paths: OpenApiDocument['paths'] = {};
  for (const { method, url, config } of routes.filter(isApiRoute)) {
    const path = openApiPath(url);
    const area = config.area ?? 'Other';
    if (!tags.includes(area)) tags.push(area);
    const names = [...url.matchAll(PARAMETER)].map((match) => match[1]);
    const parameters: Parameter[] = [
      ...names.map((name) => ({
        name,
        in: 'path' as const,
        required: true,
        description: name !== 'id' ? `Id (${name})` : config.owns === 'line' ? 'Id of the order line' : 'Id of the record',
        schema: { type: 'integer', minimum: 1, maximum: INTEGER_MAX },
      })),
      ...Object.entries(config.query ?? {}).map(([name, { schema, description }]) => ({ name, in: 'query' as const, required: false, description, schema })),
    ];
    const descriptions = [config.owns ? OWNS[config.owns] : undefined].filter(Boolean);
    let requestBody: Operation['requestBody'];
    if (config.body) {
      const described = config.body.describe() as { nullable?: boolean; fields?: Record<string, unknown> };
      const trimmed = (config.trim ?? []).filter((field) => !described.fields || field in described.fields);
      requestBody = {
        required: !described.nullable,
        ...(trimmed.length > 0 ? { description: `Surrounding spaces are trimmed from ${trimmed.join(', ')} before the rules apply.` } : {}),
        content: { 'application/json': { schema: schemaOf(config.body) } },
      };
    }
    const operation: Operation = {
      operationId: operationId(method, url),
      summary: config.summary ?? `${method} ${path}`,
      ...(descriptions.length > 0 ? { description: descriptions.join(' ') } : {}),
      tags: [area],
      security: config.public ? [] : [{ bearer: [] }],
      'x-roles': config.public ? [] : (config.roles ?? ROLE_IDS).map((role) => ROLE_NAMES[role]),
      ...(config.public ? { 'x-public': true as const } : {}),
      ...(config.owns ? { 'x-owns': config.owns } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {},
    };
    operation.responses[config.created ? '201' : '200'] = {
      description: config.created ? 'Created' : 'OK',
      content: { [config.produces ?? 'application/json']: {} },
    };
    for (const status of errorStatuses(method, config, names.length > 0)) {
      const known = ERROR_RESPONSES[status];
      if (!known) throw new Error(`${method} ${url} declares the status ${status}, which has no description`);
      operation.responses[String(status)] = { $ref: `#/components/responses/${known[0]}` };
    }
    paths[path] ??= {};
    const key = method.toLowerCase();
    if (paths[path][key]) throw new Error(`${method} ${path} is registered twice`);
    paths[path][key] = operation;
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Atölye Takip API', version, description: DESCRIPTION },
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of POST /api/v1/user/login' } },
    },
  };
}
