import type { FastifyContextConfig, FastifyInstance } from 'fastify';

/** A registered route as declared: what the generated tests and the API document are built from. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in the order registered (HEAD twins of GET routes left out). */
    routeTable: RouteEntry[];
  }
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
