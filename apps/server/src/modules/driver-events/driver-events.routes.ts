import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  ATTEMPT_PHOTO_ONLY,
  DRIVER_EVENT_TYPES,
  deliverySettingsInputSchema,
  deliverySettingsSchema,
  driverEventParamsSchema,
  driverEventPhotoFormSchema,
  driverEventPhotoSchema,
  driverEventsAnswerSchema,
  driverEventsInputSchema,
  EVENT_NOT_DELIVERED,
  LIMITS,
  MAX_DRIVER_EVENTS,
  NO_DELIVERED_EVENT,
  NO_PROOF,
  NOT_YOUR_EVENT,
} from '@waybill/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { adminScope, consoleScope, driverScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { PROOF_FIELD_BYTES, receiveProof } from '../packages/proof/delivery-proof-upload.ts';
import { getDeliverySettings, saveDeliverySettings } from './delivery-settings.service.ts';
import { attachEventImages, receiveDriverEvents } from './driver-events.service.ts';

const tags = ['Runs'];

/** The driver app: what it did on the road, sent when the phone is online, and the rules it needs. */
const driverEventRoutes = driverScope(async (app, { config }) => {
  app.post(
    '/api/driver/events',
    {
      // Answered once the batch is committed; the e-mails its changes queue follow without holding it.
      config: { waitForEventConsumers: false },
      schema: {
        tags,
        summary: 'Applies a batch of what the driver did on the road; one result per event, in order',
        description: [
          `At most ${MAX_DRIVER_EVENTS} events (types ${DRIVER_EVENT_TYPES.join(', ')}), applied in order in one transaction that stores each with its effect; each is admitted or refused on its own, so one refusal undoes nothing else, and the answer comes once the transaction is committed.`,
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

/** The form is read part by part by the handler, so the body schema only describes it. */
const describeBodyOnly: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as never);

/** The images of a delivery or a failed attempt, sent after its event: the proof's own limits and checks. */
const driverPhotoRoutes = driverScope(async (app, { config }) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxImageBytes, files: 3, fields: 4, fieldSize: PROOF_FIELD_BYTES, parts: 8 },
  });
  const tmpRoot = path.join(config.dataDir, 'tmp');
  app.put(
    '/api/driver/events/:id/photo',
    {
      schema: {
        tags,
        summary: 'Adds the photo and signature of a delivery to its proof, or the photo of a failed attempt',
        description:
          'The id of an applied event. A delivered event takes a photo and a signature: they replace the ones ' +
          'of its package’s proof. A failed attempt (attempt_failed) takes a photo only (a signature is ' +
          `refused 400: "${ATTEMPT_PHOTO_ONLY}"), kept with the attempt for operators, never shown on the ` +
          'tracking page. Any other event is refused 409. A photo is a JPEG, PNG, WebP, AVIF or GIF, checked ' +
          'by its bytes and re-encoded as WebP (orientation applied, metadata dropped); the signature a PNG. ' +
          'Sent again, they replace the earlier ones, whose files are removed.',
        consumes: ['multipart/form-data'],
        params: driverEventParamsSchema,
        body: driverEventPhotoFormSchema,
        response: {
          200: driverEventPhotoSchema,
          ...errorAnswers({
            400: `Neither photo nor signature, a signature on a failed attempt, or a file that is not a supported image`,
            403: NOT_YOUR_EVENT,
            404: `${NO_DELIVERED_EVENT}, or ${NO_PROOF}`,
            409: EVENT_NOT_DELIVERED,
            413: '"The photo is larger than 10 MB", "The signature is larger than 512 KB"',
            415: 'Expected a multipart/form-data body',
          }),
        },
      },
      validatorCompiler: describeBodyOnly,
    },
    async (request) => {
      const received = await receiveProof(request, tmpRoot);
      try {
        return await attachEventImages(
          { db: app.db, storage: app.storage, companyName: config.company.name, log: request.log },
          { actor: operatorActor(request), role: request.operator!.role },
          request.params.id,
          received,
        );
      } finally {
        await received.cleanup();
      }
    },
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
  await app.register(driverPhotoRoutes, options);
  await app.register(operatorSettingsRoutes, options);
  await app.register(adminSettingsRoutes, options);
};
