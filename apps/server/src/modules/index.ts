import type { RoutesPlugin } from '../http/access.ts';
import { accountRoutes } from './accounts/account.routes.ts';
import { accountImportsRoutes } from './accounts/account-imports.routes.ts';
import { attentionRoutes } from './attention/attention.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { companyDetailsRoutes } from './company-details/company-details.routes.ts';
import { consoleShortcutRoutes } from './console-shortcut/console-shortcut.routes.ts';
import { driverEventsRoutes } from './driver-events/driver-events.routes.ts';
import type { EventConsumer } from './events/events.service.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inboxRoutes } from './inbox/inbox.routes.ts';
import { labelsRoutes } from './labels/labels.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { mailEventConsumer } from './mail/mail-events.consumer.ts';
import { packagesRoutes } from './packages/packages.routes.ts';
import { plansRoutes } from './plans/plans.routes.ts';
import { ratingAdminRoutes, ratingRoutes } from './ratings/ratings.routes.ts';
import { issueRatingLink } from './ratings/ratings.service.ts';
import { runsRoutes } from './runs/runs.routes.ts';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.ts';
import { teamRoutes } from './team/team.routes.ts';
import { textsRoutes } from './texts/texts.routes.ts';
import { textsConsoleRoutes } from './texts/texts-console.routes.ts';
import { deliveryPreferencesAdminRoutes } from './tracking/delivery-preferences.routes.ts';
import { packageCheckRoutes } from './tracking/package-check.routes.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';
import { v1Routes } from './v1/v1.routes.ts';
import { webhookEventConsumer } from './webhooks/webhook-events.consumer.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';

/**
 * Every feature's routes, registered in this order by app.ts with `{ config }`. Each feature declares
 * its routes inside `publicScope`, `signedInScope`, `consoleScope`, `adminScope` or `driverScope` (http/access.ts): the scope decides who may call.
 */
export const featureRoutes: RoutesPlugin[] = [
  healthRoutes,
  authRoutes,
  teamRoutes,
  trackingRoutes,
  packageCheckRoutes,
  deliveryPreferencesAdminRoutes,
  subscriptionsRoutes,
  packagesRoutes,
  attentionRoutes,
  plansRoutes,
  companyDetailsRoutes,
  consoleShortcutRoutes,
  mailRoutes,
  inboxRoutes,
  labelsRoutes,
  auditRoutes,
  runsRoutes,
  driverEventsRoutes,
  ratingRoutes,
  ratingAdminRoutes,
  textsRoutes,
  textsConsoleRoutes,
  accountRoutes,
  accountImportsRoutes,
  webhooksRoutes,
  v1Routes,
];

/**
 * Every consumer of package events (modules/events): a new channel to the outside is a module with an
 * EventConsumer, added here. A consumer added to an existing install hears the events from its first
 * start on; one that must hear every event from the first is also registered by a migration (0018
 * registers `mail`).
 */
export const eventConsumers: EventConsumer[] = [mailEventConsumer, webhookEventConsumer];

/** What the mail outbox asks of other modules as it writes a message: the rating link of a delivery e-mail. */
export const mailLinks = { issueRatingLink };
