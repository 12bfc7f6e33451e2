import path from 'node:path';
import multipart from '@fastify/multipart';
import { LIMITS, packageFormSchema, submittedPackageSchema } from '@waybill/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { publicScope } from '../../../http/access.ts';
import { errorAnswers } from '../../../http/answers.ts';
import {
  claimIdempotencyKey,
  hasIdempotencyKey,
  type StoredAnswer,
  sendReplay,
} from '../../../plugins/idempotency/index.ts';
import { rateLimitFor } from '../../../plugins/rate-limits.ts';
import { customerActor } from '../../audit/audit.service.ts';
import { MULTIPART_FIELD_BYTES, receiveSubmission, submissionFingerprint } from './multipart-submission.ts';
import { submitPackage } from './submission.service.ts';

/**
 * The form is read part by part by the handler (each field held to its own size as it arrives), so
 * the body schema only describes it: Fastify has no parsed body to check against it.
 */
const describeBodyOnly: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as never);

/** POST /api/submit-package: the only route that parses multipart, so only it registers the parser. */
export const submitPackageRoutes = publicScope(async (app, { config }) => {
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
      schema: {
        tags: ['Packages'],
        summary: "A customer's package with its images: stored as Pending under a new tracking code",
        description:
          'Every accepted submission queues an e-mail receipt to the shipper (`email`) in the same ' +
          'transaction as the package. With a text provider, `textUpdates` (sms or whatsapp) asks for the ' +
          "journey's texts at the shipper's phone, which must then take texts. Images are re-encoded as " +
          'WebP (orientation applied, metadata ' +
          'dropped): display ≤ 1600 px, thumbnail ≤ 400 px. A refusal stores nothing: no row, no file.',
        consumes: ['multipart/form-data'],
        body: packageFormSchema,
        response: {
          201: submittedPackageSchema,
          ...errorAnswers({
            400:
              'A field refused (`errors` names it, SPEC §5 messages), or an image refused: "{file} is not ' +
              'a supported image (JPEG, PNG, WebP, AVIF or GIF)", "{file} has too many pixels (at most 40 ' +
              'megapixels)", "At most 5 images can be uploaded", "Malformed multipart body"',
            413: '"{file} is larger than 10 MB", "Form field {name} is too long", "Too many form fields"',
            415: 'Expected a multipart/form-data body',
          }),
        },
      },
      validatorCompiler: describeBodyOnly,
      ...rateLimitFor(app, 'submit'),
      // The key is claimed once the body is read: a repeat is recognised by its fields and image bytes.
      config: { idempotency: 'handler' },
    },
    async (request, reply) => {
      const submission = await receiveSubmission(request, tmpRoot, { hashFiles: hasIdempotencyKey(request) });
      // The upload's temporary files are gone before any answer leaves, so a client that has its answer
      // never finds them (a refusal throws through the same `finally`).
      let outcome: Awaited<ReturnType<typeof submitPackage<StoredAnswer>>>;
      try {
        outcome = await submitPackage(app, customerActor(request), submission, {
          claimKey: () => claimIdempotencyKey(request, reply, submissionFingerprint(submission)),
          log: request.log,
          shipperTexts: app.shipperTexts,
        });
      } finally {
        await submission.cleanup();
      }
      if ('replay' in outcome) return sendReplay(reply, outcome.replay);
      return reply.code(201).send(outcome.submitted);
    },
  );
});
