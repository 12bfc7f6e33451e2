import type { Access } from '../../../src/http/access.ts';
import type { TestApp } from '../../support/test-app.ts';

export interface RouteEntry {
  method: string;
  url: string;
  /** The access scope the route was declared in; undefined for a route outside any scope. */
  access: Access | undefined;
}

/**
 * Every route the app registered, as Fastify's `onRoute` hook reported it while the app was built: a
 * route added tomorrow shows up here without anyone listing it. HEAD twins of GET routes are left out.
 */
export function listRoutes(testApp: Pick<TestApp, 'routes'>): RouteEntry[] {
  return testApp.routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, url: route.url, access: route.config?.access })),
  );
}
