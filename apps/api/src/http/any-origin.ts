import type { FastifyInstance } from 'fastify';

/**
 * Lets a page of any origin read this plugin scope's answers, errors included
 * (`Access-Control-Allow-Origin: *`, no credentials): for answers that are public (the embed configs
 * and switches, decision 033) or whose URL is itself the permission (signed media: a Cast receiver
 * fetches them from Google's origin, decision 035). Register it inside the routes' own scope: the API
 * paths keep decision 013's allow-list.
 */
export function allowAnyOrigin(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
}
