import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { ImageStorage } from '../storage/image-storage.ts';

export interface SignedInOperator {
  id: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: ImageStorage;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on console routes. */
    operator?: SignedInOperator;
  }
  interface FastifyContextConfig {
    /** A console route: answers 401 without a valid session (set by the auth plugin for /api/admin/*). */
    operatorOnly?: boolean;
  }
}
