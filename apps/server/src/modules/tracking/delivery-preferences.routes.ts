import { deliveryPreferencesSchema, PACKAGE_NOT_FOUND, packageCodeParamsSchema } from '@waybill/domain';
import { consoleScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { getDeliveryPreferences } from './delivery-preferences.service.ts';

/** The recipient's or the sender's choices as the console's package details show them: operators and admins. */
export const deliveryPreferencesAdminRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/packages/:trackingCode/preferences',
    {
      schema: {
        tags: ['Packages'],
        summary: "How the package's recipient or sender wants it delivered: instructions, a safe place and a day",
        description:
          'Set on the tracking page by a checked recipient or sender (PUT /api/track/{code}/preferences); ' +
          'setBy is null while nothing was set. Cache-Control: no-store.',
        params: packageCodeParamsSchema,
        response: { 200: deliveryPreferencesSchema, ...errorAnswers({ 404: PACKAGE_NOT_FOUND }) },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await getDeliveryPreferences(app.db, request.params.trackingCode, app.config.company.name)),
  );
});
