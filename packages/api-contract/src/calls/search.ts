import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { SEARCH_MIN_LENGTH } from '../limits.js';
import { url, year } from './common.js';

/**
 * A search hint (SPEC §3). `id` 0 on the first item means "nothing found" (the SPEC's marker), so ids
 * here are non-negative; `type` says whether `id` is an EK_id or a tv_channel_id.
 */
export const searchHintItem = z.object({
  type: z.enum(['content', 'channel']),
  id: z.number().int().nonnegative(),
  title: z.string(),
  year: year.nullable(),
  image_url: url.nullable(),
  sticker_image_url: url.nullable(),
});

/** POST /v2/agregator/searchHint: content and channels matching a query of 3+ characters. */
export const searchHint = defineCall({
  ...route('searchHint'),
  summary: 'Search content and channels',
  tag: 'search',
  body: z.object({ search_query: z.string().trim().min(SEARCH_MIN_LENGTH).max(100) }),
  response: z.object({ items: z.array(searchHintItem) }),
});

/** Every search call. */
export const searchCalls = { searchHint } as const;
