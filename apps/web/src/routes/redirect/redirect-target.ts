/** Query and path parameters the redirect helpers read (SPEC §2 Redirect behaviour). */
export const REDIRECT_ID_KEYS = ['EK_id', 'EP_id', 'tv_channel_id'] as const;

/** The ids a redirect helper decides by. */
export type RedirectIds = Partial<Record<(typeof REDIRECT_ID_KEYS)[number], string | null | undefined>>;

/** Milliseconds the loader/redirect screen waits before it redirects (SPEC §9). */
export const REDIRECT_DELAY_MS = 8000;

/**
 * Where a redirect helper goes (SPEC §2): EK_id and EP_id → /movie/{EK_id}/{EP_id}/; only EK_id →
 * /movie/{EK_id}/; tv_channel_id → /tv/{tv_channel_id}/; otherwise /.
 */
export function redirectTarget(ids: RedirectIds): string {
  const ek = ids.EK_id?.trim();
  const ep = ids.EP_id?.trim();
  const channel = ids.tv_channel_id?.trim();
  if (ek && ep) return `/movie/${encodeURIComponent(ek)}/${encodeURIComponent(ep)}/`;
  if (ek) return `/movie/${encodeURIComponent(ek)}/`;
  if (channel) return `/tv/${encodeURIComponent(channel)}/`;
  return '/';
}

/** The ids of a helper's address: route params first, then the query. */
export function collectRedirectIds(
  params: Readonly<Record<string, string | undefined>>,
  query: URLSearchParams,
): RedirectIds {
  const ids: RedirectIds = {};
  for (const key of REDIRECT_ID_KEYS) ids[key] = params[key] ?? query.get(key);
  return ids;
}

/** The query string carried to the target: every parameter except the ids the redirect consumed. */
export function carriedQuery(query: URLSearchParams): string {
  const rest = new URLSearchParams(query);
  for (const key of REDIRECT_ID_KEYS) rest.delete(key);
  const text = rest.toString();
  return text ? `?${text}` : '';
}
