import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { VIEWING_PAGE_SIZE, VIEWING_PAGE_SIZE_MAX } from '../limits.js';
import { filmCard } from './catalogue.js';
import { dateTime, dateTimeParam, id, okResponse, url } from './common.js';

// Kadr's extension beside SPEC §7 (issue 25, docs/decisions/055-viewing-memory.md): the viewer's
// memory — watch progress kept by the server per profile, «Продолжить просмотр», «Буду смотреть» and
// «История просмотров». The SPEC is silent on them; every call takes the profile from the session
// only (no call names a profile), answers the SPEC's envelope and refuses with the one error table.

/** Longest position or duration a report may carry, in seconds (a day: no title or programme is longer). */
export const WATCH_SECONDS_MAX = 86_400;

/**
 * What is watched, by the ids the player already has: a film (`EK_id`), an episode of a series or TV
 * show (`EK_id` and `EP_id`, as getRelease takes them), or a programme of a channel's archive
 * (`stream_id` and `archive_start`, as getReleaseChannel takes them). Exactly one of the two forms.
 */
const itemFields = {
  EK_id: id.optional(),
  EP_id: id.optional(),
  stream_id: id.optional(),
  archive_start: dateTimeParam.optional(),
};

type ItemFields = { EK_id?: number; EP_id?: number; stream_id?: number; archive_start?: string };

/** Exactly one form of a watch item (itemFields), each problem at its field's path. */
function checkItem(item: ItemFields, ctx: z.RefinementCtx, episodeAllowed = true): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (item.EK_id === undefined && item.stream_id === undefined)
    issue('EK_id', 'EK_id (a title) or stream_id with archive_start (an archive programme) is required');
  if (item.EK_id !== undefined && item.stream_id !== undefined)
    issue('stream_id', 'a title (EK_id) or an archive programme (stream_id), not both');
  if (item.stream_id !== undefined && item.archive_start === undefined)
    issue('archive_start', 'an archive programme needs its start (archive_start)');
  if (item.archive_start !== undefined && item.stream_id === undefined)
    issue('archive_start', 'archive_start goes with stream_id');
  if (item.EP_id !== undefined && item.EK_id === undefined) issue('EP_id', 'EP_id goes with EK_id');
  if (item.EP_id !== undefined && !episodeAllowed) issue('EP_id', 'this call takes the whole title');
}

/** A watch item: a film, an episode (`EP_id`), or an archive programme (`stream_id` + `archive_start`). */
export const watchItem = z.object(itemFields).superRefine((item, ctx) => checkItem(item, ctx));

/** A title or an archive programme, never one episode (the rail's and the title page's unit). */
export const watchTitle = z.object(itemFields).superRefine((item, ctx) => checkItem(item, ctx, false));

/** Where a watch item stands for the profile: position and duration in whole seconds. */
export const watchProgress = z.object({
  position: z.number().int().nonnegative(),
  /** The duration the player reported with the position (the media's length). */
  duration: z.number().int().positive(),
  /** position / duration, 0–1, rounded to 3 digits: the progress bar. */
  fraction: z.number().min(0).max(1),
  /** Watched to its end: ≥ 95 % of the duration (docs/decisions/055). */
  watched: z.boolean(),
  /** When the position was last saved (the server's clock). */
  updated_at: dateTime,
});

/** An episode as the viewing calls name it («2 сезон, 3 серия»). */
export const watchEpisode = z.object({
  EP_id: id,
  EP_title: z.string(),
  /** 1-based position in its season: the «серия». */
  EP_order_number: z.number().int().positive(),
  season_number: z.number().int().nonnegative(),
  poster_url: url.nullable(),
});

/** An archive programme as the viewing calls name it. */
export const watchProgramme = z.object({
  stream_id: id,
  chan_name: z.string(),
  chan_logo_url: url,
  /** The programme's start: getReleaseChannel's `archive_start`. */
  archive_start: dateTime,
  title: z.string(),
  poster_url: url.nullable(),
});

