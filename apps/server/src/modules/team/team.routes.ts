import {
  acceptInviteSchema,
  changePasswordSchema,
  idParamsSchema,
  inviteOperatorSchema,
  LINK_INVALID,
  OPERATOR_DEACTIVATED,
  OPERATOR_EXISTS,
  OPERATOR_NOT_FOUND,
  teamMemberSchema,
  teamMessageSchema,
  updateOperatorSchema,
  WRONG_CURRENT_PASSWORD,
} from '@waybill/domain';
import { z } from 'zod';
import { adminScope, publicScope, type RoutesPlugin, signedInScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { passwordSiteOf } from '../auth/password-strength.ts';
import {
  acceptInvite,
  changePassword,
  inviteOperator,
  LAST_ADMIN,
  LINK_VALID_HOURS,
  listTeam,
  sendPasswordLink,
  type TeamDeps,
  updateOperatorAccess,
} from './team.service.ts';

const tags = ['Team'];
const WEAK_PASSWORD = 'A password shorter than 12 characters or too easy to guess, with the reason';

/** The team (admins only), the invitation link's page (public) and an operator's own password. */
export const teamRoutes: RoutesPlugin = async (app, options) => {
  const deps = (): TeamDeps => ({
    db: app.db,
    consoleUrl: `${options.config.publicUrl}${options.config.admin.path}`,
    keys: app.subscriptionKeys,
  });

  await app.register(
    adminScope(async (scope) => {
      scope.get(
        '/api/admin/operators',
        {
          schema: {
            tags,
            summary: 'Every operator: role, state (invited, active, deactivated) and last sign-in',
            response: { 200: z.array(teamMemberSchema) },
          },
        },
        async () => listTeam(scope.db),
      );

      scope.post(
        '/api/admin/operators',
        {
          schema: {
            tags,
            summary: 'Invites an operator by e-mail',
            description: `The e-mail carries a one-time link to the console's accept-invite page, valid ${LINK_VALID_HOURS} hours.`,
            body: inviteOperatorSchema,
            response: { 201: teamMemberSchema, ...errorAnswers({ 409: OPERATOR_EXISTS }) },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await inviteOperator(deps(), operatorActor(request), request.body)),
      );

      scope.patch(
        '/api/admin/operators/:id',
        {
          schema: {
            tags,
            summary: "Changes an operator's role, or deactivates (ending their sessions at once) or reactivates them",
            params: idParamsSchema,
            body: updateOperatorSchema,
            response: {
              200: teamMemberSchema,
              ...errorAnswers({ 404: `${OPERATOR_NOT_FOUND} (an unknown or malformed id)`, 409: LAST_ADMIN }),
            },
          },
        },
        async (request) => updateOperatorAccess(scope.db, operatorActor(request), request.params.id, request.body),
      );

      scope.post(
        '/api/admin/operators/:id/reset-password',
        {
          schema: {
            tags,
            summary: 'E-mails the operator a new one-time link to set a password',
            description:
              `Valid ${LINK_VALID_HOURS} hours; an earlier link stops working. The current password and sessions ` +
              'stay until the link is used. An operator still invited gets the invitation again.',
            params: idParamsSchema,
            response: {
              200: teamMessageSchema,
              ...errorAnswers({ 404: `${OPERATOR_NOT_FOUND} (an unknown or malformed id)`, 409: OPERATOR_DEACTIVATED }),
            },
          },
        },
        async (request) => sendPasswordLink(deps(), operatorActor(request), request.params.id),
      );
    }),
    options,
  );

  await app.register(
    publicScope(async (scope) => {
      scope.post(
        '/api/auth/accept-invite',
        {
          schema: {
            tags,
            summary: "Sets a password (and name) with an invitation or reset link's token; then sign in as usual",
            description: 'The token works once; every session of the operator ends.',
            body: acceptInviteSchema,
            response: { 200: teamMessageSchema, ...errorAnswers({ 400: `${LINK_INVALID}, or ${WEAK_PASSWORD}` }) },
          },
          ...rateLimitFor(scope, 'login'),
        },
        async (request) => acceptInvite(scope.db, passwordSiteOf(options.config), request.body, { ip: request.ip }),
      );
    }),
    options,
  );

  await app.register(
    signedInScope(async (scope) => {
      scope.post(
        '/api/auth/change-password',
        {
          schema: {
            tags,
            summary: "Changes the signed-in operator's password; their other sessions end",
            body: changePasswordSchema,
            response: {
              200: teamMessageSchema,
              ...errorAnswers({ 400: `${WRONG_CURRENT_PASSWORD}, or ${WEAK_PASSWORD}` }),
            },
          },
          ...rateLimitFor(scope, 'login'),
        },
        async (request) =>
          changePassword(
            scope.db,
            passwordSiteOf(options.config),
            { ...request.operator!, ip: request.ip },
            request.body,
          ),
      );
    }),
    options,
  );
};
