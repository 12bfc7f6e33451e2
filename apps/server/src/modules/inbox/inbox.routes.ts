import { accountRequestSchema, contactMessageSchema, pageQueryFields, supportRequestSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import {
  changeInboxItemState,
  getInboxStats,
  INBOX_KINDS,
  INBOX_STATES,
  listInbox,
  receiveAccountRequest,
  receiveContactMessage,
  receiveSupportRequest,
} from './inbox.service.ts';
import { DEFAULT_INBOX_PAGE_SIZE, setPagingHeaders } from './paging.ts';

const received = { 201: z.object({ message: z.string(), id: z.string() }) };

const stateSchema = z.enum(INBOX_STATES, { error: 'state must be new or handled' });

const listQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_INBOX_PAGE_SIZE),
  kind: z.enum(INBOX_KINDS, { error: 'kind must be support, contact or account' }).optional(),
  state: stateSchema.optional(),
});

// The answer's schema is also the last guard: a field not listed here (a password hash) cannot be sent.
const text = z.string().optional();
const inboxItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(INBOX_KINDS),
  state: z.enum(INBOX_STATES),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: text,
  subject: text,
  category: text,
  priority: text,
  message: text,
  company: text,
  address: text,
  city: text,
  country: text,
});

const statsSchema = z.object({
  new: z.number(),
  byKind: z.object({ support: z.number(), contact: z.number(), account: z.number() }),
});

/**
 * Customers' requests (public, anti-forgery checked like every write, limited per client address by
 * RATE_LIMIT_FORMS) and the console's inbox (guarded by the auth plugin, as is all of /api/admin).
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  app.post(
    '/api/support-requests',
    {
      schema: { body: supportRequestSchema, response: received },
      ...rateLimitFor(app, 'forms'),
      config: { idempotency: 'body' },
    },
    async (request, reply) => {
      const { id } = await receiveSupportRequest(app.db, request.body);
      return reply.code(201).send({ message: 'Support request received', id });
    },
  );

  app.post(
    '/api/contact-messages',
    {
      schema: { body: contactMessageSchema, response: received },
      ...rateLimitFor(app, 'forms'),
      config: { idempotency: 'body' },
    },
    async (request, reply) => {
      const { id } = await receiveContactMessage(app.db, request.body);
      return reply.code(201).send({ message: 'Message received', id });
    },
  );

  app.post(
    '/api/account-requests',
    { schema: { body: accountRequestSchema, response: received }, ...rateLimitFor(app, 'forms') },
    async (request, reply) => {
      const { id } = await receiveAccountRequest(app.db, request.body);
      return reply.code(201).send({ message: 'Account request received', id });
    },
  );

  app.get(
    '/api/admin/inbox',
    { schema: { querystring: listQuerySchema, response: { 200: z.array(inboxItemSchema) } } },
    async (request, reply) => {
      const query = request.query;
      const { items, total } = await listInbox(app.db, query);
      setPagingHeaders(reply, '/api/admin/inbox', { ...query, total }, { kind: query.kind, state: query.state });
      return items;
    },
  );

  app.patch(
    '/api/admin/inbox/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: z.object({ state: stateSchema }),
        response: { 200: inboxItemSchema },
      },
    },
    async (request) => changeInboxItemState(app.db, request.params.id, request.body.state),
  );

  app.get('/api/admin/inbox-stats', { schema: { response: { 200: statsSchema } } }, async () => getInboxStats(app.db));
};
