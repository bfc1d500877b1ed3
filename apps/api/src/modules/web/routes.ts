import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler } from '../../http/error-handler';

/** Base path of the web app (SPEC §1). */
export const WEB_BASE = '/promo/web/';

/**
 * The frame player page (apps/web/embed.html; docs/decisions/035): the address the SDK frames by
 * default (@kadr/embed-player's EMBED_PAGE_PATH; the browser journeys in e2e/embed.e2e.ts use both).
 */
export const EMBED_PAGE = `${WEB_BASE}embed/`;

const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

/** Extensions of the precompressed copies @fastify/static picks by Accept-Encoding. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * Cache policy of a file of the build (`path` may be its .br or .gz copy): hashed assets never change,
 * index.html must be revalidated to pick up a new build, anything else (favicon) is kept for a day.
 */
export function cacheControlFor(path: string): string {
  const file = path.replace(COMPRESSED_COPY, '');
  if (file.endsWith('.html')) return 'no-cache';
  if (file.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

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
        // The web build writes .br and .gz beside every text file (apps/web/build/precompress.ts):
        // they are sent as they are to clients that accept them, so no response is compressed per request.
        preCompressed: true,
        setHeaders(reply, path) {
          reply.header('cache-control', cacheControlFor(path));
        },
      });
      // The frame player page: its own HTML (no site layout), framed by partners (app.ts's frame rule).
      scope.get('/embed', hidden, async (request, reply) =>
        reply.redirect(`${EMBED_PAGE}${queryOf(request.url)}`, 301),
      );
      scope.get('/embed/', hidden, async (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('embed.html'),
      );
      scope.setNotFoundHandler(async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return notFoundHandler(request, reply);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    },
    { prefix: '/promo/web' },
  );
};
