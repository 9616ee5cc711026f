import type { FastifyInstance } from 'fastify';
import { routesOf } from '../plugins/route-table';
import { version } from '../../../package.json';
import { buildOpenApiDocument } from './document';
import { renderDocsPage } from './page';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document of every route) and `GET /api/docs` (its
 * readable page), both public. Built from the route table at the first request, when every route
 * is registered, and kept: the routes of a running server do not change.
 */
export function apiDocsRoutes(app: FastifyInstance): void {
  const route = routesOf('Documentation');
  const open = { config: { public: true } };
  let built: { json: string; html: string } | undefined;
  const documents = () => {
    if (!built) {
      const document = buildOpenApiDocument(app.routeTable, version);
      built = { json: JSON.stringify(document), html: renderDocsPage(document) };
    }
    return built;
  };
  app.get(OPENAPI_PATH, route(open, { summary: 'This document: OpenAPI 3.1 of every route, generated from the route table' }), async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(documents().json),
  );
  app.get(DOCS_PATH, route(open, { summary: 'The readable page of this document', produces: 'text/html' }), async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(documents().html),
  );
}
