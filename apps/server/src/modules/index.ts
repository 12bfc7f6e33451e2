import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { Config } from '../config.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { companyDetailsRoutes } from './company-details/company-details.routes.ts';
import { consoleShortcutRoutes } from './console-shortcut/console-shortcut.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inboxRoutes } from './inbox/inbox.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { plansRoutes } from './plans/plans.routes.ts';
import { shipmentsRoutes } from './shipments/shipments.routes.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: route plugins are typed with the zod type provider.
export type FeatureRoutes = FastifyPluginAsync<{ config: Config }, RawServerDefault, any>;

/** Every feature's routes, registered in this order by app.ts with `{ config }`. */
export const featureRoutes: FeatureRoutes[] = [
  healthRoutes,
  authRoutes,
  trackingRoutes,
  shipmentsRoutes,
  plansRoutes,
  companyDetailsRoutes,
  consoleShortcutRoutes,
  mailRoutes,
  inboxRoutes,
];
