import { createSecretKey, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

/**
 * The keys the server signs what it hands its visitors with, one per use. Key objects: an HMAC made
 * with one costs a fifth of one made from the key's bytes, which Node imports again at every call.
 */
export interface ServerKeys {
  /** The anti-forgery token (plugins/xsrf.ts). */
  xsrf: KeyObject;
  /** The sign-in device cookie (modules/auth). */
  device: KeyObject;
  /** The cookie of a sender or recipient checked on the tracking page (modules/tracking/package-check). */
  packageCheck: KeyObject;
}

declare module 'fastify' {
  interface FastifyInstance {
    serverKeys: ServerKeys;
  }
}

const SIGNING_SECRET = 'signing';

/**
 * The named secret of the database, made (32 random bytes) by the first process that asks: the
 * insert of a racing process does nothing, and both read the one that won.
 */
export async function loadServerSecret(db: Database, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, secret: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (!row) throw new Error(`the server secret ${name} could not be read`);
  return Buffer.from(row.secret, 'base64');
}

/** One key per use, derived from the database's signing secret. */
export function serverKeysFrom(secret: Buffer): ServerKeys {
  const derive = (use: string) =>
    createSecretKey(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `waybill: ${use}`, 32)));
  return {
    xsrf: derive('anti-forgery token'),
    device: derive('sign-in device'),
    packageCheck: derive('package check'),
  };
}

/** Reads (or makes) the signing secret once, before any request is answered. */
async function serverSecretsPlugin(app: FastifyInstance) {
  app.decorate('serverKeys', serverKeysFrom(await loadServerSecret(app.db, SIGNING_SECRET)));
}

export default fp(serverSecretsPlugin, { name: 'server-secrets', dependencies: ['db'] });