/**
 * One entry of «Продолжить просмотр» or «История просмотров»: a title (its card; `episode` for a
 * series) or an archive programme (`programme`, `card` null), with its progress.
 */
export const watchEntry = z.object({
  kind: z.enum(['film', 'episode', 'programme']),
  card: filmCard.nullable(),
  episode: watchEpisode.nullable(),
  programme: watchProgramme.nullable(),
  progress: watchProgress,
});

const pageQuery = {
  /** 0-based page. */
  page_number: z.number().int().min(0).max(10_000).default(0),
  limit: z.number().int().min(1).max(VIEWING_PAGE_SIZE_MAX).default(VIEWING_PAGE_SIZE),
};

/** A page of entries; `has_more`: a next page exists. */
const entryPage = z.object({ items: z.array(watchEntry), has_more: z.boolean() });

/**
 * POST /v1/agregator/saveWatchProgress: the player's report of where it is (every 10–15 s, on pause,
 * seek and when the page is left — then with `fetch(…, {keepalive: true})`, the bearer header as
 * always; docs/decisions/055). Idempotent and ordered: `playback_id` names one playback (a fresh
 * UUID each time the player starts a title) and `seq` counts its reports upwards; a replay, a report
 * older than the last one saved of its playback, or any report of a playback superseded by a newer
 * one is acknowledged with `saved: false` and changes nothing.
 */
export const saveWatchProgress = defineCall({
  ...route('saveWatchProgress'),
  summary: 'Save the playback position of a film, an episode or an archive programme',
  tag: 'viewing',
  body: z
    .object({
      ...itemFields,
      /** Seconds from the start, whole. */
      position: z.number().int().nonnegative().max(WATCH_SECONDS_MAX),
      /** The media's duration as the player knows it, whole seconds. */
      duration: z.number().int().positive().max(WATCH_SECONDS_MAX),
      playback_id: z.uuid(),
      seq: z.number().int().nonnegative().max(2_147_483_647),
    })
    .superRefine((body, ctx) => checkItem(body, ctx)),
  response: z.object({
    /** false: a replayed, out-of-order or superseded report; `progress` is what is kept. */
    saved: z.boolean(),
    progress: watchProgress,
  }),
});

/**
 * POST /v1/agregator/getTitleViewing: what the title page needs — where to resume (a film's
 * position; a series' episode in progress, or the next one once it was watched to its end), every
 * episode's progress for the episode cards, and whether the title is in «Буду смотреть».
 */
export const getTitleViewing = defineCall({
  ...route('getTitleViewing'),
  summary: 'Resume position, episode progress and watchlist membership of a title or archive programme',
  tag: 'viewing',
  body: watchTitle,
  response: z.object({
    /** null: nothing to resume (never watched, removed from history, or watched to its end). */
    resume: z
      .object({
        /** The episode to resume (series); null for a film or a programme. */
        episode: watchEpisode.nullable(),
        /** Seconds; 0 for the next episode of a series. */
        position: z.number().int().nonnegative(),
        duration: z.number().int().positive().nullable(),
      })
      .nullable(),
    /** A film or programme watched to its end; a series whose every episode out was. */
    watched: z.boolean(),
    /** Progress of the episodes that have any, for the episode cards' bars. */
    episodes: z.array(z.object({ EP_id: id, progress: watchProgress })),
    in_watchlist: z.boolean(),
  }),
});

/** How many titles getTitlesProgress takes at once (a rail's page and more). */
export const TITLES_PROGRESS_MAX = 100;

/**
 * POST /v1/agregator/getTitlesProgress: the progress bars of a rail's cards — for each of `EK_ids`
 * the viewer has begun (and not removed from history), the film's progress or a series' episode saved
 * last; titles without any are left out.
 */
