import { phone } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pendingPushes } from './queries';
import { renderPushPage } from './sandbox-page';

const byPhone = { querystring: z.object({ phone }), tags: ['sandbox'] };
const phoneConfig = { phoneFields: ['phone'] };

/**
 * The sandbox's push "phone", for developers and tests: pending sign-ins to confirm or reject.
 * Registered only when sandbox providers are on (never in production).
 */
export const sandboxPushRoutes: FastifyPluginAsync<{ db: Db; clock: Clock }> = async (
  base,
  { db, clock },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sandbox/push.json',
    {
      schema: {
        ...byPhone,
        summary: 'Sandbox pushes waiting for a decision',
        response: {
          200: z.array(
            z.object({
              async_auth_uuid: z.string(),
              phone: z.string(),
              verify_code: z.string(),
              requester: z.object({ device: z.string(), network: z.string(), at: z.string() }),
              created_at: z.string(),
              expires_at: z.string(),
            }),
          ),
        },
      },
      config: phoneConfig,
    },
    async (request) =>
      (await pendingPushes(db, request.query.phone, clock.now())).map((p) => ({
        async_auth_uuid: p.asyncAuthUuid,
        phone: p.phone,
        verify_code: p.code,
        requester: {
          device: p.requesterDevice,
          network: p.requesterNetwork,
          at: p.createdAt.toISOString(),
        },
        created_at: p.createdAt.toISOString(),
        expires_at: p.expiresAt.toISOString(),
      })),
  );

  app.get(
    '/sandbox/push',
    {
      schema: { ...byPhone, summary: 'Sandbox push page: confirm or reject a sign-in' },
      config: phoneConfig,
    },
    async (request, reply) => {
      const pushes = await pendingPushes(db, request.query.phone, clock.now());
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderPushPage(request.query.phone, pushes));
    },
  );
};
