import path from 'node:path';
import multipart from '@fastify/multipart';
import { LIMITS, type ShipmentView, shipmentInputSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { validationError } from '../../errors.ts';
import {
  claimIdempotencyKey,
  hasIdempotencyKey,
  type StoredAnswer,
  sendReplay,
} from '../../plugins/idempotency/index.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { deleteStoredImages, storeImages } from './image-processing.ts';
import { MULTIPART_FIELD_BYTES, receiveSubmission, submissionFingerprint } from './multipart-submission.ts';
import { createShipment } from './shipments.service.ts';

const submittedSchema = z.object({
  message: z.literal('Package submitted successfully'),
  trackingCode: z.string(),
  status: z.string(),
  packageImages: z.array(z.string()),
});

/** POST /api/submit-package: the only route that parses multipart, so only it registers the parser. */
export const submitPackageRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.maxImageBytes,
      // One more than allowed, so the 6th file is seen and refused with a clear message.
      files: LIMITS.maxImages + 1,
      fields: 40,
      // Each field is then held to its own limit (a quantity to a few dozen bytes).
      fieldSize: MULTIPART_FIELD_BYTES,
      parts: 60,
    },
  });
  const tmpRoot = path.join(config.dataDir, 'tmp');

  app.post(
    '/api/submit-package',
    {
      schema: { response: { 201: submittedSchema } },
      ...rateLimitFor(app, 'submit'),
      // The key is claimed once the body is read: a repeat is recognised by its fields and image bytes.
      config: { idempotency: 'handler' },
    },
    async (request, reply) => {
      const submission = await receiveSubmission(request, tmpRoot, { hashFiles: hasIdempotencyKey(request) });
      // The upload's temporary files are gone before any answer leaves, so a client that has its answer
      // never finds them (a refusal throws through the same `finally`).
      let outcome: { replay: StoredAnswer } | { shipment: ShipmentView };
      try {
        const input = shipmentInputSchema.safeParse(submission.fields);
        if (!input.success) throw validationError(input.error.issues);
        // A repeat waits here for the first request's answer and replays it: only the request that owns
        // the key stores images and a package.
        const replay = await claimIdempotencyKey(request, reply, submissionFingerprint(submission));
        if (replay) {
          outcome = { replay };
        } else {
          const images = await storeImages(submission.files, app.storage);
          try {
            outcome = { shipment: await createShipment(app, input.data, images) };
          } catch (error) {
            await deleteStoredImages(images, app.storage);
            throw error;
          }
          request.log.info({ trackingCode: outcome.shipment.trackingCode, images: images.length }, 'package submitted');
        }
      } finally {
        await submission.cleanup();
      }
      if ('replay' in outcome) return sendReplay(reply, outcome.replay);
      return reply.code(201).send({
        message: 'Package submitted successfully' as const,
        trackingCode: outcome.shipment.trackingCode,
        status: outcome.shipment.status,
        packageImages: outcome.shipment.packageImages,
      });
    },
  );
};
