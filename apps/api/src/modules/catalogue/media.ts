import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves DATA_DIR/media at /media/ (catalogue images under /media/images/). Image names carry a hash
 * of their content, so they are cached for a year as immutable. A second @fastify/static instance:
 * `decorateReply: false` leaves reply.sendFile to the web app's instance.
 */
export const mediaRoutes: FastifyPluginAsync<{ mediaDir: string }> = async (app, { mediaDir }) => {
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    schemaHide: true,
    index: false,
    list: false,
    setHeaders(reply, path) {
      if (path.includes('/images/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
      // Manifest-supplied SVGs could carry scripts: opened directly, they run with nothing allowed.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};
