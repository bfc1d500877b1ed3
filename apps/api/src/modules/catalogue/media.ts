import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves the catalogue images, DATA_DIR/media/images, at /media/images/. Only that folder: HLS
 * playlists, segments and keys are never served unsigned (the playback module serves them with a
 * grant, docs/decisions/005). Image names carry a hash of their content, so they are cached for a
 * year as immutable. A second @fastify/static instance: `decorateReply: false` leaves reply.sendFile to
 * the web app's instance.
 */
export const mediaRoutes: FastifyPluginAsync<{ mediaDir: string }> = async (app, { mediaDir }) => {
  const images = join(mediaDir, 'images');
  mkdirSync(images, { recursive: true });
  await app.register(fastifyStatic, {
    root: images,
    prefix: '/media/images/',
    decorateReply: false,
    schemaHide: true,
    index: false,
    list: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      // Manifest-supplied SVGs could carry scripts: opened directly, they run with nothing allowed.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};
