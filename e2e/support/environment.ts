import { inject } from 'vitest';

/** What the global setup hands every spec: where the app runs and how to get into the console. */
export interface E2eEnvironment {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** The console prefix (ADMIN_PATH), e.g. /console-e2e. */
  consolePath: string;
  /** The hidden home-form shortcut to the console: name in the Name field, code in the Email field. */
  shortcut: { name: string; code: string };
  /** The server's DATA_DIR; without SMTP_URL its e-mails are .eml files in `outbox/` there. */
  dataDir?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server a worker: files that run at the same time never share a database. */
    e2e: E2eEnvironment[];
    /** A DATA_DIR whose embedded database the production build's migrate command made: copy it, never open it. */
    e2eMigratedDatabase: string;
  }
}

/**
 * The running app's environment for this worker (VITEST_POOL_ID, 1 to the number of workers, is
 * this worker's alone while it runs a file); only inside the e2e project, whose global setup provides it.
 */
export function readE2eEnvironment(): E2eEnvironment {
  const environments = inject('e2e');
  if (!environments?.length) throw new Error('No e2e environment: run the specs through `vitest run --project e2e`');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return environments[(worker - 1) % environments.length]!;
}
