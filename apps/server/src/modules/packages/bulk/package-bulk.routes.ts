import { pipeline, Readable } from 'node:stream';
import {
  BULK_MAX_CODES,
  bulkActionAnswerSchema,
  bulkActionRequestSchema,
  neutraliseSpreadsheetCell,
  packageExportQuerySchema,
  TRACKING_CODE_MAX_INPUT,
} from '@waybill/domain';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import { consoleScope } from '../../../http/access.ts';
import { errorAnswers } from '../../../http/answers.ts';
import { operatorActor } from '../../audit/audit.service.ts';
import {
  EMBEDDED_EXPORT_BATCH_SIZE,
  EXPORT_BATCH_SIZE,
  EXPORT_COLUMNS,
  exportPackages,
} from '../export/package-export.service.ts';
import { runBulkAction } from './bulk.service.ts';

const tags = ['Packages'];

// 500 codes of the longest text a code may be (64 characters), quoted and separated, with a status and a
// location: about 36 kB. A longer body is refused by its size before any of it is parsed.
const BULK_BODY_LIMIT = 64 * 1024;

/** How many codes of a bulk request run at once on PostgreSQL: under half the pool of 10, for other requests. */
const BULK_CONNECTIONS = 4;

/** Today's date in UTC as the export's file name carries it. */
const exportFileName = (now = new Date()) => `packages-${now.toISOString().slice(0, 10)}.csv`;

/** The console's actions on many packages at once, and the package list as a CSV file. */
export const packageBulkRoutes = consoleScope(async (app) => {
  app.post(
    '/api/admin/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        summary: `Accepts, rejects, sets the status of, adds a location update to or deletes up to ${BULK_MAX_CODES} packages`,
        description:
          'Each code is handled as its single route handles it, in its own transaction, in the order listed; ' +
          "one that cannot take the action fails alone with the single route's message. A code listed again " +
          'is handled once, at its first place: its later places answer ok: false with a message saying so.',
        body: bulkActionRequestSchema,
        response: {
          200: bulkActionAnswerSchema,
          ...errorAnswers({
            400: 'Refused input: no codes or more than 500, an unknown action, a missing or refused status or location',
          }),
        },
      },
      // A repeat of the same request (a lost answer retried) replays the first answer instead of
      // answering "Only a Pending package can be accepted" for every code.
      config: { idempotency: 'body' },
    },
    async (request) => ({
      results: await runBulkAction(
        app,
        operatorActor(request),
        request.body,
        request.log,
        app.config.databaseUrl ? BULK_CONNECTIONS : 1,
      ),
    }),
  );

  app.get(
    '/api/admin/packages.csv',
    {
      schema: {
        // Named here: the one made from the path would carry its dot.
        operationId: 'getAdminPackagesCsv',
        tags,
        summary:
          'Every package the search and status filter match, or only the listed codes, newest first, as a CSV file',
        description:
          'RFC 4180 (CRLF line ends, quoted where needed), UTF-8 with a byte-order mark and a header row. ' +
          "A text cell beginning with =, +, -, @, tab or carriage return is prefixed with ' so that " +
          'a spreadsheet shows it rather than running it. Streamed, read from the database 500 rows at a time (200 on ' +
          'the embedded database).',
        querystring: packageExportQuerySchema,
        response: {
          200: {
            description: 'The packages as CSV, sent as an attachment named packages-YYYY-MM-DD.csv',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorAnswers({
            400: `Refused input: q or status over 200 characters; codes empty, naming more than ${BULK_MAX_CODES} packages, or a code over ${TRACKING_CODE_MAX_INPUT} characters`,
          }),
        },
      },
    },
    async (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
        .header('Cache-Control', 'no-store');
      // Fastify answers HEAD by draining the body it is given: the whole export for nothing.
      if (request.method === 'HEAD') return reply.send('');
      const csv = stringify({
        header: true,
        bom: true,
        record_delimiter: 'windows',
        columns: EXPORT_COLUMNS.map(({ key, header }) => ({ key, header })),
        cast: { string: neutraliseSpreadsheetCell },
      });
      // pipeline, not pipe: a database error mid-export ends the answer (the client sees a cut file)
      // instead of leaving it open, and a client that goes away stops the reading.
      const batchSize = app.config.databaseUrl ? EXPORT_BATCH_SIZE : EMBEDDED_EXPORT_BATCH_SIZE;
      pipeline(Readable.from(exportPackages(app, request.query, batchSize)), csv, (error) => {
        if (error) request.log.warn({ err: error }, 'the package export stopped before its end');
      });
      // The type provider types the answer as the declared text; the stream is that text, sent as it is made.
      return reply.send(csv as unknown as string);
    },
  );
});