export const getTitlesProgress = defineCall({
  ...route('getTitlesProgress'),
  summary: 'Progress of several titles at once, for the bars of rail cards',
  tag: 'viewing',
  body: z.object({ EK_ids: z.array(id).min(1).max(TITLES_PROGRESS_MAX) }),
  response: z.object({
    items: z.array(z.object({ EK_id: id, EP_id: id.nullable(), progress: watchProgress })),
  }),
});

/** POST /v1/agregator/getContinueWatching: «Продолжить просмотр», most recent first. */
export const getContinueWatching = defineCall({
  ...route('getContinueWatching'),
  summary: 'Titles and programmes to continue, most recent first',
  tag: 'viewing',
  body: z.object(pageQuery).optional(),
  response: entryPage,
});

/**
 * POST /v1/agregator/removeContinueWatching: takes a title (a series whole) or a programme off
 * «Продолжить просмотр». History and the resume position stay; the next playback brings it back.
 */
export const removeContinueWatching = defineCall({
  ...route('removeContinueWatching'),
  summary: 'Take a title or programme off «Продолжить просмотр»',
  tag: 'viewing',
  body: watchTitle,
  response: okResponse,
});

/** POST /v1/agregator/getWatchHistory: «История просмотров», most recent first, one entry per film, episode or programme. */
export const getWatchHistory = defineCall({
  ...route('getWatchHistory'),
  summary: 'Watched films, episodes and programmes, most recent first',
  tag: 'viewing',
  body: z.object(pageQuery).optional(),
  response: entryPage,
});

/**
 * POST /v1/agregator/removeWatchHistory: removes one film, episode (`EP_id`) or programme from the
 * history — a series named without `EP_id`: all its episodes; the resume position goes with it. A
 * report of the playback going on then is not saved; the next playback brings the entry back.
 */
export const removeWatchHistory = defineCall({
  ...route('removeWatchHistory'),
  summary: 'Remove one entry from «История просмотров» with its resume position',
  tag: 'viewing',
  body: watchItem,
  response: okResponse,
});

/** POST /v1/agregator/clearWatchHistory: removes every entry and every resume position. */
export const clearWatchHistory = defineCall({
  ...route('clearWatchHistory'),
  summary: 'Clear «История просмотров» and every resume position',
  tag: 'viewing',
  body: z.object({}).optional(),
  response: okResponse,
});

/** One title of «Буду смотреть». */
export const watchlistEntry = z.object({ card: filmCard, added_at: dateTime });

/** POST /v1/agregator/getWatchlist: «Буду смотреть», the last added first. */
export const getWatchlist = defineCall({
  ...route('getWatchlist'),
  summary: 'Titles in «Буду смотреть», the last added first',
  tag: 'viewing',
  body: z.object(pageQuery).optional(),
  response: z.object({ items: z.array(watchlistEntry), has_more: z.boolean() }),
});

/** POST /v1/agregator/addToWatchlist: adds a title; adding one already there changes nothing. */
export const addToWatchlist = defineCall({
  ...route('addToWatchlist'),
  summary: 'Add a title to «Буду смотреть»',
  tag: 'viewing',
  body: z.object({ EK_id: id }),
  response: okResponse,
});

/** POST /v1/agregator/removeFromWatchlist: removes a title; removing one not there changes nothing. */
export const removeFromWatchlist = defineCall({
  ...route('removeFromWatchlist'),
  summary: 'Remove a title from «Буду смотреть»',
  tag: 'viewing',
  body: z.object({ EK_id: id }),
  response: okResponse,
});

/** Every viewing call (Kadr's extension, issue 25). */
export const viewingCalls = {
  saveWatchProgress,
  getTitleViewing,
  getTitlesProgress,
  getContinueWatching,
  removeContinueWatching,
  getWatchHistory,
  removeWatchHistory,
  clearWatchHistory,
  getWatchlist,
  addToWatchlist,
  removeFromWatchlist,
} as const;
