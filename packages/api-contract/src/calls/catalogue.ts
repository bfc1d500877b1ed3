import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { COLLECTION_PAGE_SIZE, SIMILAR_LIMIT } from '../limits.js';
import { goods } from './billing.js';
import { dateTime, id, idParam, url, year } from './common.js';

/** A film card (SPEC §3 "EK"): what rails, similar blocks and search recommendations show. */
export const filmCard = z.object({
  EK_id: id,
  EK_title: z.string(),
  genre: z.string(),
  /** Release year; null when unknown. */
  year: year.nullable(),
  sticker_image_url: url.nullable(),
  /** Poster thumbnail (teaser rails). */
  thumb_poster_url: url,
  /** Banner thumbnail (banner rails); null when the item has none. */
  thumb_banner_url: url.nullable(),
});

/** A channel item of a `tv_channels` rail (SPEC §3 Channel item). */
export const channelItem = z.object({
  tv_channel_id: id,
  chan_name: z.string(),
  chan_poster_url: url,
});

/** Rail types (SPEC §3 RB_type). */
export const COLLECTION_TYPES = ['teaser', 'banner', 'queue', 'tv_channels'] as const;
/** One rail type. */
export type CollectionType = (typeof COLLECTION_TYPES)[number];

const collectionBase = z.object({ RB_id: id, RB_title: z.string() });

/**
 * A collection (rail) of the home page, the TV tab or search recommendations (SPEC §3). `EKs` holds
 * film cards, or channel items when `RB_type` is `tv_channels` (SPEC §2 TV tab).
 */
export const collection = z.discriminatedUnion('RB_type', [
  collectionBase.extend({ RB_type: z.enum(['teaser', 'banner', 'queue']), EKs: z.array(filmCard) }),
  collectionBase.extend({ RB_type: z.literal('tv_channels'), EKs: z.array(channelItem) }),
]);

const railCount = z.coerce.number<string | number>().int().min(1).max(100).default(COLLECTION_PAGE_SIZE);

/** GET /web/1/collections: the rails of a tab (`Main2` home, `tv_channels_tab`, `search` recommendations). */
export const getCollections = defineCall({
  ...route('getCollections'),
  summary: 'Rails of a tab',
  tag: 'catalogue',
  query: z.object({
    /** The tab's name: `Main2`, `tv_channels_tab`, `search` (SPEC §7 names only). */
    tab_id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    RB_queue_count: railCount,
    RB_teaser_count: railCount,
  }),
  response: z.object({ collections: z.array(collection) }),
});

/** Content types (SPEC §3 EK_type): `TVChan` and `TVShow` are the SPEC's; `film` for the rest. */
export const CONTENT_TYPES = ['film', 'TVShow', 'TVChan'] as const;
/** One content type. */
export type ContentType = (typeof CONTENT_TYPES)[number];

/** An episode (SPEC §3). */
export const episode = z.object({
  EP_id: id,
  EP_title: z.string(),
  /** 1-based position in its season. */
  EP_order_number: z.number().int().positive(),
  poster_url: url.nullable(),
  /** An announced episode is listed but cannot be played yet. */
  is_announce: z.boolean(),
  season_number: z.number().int().nonnegative(),
});

/** A season with its episodes (SPEC §3). */
export const season = z.object({
  season_id: id,
  season_number: z.number().int().nonnegative(),
  episodes: z.array(episode),
});

/** A content item (SPEC §3 Movie/content). */
export const content = z.object({
  EK_id: id,
  EK_type: z.enum(CONTENT_TYPES),
  EK_title: z.string(),
  EK_description: z.string(),
  thumb_wide_poster_url: url.nullable(),
  thumb_logotype_url: url.nullable(),
  /** The film-rating service's score, 0–10 (the SPEC does not name the field: ours). 0 is not shown. */
  kp_rating: z.number().min(0).max(10),
  year: year.nullable(),
  genre: z.string(),
  country: z.string(),
  /** Age rating in years; 0 is not shown. */
  age_rating: z.number().int().min(0).max(21),
  created_at: dateTime,
  /** Null for films and channels; the seasons (without episodes) of a series. */
  seasons: z.array(z.object({ season_id: id, season_number: z.number().int().nonnegative() })).nullable(),
  /** Episodes of the season `lastLoadSeasonID` (empty for films). */
  episodes: z.array(episode),
  /** The trailer's episode, if the content has one ('Трейлер' button). */
  trailer_episode: z.object({ EP_id: id }).nullable(),
  content_url: url.nullable(),
  /** The season whose episodes `episodes` holds; null for films. */
  lastLoadSeasonID: id.nullable(),
  goods,
  similar: z.array(filmCard),
});

/** GET /web/2/contents/{id}: a content item (code 900 when there is none). */
export const getContent = defineCall({
  ...route('getContent'),
  summary: 'A content item with goods, seasons and similar items',
  tag: 'catalogue',
  params: z.object({ id: idParam }),
  response: content,
});

/** GET /web/2/seasons/{season_id}/episodes?EK_id=: a season's episodes. */
export const getSeasonEpisodes = defineCall({
  ...route('getSeasonEpisodes'),
  summary: "A season's episodes",
  tag: 'catalogue',
  params: z.object({ season_id: idParam }),
  query: z.object({ EK_id: idParam }),
  response: season,
});

/** POST /v1/agregator/getSeasonByEpisodeId: the season (with episodes) holding an episode. */
export const getSeasonByEpisodeId = defineCall({
  ...route('getSeasonByEpisodeId'),
  summary: 'The season holding an episode',
  tag: 'catalogue',
  body: z.object({ EP_id: id }),
  response: season,
});

/** GET /web/1/contents/{id}/similar?page_number=0&limit=30: similar items, one page. */
export const getSimilar = defineCall({
  ...route('getSimilar'),
  summary: 'Similar content',
  tag: 'catalogue',
  params: z.object({ id: idParam }),
  query: z.object({
    /** 0-based page. */
    page_number: z.coerce.number<string | number>().int().min(0).max(10_000).default(0),
    limit: z.coerce.number<string | number>().int().min(1).max(100).default(SIMILAR_LIMIT),
  }),
  response: z.object({ items: z.array(filmCard) }),
});

/** Every catalogue call. */
export const catalogueCalls = {
  getCollections,
  getContent,
  getSeasonEpisodes,
  getSeasonByEpisodeId,
  getSimilar,
} as const;
