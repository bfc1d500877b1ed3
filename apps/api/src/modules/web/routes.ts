import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler } from '../../http/error-handler';

/** Base path of the web app (SPEC §1). */
export const WEB_BASE = '/promo/web/';

const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

/**
 * Serves the built web app under /promo/web/ with an SPA fallback: any path there that is not a file
 * gets index.html, and the client router takes over. `/` and `/promo/web` redirect there, keeping the
 * query string (campaign parameters travel with every link, SPEC §2).
 */
export const webRoutes: FastifyPluginAsync<{ webDist: string }> = async (app, { webDist }) => {
  const hidden = { schema: { hide: true } };
  const toBase = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`${WEB_BASE}${queryOf(request.url)}`, 302);
  app.get('/', hidden, toBase);
  app.get('/promo/web', hidden, toBase);

  const index = join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: /promo/web/ answers a placeholder');
    app.get('/promo/web/*', hidden, async (_request, reply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="ru"><meta charset="utf-8"><title>Кадр</title>' +
            '<p>Веб-приложение ещё не собрано: выполните <code>pnpm --filter @kadr/web build</code>.</p></html>',
        ),
    );
    return;
  }

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDist,
        // The scope already carries /promo/web; `/` here makes the route /promo/web/*.
        prefix: '/',
        schemaHide: true,
        index: ['index.html'],
        setHeaders(reply, path) {
          // Hashed build assets never change; index.html must be revalidated to pick up a new build.
          if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
          else if (path.includes('/assets/'))
            reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
      scope.setNotFoundHandler(async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return notFoundHandler(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    },
    { prefix: '/promo/web' },
  );
};
