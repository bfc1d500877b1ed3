/**
 * Headers of the Vite dev and preview servers. The service serves the built app from apps/api with the
 * full policy (apps/api/src/http/security-headers.ts); these only keep a development page from being
 * framed or sniffed. No script policy here: the dev server's React refresh preamble is an inline
 * script, and the e2e journeys check the real policy against the api.
 */
export const DEV_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
