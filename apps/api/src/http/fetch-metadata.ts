import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a browser sent this request for a page of another site that may not spend the caller's
 * budgets (docs/decisions/046): Fetch-Metadata says `Sec-Fetch-Site: cross-site`, and it is not a CORS
 * call from one of `corsOrigins` (a partner page or the web app on its own origin, CORS_ORIGINS).
 * So an `<img>`, a script, a form, a link or a frame of any page (no-cors and navigation modes), or a
 * CORS fetch from an origin not listed, is refused; the site's own pages (`same-origin`, `same-site`),
 * a typed address (`none`) and every caller without Fetch-Metadata — apps, servers, older browsers —
 * are not. Browsers set these headers and no page's script can change them.
 */
export function isForeignCrossSite(headers: IncomingHttpHeaders, corsOrigins: ReadonlySet<string>): boolean {
  if (headers['sec-fetch-site'] !== 'cross-site') return false;
  const origin = headers.origin;
  return !(headers['sec-fetch-mode'] === 'cors' && origin !== undefined && corsOrigins.has(origin));
}
