import {
  DRIVER_EVENT_TYPES,
  deliverySettingsInputSchema,
  deliverySettingsSchema,
  driverEventsAnswerSchema,
  driverEventsInputSchema,
  MAX_DRIVER_EVENTS,
} from '@waybill/domain';
import { adminScope, consoleScope, driverScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { getDeliverySettings, saveDeliverySettings } from './delivery-settings.service.ts';
import { receiveDriverEvents } from './driver-events.service.ts';

const tags = ['Runs'];

/** The driver app: what it did on the road, sent when the phone is online, and the rules it needs. */
const driverEventRoutes = driverScope(async (app, { config }) => {
  app.post(
    '/api/driver/events',
    {
      schema: {
        tags,
        summary: 'Applies a batch of what the driver did on the road; one result per event, in order',
        description: [
          `At most ${MAX_DRIVER_EVENTS} events (types ${DRIVER_EVENT_TYPES.join(', ')}), each applied in a transaction of its own with the event stored, so one refusal undoes nothing else.`,
          'An id seen before changes nothing and answers its first result as duplicate; the same id with another body is refused 409.',
          'A driver acts on the stops of their own run of the event’s day (403 otherwise; 409 when the package was reassigned); an admin on any run’s.',
          'A refusal is the event’s result (code 400, 403, 404 or 409, and a message), not the answer’s status.',
        ].join(' '),
        body: driverEventsInputSchema,
        response: {
          200: driverEventsAnswerSchema,
          ...errorAnswers({ 400: `More than ${MAX_DRIVER_EVENTS} events, or a batch that is not a list of events` }),
        },
      },
    },
    async (request) => ({
      results: await receiveDriverEvents(
        { db: app.db, storage: app.storage, companyName: config.company.name, log: request.log },
        { actor: operatorActor(request), role: request.operator!.role },
        request.body.events,
      ),
    }),
  );

  app.get(
    '/api/driver/settings',
    {
      schema: {
        tags,
        summary: 'The delivery settings the driver app needs: the failure reasons to pick from',
        response: { 200: deliverySettingsSchema },
      },
    },
    async () => getDeliverySettings(app.db, config.company.name),
  );
});

/** Every operator reads the delivery settings; only an admin changes them. */
const operatorSettingsRoutes = consoleScope(async (app, { config }) => {
  app.get(
    '/api/admin/delivery-settings',
    {
      schema: {
        tags,
        summary: "The depot's location, the failed attempts before Returning to sender, and the failure reasons",
        response: { 200: deliverySettingsSchema },
      },
    },
    async () => getDeliverySettings(app.db, config.company.name),
  );
});

const adminSettingsRoutes = adminScope(async (app, { config }) => {
  app.put(
    '/api/admin/delivery-settings',
    {
      schema: {
        tags,
        summary: 'Sets the delivery settings',
        description:
          'depotLocation 1–200 characters; maxAttempts 1–10; failureReasons 1–20 different texts of 1–100 characters.',
        body: deliverySettingsInputSchema,
        response: { 200: deliverySettingsSchema },
      },
    },
    async (request) => saveDeliverySettings(app.db, operatorActor(request), config.company.name, request.body),
  );
});

export const driverEventsRoutes: RoutesPlugin = async (app, options) => {
  await app.register(driverEventRoutes, options);
  await app.register(operatorSettingsRoutes, options);
  await app.register(adminSettingsRoutes, options);
};
