import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { WebCspDirective } from '../env';

/** Who may frame the pages under a path. */
export interface FrameRule {
  /** Path prefix, e.g. `/promo/web/embed/`; the longest matching prefix wins. */
  prefix: string;
  /** frame-ancestors sources: `'none'`, `'self'` or origins. */
  sources: readonly string[];
}

/** What the policies are made of (from the configuration and the built web app). */
export interface SecurityPolicyOptions {
  production: boolean;
  /** CSP hashes (`'sha256-…'`) of the inline scripts of the web app's index.html. */
  inlineScripts: readonly string[];
  /** Origins of the card payment widget (script and frame) beside this one: YooKassa's, in production. */
  checkoutOrigins: readonly string[];
  /** Sources added to the web app's policy (WEB_CSP): an API on another origin, a CDN, analytics. */
  extraWebSources: Partial<Record<WebCspDirective, readonly string[]>>;
  /** Origins besides this one whose pages embed the sandbox's checkout frame (the web app's, CORS_ORIGINS). */
  sandboxAncestors: readonly string[];
  /** Origins besides this one whose frame page the embed playground may frame (the web app's, CORS_ORIGINS). */
  playgroundFrames?: readonly string[];
  /** Paths that may be framed by others; every other page refuses any framing. */
  frameAncestors?: readonly FrameRule[];
}

/** The response headers of one kind of answer, as helmet computes them. */
export type HeaderSet = Readonly<Record<string, string>>;

/** The page kinds; each has its own policy (the `frame-ancestors` of a FrameRule may still vary within). */
type Surface = 'api' | 'web' | 'sandbox' | 'playground' | 'docs' | 'media';

function surfaceOf(path: string): Surface {
  if (path === '/promo/web' || path.startsWith('/promo/web/')) return 'web';
  if (path.startsWith('/embed/playground/')) return 'playground';
  if (path.startsWith('/sandbox/')) return 'sandbox';
  if (path.startsWith('/media/')) return 'media';
  if (path === '/docs' || path.startsWith('/docs/')) return 'docs';
  return 'api';
}

/** The CSP hash sources of the inline `<script>` elements of an HTML page (those without `src`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Runs helmet's middleware once and keeps the headers it set: they do not depend on the request. */
function headersOf(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The browser security headers of every answer, chosen by path: a deny-all policy for the API's JSON
 * (nothing in it is meant to be rendered or framed), the web app's policy (its scripts by origin and
 * hash, HLS from blob: and this origin, the payment widget), the sandbox pages' (inline, framed by the
 * web app), the API reference's. Computed once by helmet (docs/decisions/023-edge-hardening.md).
 */
export function buildSecurityPolicies(options: SecurityPolicyOptions) {
  const extra = (directive: WebCspDirective) => options.extraWebSources[directive] ?? [];
  const frameRules = [
    ...(options.frameAncestors ?? []),
    { prefix: '/sandbox/', sources: ["'self'", ...options.sandboxAncestors] },
  ].sort((a, b) => b.prefix.length - a.prefix.length);

  const directivesOf = (surface: Surface): Record<string, string[]> => {
    switch (surface) {
      case 'web':
        return {
          'default-src': ["'self'"],
          'script-src': [
            "'self'",
            ...options.inlineScripts,
            ...options.checkoutOrigins,
            ...extra('script-src'),
          ],
          // Inline styles stay: index.html's start-up loader, and video.js adds its default styles as a
          // <style>. Scripts are what an injection needs to take a token from localStorage.
          'style-src': ["'self'", "'unsafe-inline'", ...extra('style-src')],
          'img-src': ["'self'", 'data:', 'blob:', ...extra('img-src')],
          'font-src': ["'self'", 'data:', ...extra('font-src')],
          // hls.js fetches playlists and segments, then plays them from a blob: (MSE) in a blob: worker.
          'connect-src': ["'self'", ...options.checkoutOrigins, ...extra('connect-src')],
          'media-src': ["'self'", 'blob:', ...extra('media-src')],
          'worker-src': ["'self'", 'blob:', ...extra('worker-src')],
          'frame-src': ["'self'", ...options.checkoutOrigins, ...extra('frame-src')],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
        };
      case 'sandbox':
        // Development pages with inline scripts and styles; never in production unless SANDBOX_PROVIDERS.
        return {
          'default-src': ["'self'"],
          'script-src': ["'self'", "'unsafe-inline'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'self'"],
        };
      case 'playground':
        // The embed SDK's playground (modules/embed/playground.ts; development only, like the sandbox):
        // its own script and the SDK's from this origin, no inline code; it frames the frame page and
        // reads the embed configs and switches of this api.
        return {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': ["'self'", ...(options.playgroundFrames ?? [])],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'none'"],
        };
      case 'docs':
        return {
          'default-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'none'"],
        };
      default:
        return { 'default-src': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] };
    }
  };

  const build = (surface: Surface, ancestors: readonly string[]): HeaderSet => {
    const directives: Record<string, string[] | null> = {
      ...directivesOf(surface),
      'frame-ancestors': [...ancestors],
    };
    // helmet's defaults add these; the API's and media's answers do not need them.
    directives['upgrade-insecure-requests'] = surface === 'web' && options.production ? [] : null;
    const only = ancestors.length === 1 ? ancestors[0] : undefined;
    return headersOf({
      contentSecurityPolicy: { useDefaults: false, directives },
      // X-Frame-Options for browsers without frame-ancestors; it cannot name other origins.
      xFrameOptions:
        only === "'none'" ? { action: 'deny' } : only === "'self'" ? { action: 'sameorigin' } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The payment widget may open the bank's page in a popup that reports back.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Media and the sandbox's widget script are loaded by pages of other origins (CORS_ORIGINS, a CDN).
      crossOriginResourcePolicy: {
        policy: surface === 'media' || surface === 'sandbox' ? 'cross-origin' : 'same-site',
      },
    });
  };

  const cache = new Map<string, HeaderSet>();
  return {
    /** The headers of an answer to `path` (the URL's path, no query). */
    headersFor(path: string): HeaderSet {
      const surface = surfaceOf(path);
      const rule = frameRules.find((r) => path.startsWith(r.prefix));
      const ancestors = rule?.sources ?? ["'none'"];
      const key = `${surface} ${ancestors.join(' ')}`;
      let headers = cache.get(key);
      if (!headers) {
        headers = build(surface, ancestors);
        cache.set(key, headers);
      }
      return headers;
    },
  };
}

/**
 * Sets the security headers on every answer, errors and 404s included (an `onRequest` hook, so a
 * route may still replace one). One map look-up and a copy of a few strings per request: helmet's
 * middleware itself runs once per kind of answer, not per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityPolicyOptions): void {
  const policies = buildSecurityPolicies(options);
  app.addHook('onRequest', (request, reply, done) => {
    const at = request.url.indexOf('?');
    reply.headers(policies.headersFor(at === -1 ? request.url : request.url.slice(0, at)));
    done();
  });
}
