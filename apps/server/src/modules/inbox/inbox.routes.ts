import {
  accountApprovalSchema,
  accountDeclineSchema,
  accountRequestSchema,
  contactMessageSchema,
  INBOX_ITEM_NOT_FOUND,
  idParamsSchema,
  inboxItemSchema,
  inboxListQuerySchema,
  inboxStateChangeSchema,
  inboxStatsSchema,
  ONLY_ACCOUNT_REQUESTS,
  REQUEST_ALREADY_APPROVED,
  receivedSchema,
  supportRequestSchema,
} from '@waybill/domain';
import { consoleScope, publicScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor, operatorActor } from '../audit/audit.service.ts';
import {
  approveAccountRequest,
  changeInboxItemState,
  declineAccountRequest,
  getInboxStats,
  listInbox,
  receiveAccountRequest,
  receiveContactMessage,
  receiveSupportRequest,
} from './inbox.service.ts';

const tags = ['Customer requests and inbox'];
const received = { 201: receivedSchema };

/** What customers send: stored for the console's inbox, limited per client address (RATE_LIMIT_FORMS). */
const customerRequestRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/api/support-requests',
    {
      schema: {
        tags,
        summary: 'A support request from the support page',
        body: supportRequestSchema,
        response: received,
      },
      ...rateLimitFor(app, 'forms'),
      config: { idempotency: 'body' },
    },
    async (request, reply) => {
      const { id } = await receiveSupportRequest(app.db, customerActor(request), request.body);
      return reply.code(201).send({ message: 'Support request received', id });
    },
  );

  app.post(
    '/api/contact-messages',
    {
      schema: {
        tags,
        summary: "A message from the home page's contact form",
        description:
          'SPEC §5 accepts any submission: name and e-mail are stored as sent; a message without text is refused (400 "Message is required"), storing nothing.',
        body: contactMessageSchema,
        response: received,
      },
      ...rateLimitFor(app, 'forms'),
      config: { idempotency: 'body' },
    },
    async (request, reply) => {
      const { id } = await receiveContactMessage(app.db, customerActor(request), request.body);
      return reply.code(201).send({ message: 'Message received', id });
    },
  );

  app.post(
    '/api/account-requests',
    {
      schema: {
        tags,
        summary: 'An account request',
        description:
          'The password is stored only as a scrypt hash and no answer ever carries it. No Idempotency-Key: ' +
          'the stored fingerprint of the body would be a way to test guesses of the password.',
        body: accountRequestSchema,
        response: received,
      },
      ...rateLimitFor(app, 'forms'),
    },
    async (request, reply) => {
      const { id } = await receiveAccountRequest(app.db, customerActor(request), request.body);
      return reply.code(201).send({ message: 'Account request received', id });
    },
  );
};

/** The console's inbox of those requests. */
const consoleInboxRoutes: RoutesPlugin = async (app, options) => {
  const linkDeps = { db: app.db, publicUrl: options.config.publicUrl, keys: app.subscriptionKeys };

  app.post(
    '/api/admin/inbox/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approves an account request: makes the business account and mails the requester a link to set a password',
        params: idParamsSchema,
        response: {
          200: accountApprovalSchema,
          ...errorAnswers({
            404: `${INBOX_ITEM_NOT_FOUND} (an unknown or malformed id)`,
            409: `"${ONLY_ACCOUNT_REQUESTS}", "${REQUEST_ALREADY_APPROVED}", or the address already belongs to an account`,
          }),
        },
      },
    },
    async (request) => approveAccountRequest(linkDeps, operatorActor(request), request.params.id),
  );

  app.post(
    '/api/admin/inbox/:id/decline',
    {
      schema: {
        tags,
        summary: 'Declines an account request: marks it handled, makes no account',
        params: idParamsSchema,
        response: {
          200: accountDeclineSchema,
          ...errorAnswers({
            404: `${INBOX_ITEM_NOT_FOUND} (an unknown or malformed id)`,
            409: ONLY_ACCOUNT_REQUESTS,
          }),
        },
      },
    },
    async (request) => declineAccountRequest(app.db, operatorActor(request), request.params.id),
  );

  app.get(
    '/api/admin/inbox',
    {
      schema: {
        tags,
        summary: 'The received requests, newest first, a page at a time; optionally of one kind and state',
        querystring: inboxListQuerySchema,
        response: { 200: pageAnswer(inboxItemSchema) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      return sendPage(request, reply, { ...(await listInbox(app.db, request.query)), page, pageSize });
    },
  );

  app.patch(
    '/api/admin/inbox/:id',
    {
      schema: {
        tags,
        summary: 'Marks an item handled, or new again',
        params: idParamsSchema,
        body: inboxStateChangeSchema,
        response: {
          200: inboxItemSchema,
          ...errorAnswers({ 404: `${INBOX_ITEM_NOT_FOUND} (an unknown or malformed id)` }),
        },
      },
    },
    async (request) => changeInboxItemState(app.db, operatorActor(request), request.params.id, request.body.state),
  );

  app.get(
    '/api/admin/inbox-stats',
    {
      schema: {
        tags,
        summary: 'How many items are still new, in all and per kind',
        response: { 200: inboxStatsSchema },
      },
    },
    async () => getInboxStats(app.db),
  );
};

export const inboxRoutes: RoutesPlugin = async (app, options) => {
  await app.register(publicScope(customerRequestRoutes), options);
  await app.register(consoleScope(consoleInboxRoutes), options);
};
