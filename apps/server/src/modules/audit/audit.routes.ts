import { auditEntrySchema, auditListQuerySchema } from '@waybill/domain';
import { adminScope, type RoutesPlugin } from '../../http/access.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { listAudit } from './audit.service.ts';

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

export const auditRoutes: RoutesPlugin = async (app, options) => {
  await app.register(adminAuditRoutes, options);
};
