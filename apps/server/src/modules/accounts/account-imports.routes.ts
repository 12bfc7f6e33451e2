import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  accountImportLabelsQuerySchema,
  accountImportParamsSchema,
  accountImportSchema,
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE_ROW,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NO_FILE,
  IMPORT_NO_LABELS,
  IMPORT_NOT_FOUND,
  IMPORT_PROBLEMS_LISTED,
  IMPORT_TOO_LARGE,
  importRefusalSchema,
} from '@waybill/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { accountScope } from '../../http/access.ts';
import { errorAnswers, fileAnswer } from '../../http/answers.ts';
import { claimIdempotencyKey, sendReplay } from '../../plugins/idempotency/index.ts';
import { rendering, sendPdf } from '../labels/label-answers.ts';
import { memberAuditActor } from './account-auth.service.ts';
import { importLabels, importShipments } from './account-imports.service.ts';

const tags = ['Business accounts'];
/** Room for the multipart envelope around the file. */
const BODY_LIMIT = IMPORT_MAX_BYTES + 64 * 1024;

/** The template: the header row and one example row, UTF-8 with a byte-order mark so spreadsheets read it as such. */
const TEMPLATE = stringify([[...IMPORT_COLUMNS], IMPORT_COLUMNS.map((column) => IMPORT_EXAMPLE_ROW[column])], {
  bom: true,
  record_delimiter: 'windows',
});

/** The body is read by the handler (a CSV text, or the file of a form): its schema only describes it. */
const describeBodyOnly: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as never);

/** The file's bytes: the body itself (text/csv), or the first file of a multipart form. */
async function fileOf(request: FastifyRequest): Promise<Buffer> {
  if (Buffer.isBuffer(request.body)) return request.body;
  if (!request.isMultipart()) throw badRequest(IMPORT_NO_FILE);
  const part = await request.file();
  if (!part) throw badRequest(IMPORT_NO_FILE);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, IMPORT_TOO_LARGE);
    throw error;
  }
}

/** The business portal's spreadsheet import: its template, the import itself, and the labels of an import. */
export const accountImportsRoutes = accountScope(async (app, { config }) => {
  const deps = { db: app.db, storage: app.storage, config };
  await app.register(multipart, { limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 4, parts: 5 } });
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/account/imports/template.csv',
    {
      schema: {
        // Named here: the one made from the path would carry its dot.
        operationId: 'getAccountImportsTemplateCsv',
        tags,
        summary: 'The spreadsheet template of an import: its header row and one example row, as CSV',
        response: {
          200: {
            description:
              'The template as CSV (UTF-8 with a byte-order mark), an attachment named shipments-template.csv',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="shipments-template.csv"')
        .header('Cache-Control', 'no-cache')
        .send(TEMPLATE),
  );

  app.post(
    '/api/account/imports',
    {
      schema: {
        tags,
        summary: `Imports up to ${IMPORT_MAX_ROWS} shipments from a CSV file: all as Pending shipments of the account, or none`,
        description:
          `The body is the CSV itself (text/csv), or a multipart form with the file in \`file\`; at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB. ` +
          `UTF-8 (a byte-order mark is fine), comma-, semicolon- or tab-separated, a header row naming the columns ` +
          `${IMPORT_COLUMNS.join(', ')} (pickupAddress may be left out: the account's address). Each row is checked ` +
          'as POST /api/v1/shipments checks a shipment. Any refused row refuses the file: every problem is listed ' +
          `with its line (the header is line 1), column and message (the first ${IMPORT_PROBLEMS_LISTED}), and nothing is stored. ` +
          'A cell beginning with =, +, - or @ is stored as the text it is (a phone number often begins with +): ' +
          "it is never evaluated here, and the console's CSV export prefixes such cells with '.",
        consumes: ['text/csv', 'multipart/form-data'],
        body: z.object({ file: z.file().describe('The CSV file (multipart/form-data)') }),
        response: {
          201: accountImportSchema,
          400: importRefusalSchema.describe(
            'A refused file: not UTF-8, not CSV, an unknown or missing column, no rows or more than ' +
              `${IMPORT_MAX_ROWS}, or refused rows (\`rows\`: line, column, message); nothing was stored`,
          ),
          ...errorAnswers({ 413: IMPORT_TOO_LARGE }),
        },
      },
      bodyLimit: BODY_LIMIT,
      validatorCompiler: describeBodyOnly,
      // The key is claimed once the file is read: a repeat is recognised by its bytes.
      config: { idempotency: 'handler' },
    },
    async (request, reply) => {
      const bytes = await fileOf(request);
      const replay = await claimIdempotencyKey(request, reply, createHash('sha256').update(bytes).digest('hex'));
      if (replay) return sendReplay(reply, replay);
      const outcome = await importShipments(deps, memberAuditActor(request.ip), request.accountMember!, bytes);
      if ('refused' in outcome) return reply.code(400).send(outcome.refused);
      return reply.code(201).send(outcome.imported);
    },
  );

  app.get(
    '/api/account/imports/:id/labels',
    {
      schema: {
        tags,
        summary: "The labels of an import's accepted shipments as one PDF, in the file's order",
        description:
          'Shipments still Pending, rejected or cancelled are left out: a label is printed once the courier has accepted the shipment.',
        params: accountImportParamsSchema,
        querystring: accountImportLabelsQuerySchema,
        response: {
          200: fileAnswer('application/pdf: one 4x6 page a label, or four labels an A4 sheet'),
          ...errorAnswers({
            400: 'Refused input: "Size must be 4x6 or a4"',
            404: `${IMPORT_NOT_FOUND} (also another account's)`,
            409: IMPORT_NO_LABELS,
          }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { accountId } = request.accountMember!;
      const pdf = await rendering(reply, () => importLabels(deps, accountId, id, request.query.size));
      return sendPdf(reply, request.log, pdf, `labels-import-${id.slice(0, 8)}.pdf`);
    },
  );
});
