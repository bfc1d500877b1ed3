import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import { HeaderName, routes } from '@kadr/api-contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors leaves this route alone (every route outside the API paths). */
    cors?: false;
  }
}

const contractRoutes = Object.values(routes);

/**
 * The API paths' prefixes, from the contract (`/web/1/`, `/web/2/`, `/v1/agregator/`, …): only they
 * answer cross-origin calls; the web app, media, sandbox pages and /healthz stay same-origin.
 */
export const API_PATH_PREFIXES: readonly string[] = [
  ...new Set(contractRoutes.map((route) => `${route.path.split('/').slice(0, 3).join('/')}/`)),
];

/** Methods the contract's calls use. */
export const CORS_METHODS: readonly string[] = [...new Set(contractRoutes.map((route) => route.method))];

/**
 * Request headers @kadr/api-client sends: the SPEC §7 headers and the token ones from the contract, and
 * content-type (application/json is not one a browser lets through unasked).
 */
export const CORS_REQUEST_HEADERS: readonly string[] = [...Object.values(HeaderName), 'content-type'];

/** Response headers the client reads beyond the CORS-safelisted ones: retry-after of a refused call. */
export const CORS_EXPOSED_HEADERS: readonly string[] = ['retry-after'];

/** Seconds a browser may keep a preflight answer: Chromium's ceiling (Firefox allows a day). */
export const PREFLIGHT_MAX_AGE = 7200;

const isApiPath = (url: string) => API_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Lets the pages of `origins` (exact origins, env CORS_ORIGINS) call the API paths cross-origin, with
 * @fastify/cors: the request's origin echoed when listed, `Vary: Origin`, preflights (OPTIONS) answered
 * with the contract's methods and headers and a max-age, no credentials (bearer tokens, not cookies).
 * An origin not listed, or a path outside the API, gets no CORS header, and its preflight a 404.
 * With no origins nothing is registered: no header, no OPTIONS route (docs/decisions/013-cors.md).
 * Call before any route is registered: the routes outside the API are marked as they are added.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  const refused: FastifyCorsOptions = { origin: false };
  const granted = (origin: string): FastifyCorsOptions => ({
    origin,
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_REQUEST_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: PREFLIGHT_MAX_AGE,
    credentials: false,
  });
  // The plugin's hook would otherwise run on every route and add `Vary: Origin` to web files and
  // media, which a CDN would then cache once per origin. '*' is the plugin's own preflight route.
  app.addHook('onRoute', (route) => {
    if (route.url !== '*' && !isApiPath(route.url)) route.config = { ...route.config, cors: false };
  });
  await app.register(fastifyCors, {
    // Per request: the preflight route '*' matches every path, so the path is checked here too.
    delegator: (request, done) => {
      const origin = request.headers.origin;
      done(
        null,
        origin !== undefined && allowed.has(origin) && isApiPath(request.url) ? granted(origin) : refused,
      );
    },
  });
}
