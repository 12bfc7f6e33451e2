import { auditEntrySchema, auditListQuerySchema, packageCodeParamsSchema } from '@waybill/domain';
import { z } from 'zod';
import { adminScope, consoleScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswer } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { findShipmentByCode } from '../shipments/shipments.repository.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';
import { HISTORY_LIMIT, listAudit, packageHistory } from './audit.service.ts';

const tags = ['Audit log'];

/** The whole log: who did what, for the admins. */
const adminAuditRoutes = adminScope(async (app) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first, a page at a time; optionally by actor, action, target and time',
        querystring: auditListQuerySchema,
        response: { 200: pageAnswer(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      return sendPage(request, reply, { ...(await listAudit(app.db, request.query)), page, pageSize });
    },
  );
});

/** A package's own history, part of its details dialog: every operator reads it. */
const packageHistoryRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/packages/:trackingCode/history',
    {
      schema: {
        tags,
        summary: `What was done to one package and by whom, newest first (at most ${HISTORY_LIMIT} entries)`,
        description:
          "A deleted package's history stays here, and in the audit list; an unknown code without history is a 404.",
        params: packageCodeParamsSchema,
        response: { 200: z.array(auditEntrySchema), 404: errorAnswer(PACKAGE_NOT_FOUND) },
      },
    },
    async (request) =>
      packageHistory(
        app.db,
        request.params.trackingCode,
        async (db, code) => (await findShipmentByCode(db, code)) !== undefined,
        PACKAGE_NOT_FOUND,
      ),
  );
});

export const auditRoutes: RoutesPlugin = async (app, options) => {
  await app.register(adminAuditRoutes, options);
  await app.register(packageHistoryRoutes, options);
};
