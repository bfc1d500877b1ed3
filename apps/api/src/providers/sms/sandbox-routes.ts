import { phone } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { outbox } from './queries';

const byPhone = { querystring: z.object({ phone }), tags: ['sandbox'] };
const phoneConfig = { phoneFields: ['phone'] };

/**
 * The sandbox SMS outbox, for developers and tests: the messages sent to a phone, newest first.
 * Registered only when sandbox providers are on (never in production).
 */
export const sandboxSmsRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sandbox/sms',
    {
      schema: {
        ...byPhone,
        summary: 'Sandbox SMS outbox for a phone, newest first',
        response: { 200: z.array(z.object({ phone: z.string(), text: z.string(), created_at: z.string() })) },
      },
      config: phoneConfig,
    },
    async (request) =>
      (await outbox(db, request.query.phone)).map((m) => ({
        phone: m.phone,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      })),
  );
};
