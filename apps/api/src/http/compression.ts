import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { type RouteId, routes } from '@kadr/api-contract';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed per request: JSON, text (not event streams), SVG and XML. Media (segments, keys)
 * never is; the web app's files are precompressed at build time and leave with their Content-Encoding
 * already set, which the plugin respects.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream)|image\/svg\+xml|application\/(?:[\w.-]+\+)?xml)(?:;|$)/;

/**
 * Answers smaller than this go as they are: below about 2 KB the bytes saved do not pay for the CPU.
 * Rails, content cards and search answers (2–40 KB of JSON) are compressed.
 */
export const COMPRESSION_THRESHOLD = 2048;

/** Options of @fastify/compress for the api. */
export const compressionOptions: FastifyCompressOptions = {
  // Responses only: request bodies are small JSON forms, and inflating them would add a hook to each.
  globalDecompression: false,
  threshold: COMPRESSION_THRESHOLD,
  // Brotli at the plugin's quality 4 (fast, still smaller than gzip), gzip for older clients.
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE_TYPES,
};

/**
 * The session calls: the service's hot path (bench/auth-throughput.ts), whose answers are a few hundred
 * bytes, always under the threshold. They get no compression hooks at all: the plugin's onRequest and
 * onSend hooks cost every request some CPU even when they compress nothing, and these calls are
 * measured against a bare Fastify route.
 */
export const UNCOMPRESSED_CALLS: readonly RouteId[] = [
  'anonymousAuth',
  'sendAuth',
  'asyncAuthCheck',
  'asyncAuthSMSVerify',
  'asyncAuthConfirm',
  'authApp',
  'refreshToken',
  'getProfile',
  'logout',
];

const uncompressedRoutes = new Set(UNCOMPRESSED_CALLS.map((id) => `${routes[id].method} ${routes[id].path}`));

/**
 * Compresses the dynamic answers of every route registered after it (the plugin attaches itself to
 * each new route), except the session calls. Register it on the root instance before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (registered next), which skips routes with `compress: false`.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => uncompressedRoutes.has(`${method} ${route.url}`))) route.compress = false;
  });
  await app.register(fastifyCompress, compressionOptions);
}
