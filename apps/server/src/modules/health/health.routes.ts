import { healthSchema } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import { publicScope } from '../../http/access.ts';

export const healthRoutes = publicScope(async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether the server and its database answer; also hands out the XSRF-TOKEN cookie',
        response: { 200: healthSchema },
      },
    },
    async (_request, reply) => {
      // A health check that cannot reach the database is not healthy.
      await app.db.execute(sql`select 1`);
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );
});
