import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler } from '../../http/error-handler';
import { escapeHtml } from '../../http/html';

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
 * Deployment settings the app's pages carry, by name (`<meta name="kadr:{name}" content>`, read by
 * apps/web/src/shared/page-settings.ts): one build serves every deployment (docs/decisions/054).
 */
export type PageSettings = Readonly<Record<string, string>>;

/** A page of the build with the settings written before `</head>`, their values escaped. */
export function withPageSettings(html: string, settings: PageSettings): string {
  if (!html.includes('</head>')) throw new Error('a page of the web build has no </head>');
  const metas = Object.entries(settings)
    .map(([name, value]) => `<meta name="kadr:${escapeHtml(name)}" content="${escapeHtml(value)}">`)
    .join('');
  return html.replace('</head>', `${metas}</head>`);
}

/** A page as it is served: its HTML with the settings and its compressed copies, made once. */
interface Page {
  bodies: Readonly<Record<'br' | 'gzip' | 'identity', Buffer>>;
  etag: string;
}

function pageOf(path: string, settings: PageSettings): Page {
  const html = Buffer.from(withPageSettings(readFileSync(path, 'utf8'), settings));
  return {
    bodies: { br: brotliCompressSync(html), gzip: gzipSync(html), identity: html },
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
  };
}

const pageEncodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] as const });

/**
 * Sends a page in the encoding the browser takes best, or 304 to a browser that holds it. Always
 * revalidated: a new build or new settings must show at once.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = pageEncodings.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity';
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(page.bodies[encoding]);
}

/**
 * Serves the built web app under /promo/web/ with an SPA fallback: any path there that is not a file
 * gets index.html, and the client router takes over. `/` and `/promo/web` redirect there, keeping the
 * query string (campaign parameters travel with every link, SPEC §2).
 */
export const webRoutes: FastifyPluginAsync<{ webDist: string; settings: PageSettings }> = async (
  app,
  { webDist, settings },
) => {
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

  // The two HTML pages carry the settings: they are made here, once, and never sent as built.
  const appPage = pageOf(index, settings);
  const framePage = pageOf(join(webDist, 'embed.html'), settings);
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDist,
        // The scope already carries /promo/web; `/` here makes the route /promo/web/*.
        prefix: '/',
        schemaHide: true,
        index: false,
        // The web build writes .br and .gz beside every text file (apps/web/build/precompress.ts):
        // they are sent as they are to clients that accept them, so no response is compressed per request.
        preCompressed: true,
        setHeaders(reply, path) {
          reply.header('cache-control', cacheControlFor(path));
        },
      });
      const index = async (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, appPage);
      // Only /promo/web/: /promo/web redirects (above).
      scope.route({ method: 'GET', url: '/', prefixTrailingSlash: 'slash', ...hidden, handler: index });
      scope.get('/index.html', hidden, index);
      // The frame player page: its own HTML (no site layout), framed by partners (app.ts's frame rule).
      scope.get('/embed', hidden, async (request, reply) =>
        reply.redirect(`${EMBED_PAGE}${queryOf(request.url)}`, 301),
      );
      const frame = async (request: FastifyRequest, reply: FastifyReply) =>
        sendPage(request, reply, framePage);
      scope.get('/embed/', hidden, frame);
      scope.get('/embed.html', hidden, frame);
      scope.setNotFoundHandler(async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return notFoundHandler(request, reply);
        return sendPage(request, reply, appPage);
      });
    },
    { prefix: '/promo/web' },
  );
};
