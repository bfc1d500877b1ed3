// The frame page's address and the config it names (docs/decisions/033-embed-configs.md, 035).
import type { EmbedConfig } from '@kadr/api-contract';
import { DEFAULT_MESSAGE_FLAG } from '@kadr/embed-player/protocol';
import { queryOptions } from '@tanstack/react-query';

/** What the frame page's address says: `?config=<config URL>[&flag=<message flag>]`. */
export interface EmbedParams {
  /** Absolute http(s) URL of the config (main or reserve). */
  configUrl: string;
  /** The message flag the SDK marks its messages with. */
  flag: string;
}

/** A message flag is a property name: short, no spaces (the SDK's option, sent in the address). */
const FLAG = /^[\w$-]{1,64}$/;

/** The address's params, or null when it names no readable http(s) config URL. */
export function readEmbedParams(search: string): EmbedParams | null {
  const params = new URLSearchParams(search);
  const config = params.get('config');
  if (!config) return null;
  let url: URL;
  try {
    url = new URL(config);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const flag = params.get('flag');
  return { configUrl: url.href, flag: flag && FLAG.test(flag) ? flag : DEFAULT_MESSAGE_FLAG };
}

/** Why a config could not be used: unreachable or unreadable, or naming nothing we have. */
export class EmbedConfigError extends Error {
  constructor(readonly reason: 'failed' | 'not_found') {
    super(`embed config ${reason}`);
    this.name = 'EmbedConfigError';
  }
}

const isPositiveId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The config in `value` when it is one (api-contract's `embedConfig`, version 1, naming a title by
 * EK_id or a channel by tv_channel_id), else null. Read by hand, not with the contract's zod schema: the
 * frame page would carry zod for one object.
 */
export function parseEmbedConfig(value: unknown): EmbedConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const config = value as Record<string, unknown>;
  const content = config.content as Record<string, unknown> | null | undefined;
  if (config.version !== 1 || typeof content !== 'object' || content === null) return null;
  if (typeof config.title !== 'string' || typeof config.poster !== 'string') return null;
  if (typeof config.live !== 'boolean' || (config.kind !== 'vod' && config.kind !== 'live')) return null;
  const { type } = content;
  const shown = { version: 1, title: config.title, poster: config.poster } as const;
  if (type === 'channel') {
    if (config.kind !== 'live' || !isPositiveId(content.tv_channel_id)) return null;
    return { ...shown, kind: 'live', content: { type, tv_channel_id: content.tv_channel_id }, live: true };
  }
  if (type !== 'film' && type !== 'series' && type !== 'tvshow') return null;
  if (config.kind !== 'vod' || !isPositiveId(content.EK_id)) return null;
  return { ...shown, kind: 'vod', content: { type, EK_id: content.EK_id }, live: false };
}

/**
 * Loads and reads the config at `url` (no cookies: configs are public and cacheable). A 404 is
 * `not_found`; anything else that is not a config — a network failure, another status, a body that
 * is not one — is `failed`.
 */
export async function loadEmbedConfig(
  url: string,
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<EmbedConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { credentials: 'omit', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EmbedConfigError('failed');
  }
  if (response.status === 404) throw new EmbedConfigError('not_found');
  if (!response.ok) throw new EmbedConfigError('failed');
  const config = parseEmbedConfig(await response.json().catch(() => null));
  if (!config) throw new EmbedConfigError('failed');
  return config;
}

/**
 * The config as page data: loaded once per frame (configs are public and cached by the browser, max-age
 * 60), retried twice unless it is missing. The boot starts it beside the session (embed-boot.tsx).
 */
export function embedConfigQuery(url: string) {
  return queryOptions({
    queryKey: ['embed-config', url] as const,
    queryFn: ({ signal }) => loadEmbedConfig(url, fetch, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) =>
      !(error instanceof EmbedConfigError && error.reason === 'not_found') && count < 2,
  });
}
