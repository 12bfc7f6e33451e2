import {
  ACCOUNT_EMAIL_TAKEN,
  ACCOUNT_LINK_HOURS,
  ACCOUNT_NOT_FOUND,
  ACCOUNT_OWNER_ONLY,
  ACCOUNT_SESSION_COOKIE,
  accountLabelQuerySchema,
  accountMemberSchema,
  accountSessionSchema,
  accountSessionStateSchema,
  accountSetPasswordSchema,
  accountShipInputSchema,
  accountShipmentParamsSchema,
  accountShipmentSchema,
  accountShipmentSummarySchema,
  accountShipmentsQuerySchema,
  accountShippedSchema,
  apiErrorSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  INVALID_LOGIN,
  idParamsSchema,
  inviteAccountMemberSchema,
  LAST_OWNER,
  loginSchema,
  NO_LABEL_PENDING,
  PACKAGE_NOT_FOUND,
  SESSION_EXPIRED,
  signedOutSchema,
  teamMessageSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { accountScope, publicScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers, fileAnswer } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SignInThrottledError } from '../auth/auth.service.ts';
import { DEVICE_COOKIE_MAX_AGE_S, readDeviceCookie, writeDeviceCookie } from '../auth/device-cookie.ts';
import { passwordSiteOf } from '../auth/password-strength.ts';
import { rendering, sendPdf } from '../labels/label-answers.ts';
import {
  ACCOUNT_LINK_INVALID,
  accountSessionOf,
  endAccountSession,
  memberAuditActor,
  resolveAccountSession,
  setMemberPassword,
  signInMember,
} from './account-auth.service.ts';
import { listShipments, shipForAccount, shipmentDetail, shipmentLabel } from './account-shipments.service.ts';
import {
  createApiKey,
  inviteMember,
  listApiKeys,
  listMembers,
  removeMember,
  revokeApiKey,
} from './accounts.service.ts';

const tags = ['Business accounts'];
/** The browsers a member signed in from (as operators' `waybill_device`): strangers' failures never slow them. */
const ACCOUNT_DEVICE_COOKIE = 'waybill_account_device';
const OWNER_ONLY = { 403: ACCOUNT_OWNER_ONLY };
const THROTTLED = apiErrorSchema.meta({
  description:
    'Too many sign-ins from this address, or an attempt before the wait that failed sign-ins for this member put on it is over',
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the limit or the wait is over' } },
});

