import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  DECIDE_FIRST,
  deliveryProofFormSchema,
  deliveryProofSchema,
  LIMITS,
  NO_PROOF,
  NO_PROOF_IMAGE,
  PACKAGE_NOT_FOUND,
  packageAnswerSchema,
  packageCodeParamsSchema,
  proofImageParamsSchema,
  REJECTED_NOT_DELIVERED,
} from '@waybill/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { consoleScope } from '../../../http/access.ts';
import { errorAnswers, fileAnswer } from '../../../http/answers.ts';
import { claimIdempotencyKey, type StoredAnswer, sendReplay } from '../../../plugins/idempotency/index.ts';
import { operatorActor } from '../../audit/audit.service.ts';
import * as proofs from './delivery-proof.service.ts';
import { PROOF_FIELD_BYTES, proofFingerprint, receiveProof } from './delivery-proof-upload.ts';

const tags = ['Packages'];

/** The form is read part by part by the handler, so the body schema only describes it. */
const describeBodyOnly: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as never);

/**
 * Proof of delivery: recorded with the status change to Delivered, read by operators only. Its images
 * are served here, behind the session and never cached, not from the public `/uploads`.
 */
export const deliveryProofRoutes = consoleScope(async (app, { config }) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxImageBytes, files: 3, fields: 4, fieldSize: PROOF_FIELD_BYTES, parts: 8 },
  });
  const tmpRoot = path.join(config.dataDir, 'tmp');

  app.post(
    '/api/admin/proof-of-delivery',
    {
      schema: {
        tags,
        summary: 'Sets a package Delivered and records who received it, with an optional photo and signature',
        description:
          'The status change is the console’s own (same rule, customer notification and audit entry); the ' +
          'shipper’s delivery e-mail carries the photo and the signature. The photo is re-encoded as WebP ' +
          '(orientation applied, metadata dropped), the signature as PNG on white. A proof recorded again ' +
          'replaces the earlier one. A refusal stores nothing.',
        consumes: ['multipart/form-data'],
        body: deliveryProofFormSchema,
        response: {
          200: packageAnswerSchema,
          ...errorAnswers({
            400:
              'A field refused (`errors` names it), or a file: "The photo is not a supported image (JPEG, PNG, ' +
              'WebP, AVIF or GIF)", "The signature must be a PNG image", "Send one photo at most", "Malformed ' +
              'multipart body"',
            404: PACKAGE_NOT_FOUND,
            409: `${DECIDE_FIRST} Or: ${REJECTED_NOT_DELIVERED}`,
            413: '"The photo is larger than 10 MB", "The signature is larger than 512 KB", "Form field {name} is too long"',
            415: 'Expected a multipart/form-data body',
          }),
        },
      },
      validatorCompiler: describeBodyOnly,
      // The key is claimed once the body is read: a repeat is recognised by its fields and file bytes.
      config: { idempotency: 'handler' },
    },
    async (request, reply) => {
      const received = await receiveProof(request, tmpRoot);
      let outcome: Awaited<ReturnType<typeof proofs.recordDeliveryProof<StoredAnswer>>>;
      try {
        outcome = await proofs.recordDeliveryProof(app, operatorActor(request), received, {
          claimKey: () => claimIdempotencyKey(request, reply, proofFingerprint(received)),
          log: request.log,
        });
      } finally {
        await received.cleanup();
      }
      if ('replay' in outcome) return sendReplay(reply, outcome.replay);
      return reply.send(outcome.delivered);
    },
  );

  app.get(
    '/api/admin/packages/:trackingCode/proof',
    {
      schema: {
        tags,
        summary: 'The proof of delivery of a package: who received it, when, and where its images are',
        description: 'null when the package has none (yet): a normal state, answered 200 rather than as an error.',
        params: packageCodeParamsSchema,
        response: {
          200: deliveryProofSchema.nullable(),
          ...errorAnswers({ 404: PACKAGE_NOT_FOUND }),
        },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await proofs.getDeliveryProof(app, request.params.trackingCode)),
  );

  app.get(
    '/api/admin/packages/:trackingCode/proof/:kind',
    {
      schema: {
        tags,
        summary: 'An image of a proof of delivery: the photo (WebP), its thumbnail (WebP) or the signature (PNG)',
        params: proofImageParamsSchema,
        response: {
          200: fileAnswer('The image; never cached (Cache-Control: no-store)'),
          ...errorAnswers({
            400: 'Refused input: "Ask for photo, thumbnail or signature"',
            404: `${PACKAGE_NOT_FOUND} Or: ${NO_PROOF} Or: ${NO_PROOF_IMAGE}`,
          }),
        },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await proofs.readProofImage(app, request.params.trackingCode, request.params.kind);
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .type(contentType)
        .send(bytes);
    },
  );
});
