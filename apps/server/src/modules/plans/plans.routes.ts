import { idParamsSchema, PLAN_EXISTS, PLAN_NOT_FOUND, planInputSchema, planSchema } from '@waybill/domain';
import { z } from 'zod';
import { adminScope, publicScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { createPlan, editPlan, listPlans } from './plans.service.ts';

const tags = ['Plan and contact details'];

export const plansRoutes: RoutesPlugin = async (app, options) => {
  await app.register(
    publicScope(async (scope) => {
      scope.get(
        '/api/plans',
        {
          schema: {
            tags,
            summary: 'The pricing plan: an empty list, or one plan (only the first counts)',
            response: { 200: z.array(planSchema) },
          },
        },
        async () => listPlans(scope.db),
      );
    }),
    options,
  );

  // Reading the plan is public; changing it is the admins'.
  await app.register(
    adminScope(async (scope) => {
      scope.post(
        '/api/create-plan',
        {
          schema: {
            tags,
            summary: 'Saves the plan',
            body: planInputSchema,
            response: { 201: planSchema, ...errorAnswers({ 409: PLAN_EXISTS }) },
          },
          config: { idempotency: 'body' },
        },
        async (request, reply) =>
          reply.code(201).send(await createPlan(scope.db, operatorActor(request), request.body)),
      );

      scope.put(
        '/api/edit-plan/:id',
        {
          schema: {
            tags,
            summary: "Replaces the saved plan's nine fields",
            params: idParamsSchema,
            body: planInputSchema,
            response: { 200: planSchema, ...errorAnswers({ 404: `${PLAN_NOT_FOUND} (an unknown or malformed id)` }) },
          },
        },
        async (request) => editPlan(scope.db, operatorActor(request), request.params.id, request.body),
      );
    }),
    options,
  );
};