/** The business customers' portal API: sign-in at /account, the account's shipments, team and API keys. */
export const accountRoutes: RoutesPlugin = async (app, options) => {
  const { config } = options;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secure } as const;
  const deviceCookie = config.secure ? `__Host-${ACCOUNT_DEVICE_COOKIE}` : ACCOUNT_DEVICE_COOKIE;
  const linkDeps = () => ({ db: app.db, publicUrl: config.publicUrl, keys: app.subscriptionKeys });
  const shipmentDeps = () => ({ db: app.db, storage: app.storage, config });

  await app.register(
    publicScope(async (scope) => {
      scope.post(
        '/api/account/sign-in',
        {
          schema: {
            tags,
            summary: "A business customer signs in: sets the portal's own httpOnly session cookie",
            body: loginSchema,
            response: { 200: accountSessionSchema, ...errorAnswers({ 401: INVALID_LOGIN }), 429: THROTTLED },
          },
          ...rateLimitFor(scope, 'login'),
        },
        async (request, reply) => {
          const devices = readDeviceCookie(scope.serverKeys.device, request.cookies[deviceCookie]);
          let signedIn: Awaited<ReturnType<typeof signInMember>>;
          try {
            signedIn = await signInMember(scope.db, request.body, {
              ip: request.ip,
              devices,
              previousToken: request.cookies[ACCOUNT_SESSION_COOKIE],
            });
          } catch (error) {
            if (error instanceof SignInThrottledError) reply.header('retry-after', error.retryAfterSeconds);
            throw error;
          }
          const { session, token, deviceId } = signedIn;
          reply.setCookie(ACCOUNT_SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
          const device = writeDeviceCookie(
            scope.serverKeys.device,
            { operatorId: session.member.id, deviceId },
            devices,
          );
          reply.setCookie(deviceCookie, device, {
            ...cookieOptions,
            sameSite: 'strict',
            maxAge: DEVICE_COOKIE_MAX_AGE_S,
          });
          // The anti-forgery token follows the session the browser now holds (an operator's comes first).
          reply.bindXsrfToken(request.cookies[SESSION_COOKIE] ?? token);
          return session;
        },
      );

      scope.post(
        '/api/account/sign-out',
        {
          schema: {
            tags,
            summary: "Ends the portal's session, if any, and clears its cookie",
            response: { 200: signedOutSchema },
          },
        },
        async (request, reply) => {
          await endAccountSession(scope.db, request.cookies[ACCOUNT_SESSION_COOKIE]);
          reply.clearCookie(ACCOUNT_SESSION_COOKIE, cookieOptions);
          reply.bindXsrfToken(request.cookies[SESSION_COOKIE]);
          return { message: 'Signed out' };
        },
      );

      scope.get(
        '/api/account/session',
        {
          schema: {
            tags,
            summary:
              'Whether this browser is signed in to the portal: the member and account, or null (200 either way)',
            description:
              "For the portal's page, which only wants to know: no session is an answer here, not an error. " +
              '`expired` is true when the cookie named a session that timed out. GET /api/account/me answers 401 instead.',
            response: { 200: accountSessionStateSchema },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          try {
            const member = await resolveAccountSession(scope.db, request.cookies[ACCOUNT_SESSION_COOKIE]);
            return { session: await accountSessionOf(scope.db, member), expired: false };
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 401) {
              return { session: null, expired: error.message === SESSION_EXPIRED };
            }
            throw error;
          }
        },
      );

      scope.post(
        '/api/account/set-password',
        {
          schema: {
            tags,
            summary: 'The page of an approval or invitation link: sets the password (and name) once',
            description: `The link works once, for ${ACCOUNT_LINK_HOURS} hours. It does not sign in.`,
            body: accountSetPasswordSchema,
            response: {
              200: teamMessageSchema,
              ...errorAnswers({
                400: `"${ACCOUNT_LINK_INVALID}", or a password shorter than 12 characters or too easy to guess`,
              }),
            },
          },
          ...rateLimitFor(scope, 'login'),
        },
        async (request) => setMemberPassword(scope.db, passwordSiteOf(config), request.body, { ip: request.ip }),
      );
    }),
    options,
  );

  await app.register(
    accountScope(async (scope) => {
      scope.get(
        '/api/account/me',
        {
          schema: { tags, summary: 'The signed-in member and their account', response: { 200: accountSessionSchema } },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          return accountSessionOf(scope.db, request.accountMember!);
        },
      );

      scope.get(
        '/api/account/shipments',
        {
          schema: {
            tags,
            summary: "The account's shipments, newest first, a page at a time; a search and a status filter",
            querystring: accountShipmentsQuerySchema,
            response: { 200: pageAnswer(accountShipmentSummarySchema) },
          },
        },
        async (request, reply) => {
          const { page, pageSize } = request.query;
          const found = await listShipments(scope.db, request.accountMember!.accountId, request.query);
          return sendPage(request, reply, { ...found, page, pageSize });
        },
      );

      scope.post(
        '/api/account/shipments',
        {
          schema: {
            tags,
            summary: 'Ships a package as the account: the account is the sender; it starts Pending',
            body: accountShipInputSchema,
            response: { 201: accountShippedSchema },
          },
          config: { idempotency: 'body' },
        },
        async (request, reply) => {
          const { accountId } = request.accountMember!;
          const row = await shipForAccount(shipmentDeps(), memberAuditActor(request.ip), accountId, request.body);
          return reply.code(201).send({ trackingCode: row.trackingCode, status: row.status });
        },
      );

      scope.get(
        '/api/account/shipments/:code',
        {
          schema: {
            tags,
            summary: 'One of the account’s shipments: its details, journey and proof as the tracking page shows them',
            params: accountShipmentParamsSchema,
            response: {
              200: accountShipmentSchema,
              ...errorAnswers({ 404: `${PACKAGE_NOT_FOUND} (also another account's)` }),
            },
          },
        },
        async (request) => shipmentDetail(scope.db, request.accountMember!.accountId, request.params.code),
      );

      scope.get(
        '/api/account/shipments/:code/label',
        {
          schema: {
            tags,
            summary: 'The shipping label of an accepted shipment of the account, as PDF',
            params: accountShipmentParamsSchema,
            querystring: accountLabelQuerySchema,
            response: {
              200: fileAnswer('application/pdf: the label'),
              ...errorAnswers({
                400: 'Refused input: "Size must be 4x6 or a4"',
                404: `${PACKAGE_NOT_FOUND} (also another account's)`,
                409: `${NO_LABEL_PENDING} Or: the package was rejected`,
              }),
            },
          },
        },
        async (request, reply) => {
          const { code } = request.params;
          const { accountId } = request.accountMember!;
          const pdf = await rendering(reply, () => shipmentLabel(shipmentDeps(), accountId, code, request.query.size));
          return sendPdf(reply, request.log, pdf, `label-${code}.pdf`);
        },
      );

      scope.get(
        '/api/account/members',
        { schema: { tags, summary: 'The people of the account', response: { 200: z.array(accountMemberSchema) } } },
        async (request) => listMembers(scope.db, request.accountMember!),
      );

      scope.post(
        '/api/account/members',
        {
          schema: {
            tags,
            summary: 'An owner invites a colleague by e-mail (a one-time link to set a password)',
            body: inviteAccountMemberSchema,
            response: { 201: accountMemberSchema, ...errorAnswers({ ...OWNER_ONLY, 409: ACCOUNT_EMAIL_TAKEN }) },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await inviteMember(linkDeps(), request.accountMember!, request.body, request.ip)),
      );

      scope.delete(
        '/api/account/members/:id',
        {
          schema: {
            tags,
            summary: 'An owner removes a colleague',
            params: idParamsSchema,
            response: {
              200: teamMessageSchema,
              ...errorAnswers({ ...OWNER_ONLY, 404: `${ACCOUNT_NOT_FOUND} (also another account's)`, 409: LAST_OWNER }),
            },
          },
        },
        async (request) => removeMember(scope.db, request.accountMember!, request.params.id, request.ip),
      );

      scope.get(
        '/api/account/api-keys',
        {
          schema: {
            tags,
            summary: "The account's API keys with their last use (never the keys themselves)",
            response: { 200: z.array(apiKeySchema), ...errorAnswers(OWNER_ONLY) },
          },
        },
        async (request) => listApiKeys(scope.db, request.accountMember!),
      );

      scope.post(
        '/api/account/api-keys',
        {
          schema: {
            tags,
            summary: 'A new API key for /api/v1: the whole key is in this answer only',
            body: createApiKeySchema,
            response: { 201: createdApiKeySchema, ...errorAnswers(OWNER_ONLY) },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          return reply
            .code(201)
            .send(await createApiKey(scope.db, request.accountMember!, request.body.name, request.ip));
        },
      );

      scope.delete(
        '/api/account/api-keys/:id',
        {
          schema: {
            tags,
            summary: 'Revokes an API key: the next request with it fails, on every server process',
            params: idParamsSchema,
            response: {
              200: apiKeySchema,
              ...errorAnswers({ ...OWNER_ONLY, 404: `${ACCOUNT_NOT_FOUND} (also another account's)` }),
            },
          },
        },
        async (request) => revokeApiKey(scope.db, request.accountMember!, request.params.id, request.ip),
      );
    }),
    options,
  );
};
