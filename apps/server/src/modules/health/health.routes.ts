import { healthSchema, readinessSchema } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import { publicScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { readinessChecks, unreadyParts } from './health.service.ts';

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

  const checks = readinessChecks(app.db, app.storage);
  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether this process can take traffic now: its database and its photo storage answer',
        description:
          'For load balancers and container health checks: 503 while a part this process needs does not answer ' +
          '(each is given 3 s), 200 again once it does.',
        response: {
          200: readinessSchema,
          ...errorAnswers({
            503: 'Not ready: names the parts that do not answer, e.g. "Not ready: the database does not answer"',
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const unready = await unreadyParts(checks);
      if (unready.length > 0) {
        request.log.warn({ unready: unready.map(({ part, error }) => ({ part, err: error })) }, 'not ready');
        const parts = unready.map(({ part }) => `the ${part}`).join(' and ');
        throw new AppError(503, `Not ready: ${parts} ${unready.length > 1 ? 'do' : 'does'} not answer`);
      }
      return { status: 'ready' as const };
    },
  );
});
