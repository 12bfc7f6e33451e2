import { auditEntrySchema, PACKAGE_NOT_FOUND, packageCodeParamsSchema } from '@waybill/domain';
import { z } from 'zod';
import { consoleScope } from '../../http/access.ts';
import { errorAnswer } from '../../http/answers.ts';
import { HISTORY_LIMIT } from '../audit/audit.service.ts';
import { packageHistory } from './package-reads.service.ts';

/** A package's own history, part of its details dialog: every operator reads it. */
export const packageHistoryRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/packages/:trackingCode/history',
    {
      schema: {
        tags: ['Audit log'],
        summary: `What was done to one package and by whom, newest first (at most ${HISTORY_LIMIT} entries)`,
        description:
          "A deleted package's history stays here, and in the audit list; an unknown code without history is a 404.",
        params: packageCodeParamsSchema,
        response: { 200: z.array(auditEntrySchema), 404: errorAnswer(PACKAGE_NOT_FOUND) },
      },
    },
    async (request) => packageHistory(app.db, request.params.trackingCode),
  );
});
