import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { SchemaFieldDescription } from 'yup';
import type { JsonSchema } from '../openapi/json-schema';

/** A registered route as declared: what the generated tests and the API document are built from. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

/** A yup schema as a route declares its body (the API document reads its description). */
export interface DeclaredSchema {
  describe(): SchemaFieldDescription;
}

/** A query parameter a route reads: its rule as JSON Schema (of the value once read from the text). */
export interface QueryParameter {
  schema: JsonSchema;
  description: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in the order registered (HEAD twins of GET routes left out). */
    routeTable: RouteEntry[];
  }
  /* What a route declares besides its roles (plugins/auth.ts); the API document (/api/openapi.json) is built from it. */
  interface FastifyContextConfig {
    /** The part of the product the route belongs to (the document's tag, the docs page's section). */
    area?: string;
    /** One line: what the route does. */
    summary?: string;
    /**
     * The shared schema the body must match, read by `declaredBody(request)` (validate.ts), so the
     * route names it once; null when the route takes no body.
     */
    body?: DeclaredSchema | null;
    /** Body fields trimmed before validation, as the client trims them. */
    trim?: readonly string[];
    /** Query parameters the route reads. */
    query?: Readonly<Record<string, QueryParameter>>;
    /** Answers 201 (a new record) instead of 200. */
    created?: boolean;
    /** Statuses the route may refuse with beyond those its declaration implies (400 input, 401, 403, 404 path ids), e.g. 409. */
    errors?: readonly number[];
    /** Media type of a successful answer other than JSON. */
    produces?: string;
  }
}

/**
 * Route options for the routes of one area: the shared declaration (roles, owns, public) of `base`
 * with this route's own entries (summary, body, query ...).
 */
export function routesOf(area: string) {
  return <B extends FastifyContextConfig, O extends FastifyContextConfig>(base: { config: B }, own: O): { config: B & O & { area: string } } => ({
    config: { ...base.config, ...own, area },
  });
}

/** Records every route registered after this call; call it before any route is declared. */
export function collectRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') table.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig });
    }
  });
}
