// Every table of the one schema, split by feature. drizzle-kit reads ./src/db/schema/*.ts.
export * from './audit.ts';
export * from './auth.ts';
export * from './delivery-preferences.ts';
export * from './driver-events.ts';
export * from './events.ts';
export * from './idempotency.ts';
export * from './inbox.ts';
export * from './mail.ts';
export * from './package-checks.ts';
export * from './packages.ts';
export * from './rate-limits.ts';
export * from './runs.ts';
export * from './secrets.ts';
export * from './settings.ts';
export * from './subscription-requests.ts';
export * from './subscriptions.ts';
export * from './texts.ts';
