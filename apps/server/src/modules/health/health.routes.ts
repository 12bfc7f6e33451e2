import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      // A health check that cannot reach the database is not healthy.
      await app.db.execute(sql`select 1`);
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );
};
