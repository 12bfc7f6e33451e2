import type { OperatorRole } from '@waybill/domain';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AccountPrincipal } from '../modules/accounts/account-auth.service.ts';
import type { ApiClient } from '../modules/accounts/api-key-cache.ts';
import type { ImageStorage } from '../storage/image-storage.ts';

export interface SignedInOperator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: ImageStorage;
  }
  interface FastifyRequest {
    /** Set on routes of a scope that needs a session (see http/access.ts). */
    operator?: SignedInOperator;
    /** Set on routes of the business customers' portal (`accountScope`). */
    accountMember?: AccountPrincipal;
    /** Set on /api/v1 routes: the account of the request's API key, and its sender details. */
    apiClient?: ApiClient;
  }
}
