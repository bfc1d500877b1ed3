import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';

/** Health check and (with `openApi`, the API_DOCS setting) the OpenAPI document. */
export const systemRoutes: FastifyPluginAsync<{ db: Db; openApi: boolean }> = async (
  base,
  { db, openApi },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The app starts listening only after migrations, so "up" means migrated; the query checks the DB is still there.
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('error') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.code(503).send({ status: 'error' as const });
      }
    },
  );

  if (openApi) app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
