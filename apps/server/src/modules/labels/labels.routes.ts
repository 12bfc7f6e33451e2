import {
  apiErrorSchema,
  idParamsSchema,
  labelQuerySchema,
  labelsRequestSchema,
  NO_LABEL_PENDING,
  NO_LABEL_REJECTED,
  NO_LABELS_MESSAGE,
  PACKAGE_NOT_FOUND,
  packageCodeParamsSchema,
  RUN_NOT_FOUND,
} from '@waybill/domain';
import { consoleScope } from '../../http/access.ts';
import { errorAnswers, fileAnswer } from '../../http/answers.ts';
import { rendering, sendPdf } from './label-answers.ts';
import { LABELS_BUSY } from './label-renderer.ts';
import * as labels from './labels.service.ts';

const tags = ['Labels'];

const PRINTERS_BUSY = apiErrorSchema.meta({
  description: `Two renders are already running in this process: "${LABELS_BUSY}"`,
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before asking again' } },
});

/** Shipping labels as PDF, a 4x6 thermal label a page or four to an A4 sheet; and the drivers' run sheets. */
export const labelsRoutes = consoleScope(async (app, { config }) => {
  const deps = { db: app.db, config };

  app.get(
    '/api/admin/packages/:trackingCode/label',
    {
      schema: {
        tags,
        summary: 'The shipping label of an accepted package, as PDF (4x6 by default, or A4)',
        params: packageCodeParamsSchema,
        querystring: labelQuerySchema,
        response: {
          200: fileAnswer('application/pdf: the label, one 4x6 page or a quarter of an A4 sheet'),
          ...errorAnswers({
            400: 'Refused input: "Size must be 4x6 or a4"',
            404: PACKAGE_NOT_FOUND,
            409: `${NO_LABEL_PENDING} Or: ${NO_LABEL_REJECTED}`,
          }),
          429: PRINTERS_BUSY,
        },
      },
    },
    async (request, reply) => {
      const { trackingCode } = request.params;
      const rendered = await rendering(reply, () => labels.packageLabel(deps, trackingCode, request.query.size));
      return sendPdf(reply, request.log, rendered, `label-${trackingCode}.pdf`);
    },
  );

  app.post(
    '/api/admin/labels',
    {
      schema: {
        tags,
        summary: 'The shipping labels of many accepted packages as one PDF, in the order given',
        body: labelsRequestSchema,
        response: {
          200: fileAnswer('application/pdf: one 4x6 page a label, or four labels an A4 sheet'),
          ...errorAnswers({
            400: `Refused input, or "${NO_LABELS_MESSAGE} …" naming each unknown, Pending or Rejected code (errors: one per refused position); nothing is printed`,
          }),
          429: PRINTERS_BUSY,
        },
      },
    },
    async (request, reply) => {
      const { trackingCodes, size } = request.body;
      const rendered = await rendering(reply, () => labels.packageLabels(deps, trackingCodes, size));
      const day = new Date().toISOString().slice(0, 10);
      return sendPdf(reply, request.log, rendered, `labels-${day}-${trackingCodes.length}.pdf`);
    },
  );

  app.get(
    '/api/admin/runs/:id/sheet.pdf',
    {
      schema: {
        tags: ['Runs'],
        summary:
          "A run's sheet for its driver, as PDF: A4, each stop in order with receiver, address, phone and barcode",
        description:
          "Packages keep no delivery instructions yet: each stop prints the package's description under a caption that says so.",
        params: idParamsSchema,
        response: {
          200: fileAnswer('application/pdf: A4 portrait pages, the stops in order'),
          ...errorAnswers({ 404: `${RUN_NOT_FOUND} (an unknown or malformed id)` }),
          429: PRINTERS_BUSY,
        },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await rendering(reply, () => labels.runSheet(deps, request.params.id));
      return sendPdf(reply, request.log, pdf, filename);
    },
  );
});
