import type {
  getTitleViewing,
  saveWatchProgress,
  watchEntry,
  watchEpisode,
  watchItem,
  watchlistEntry,
  watchProgress,
} from '@kadr/api-contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { filmCardsByIds } from '../catalogue';
import * as q from './queries';

type ItemBody = z.output<typeof watchItem>;
type Progress = z.input<typeof watchProgress>;
type Entry = z.input<typeof watchEntry>;
type Episode = z.input<typeof watchEpisode>;
type SaveBody = z.output<(typeof saveWatchProgress)['body']>;
type SaveAnswer = z.input<(typeof saveWatchProgress)['response']>;
type TitleAnswer = z.input<(typeof getTitleViewing)['response']>;
type WatchlistEntry = z.input<typeof watchlistEntry>;

/** Watched to its end from this share of its duration on (the catalogue knows no credits yet). */
export const WATCHED_PERCENT = 95;
/** A position below this many seconds is not worth resuming from: the title starts again. */
export const RESUME_MIN_SECONDS = 10;
/** «Буду смотреть» holds at most this many titles. */
export const WATCHLIST_MAX = 500;

/** A page of a list as the calls take it. */
export interface PageInput {
  page_number?: number;
  limit?: number;
}

const DEFAULT_LIMIT = 20;

/** Whether `position` of `duration` counts as watched to the end. */
export function isWatched(position: number, duration: number): boolean {
  return position * 100 >= duration * WATCHED_PERCENT;
}

/** The row key and kind of what a body names (the contract guarantees one complete form). */
export function refOf(body: ItemBody): q.ItemRef {
  if (body.stream_id !== undefined) {
    const start = new Date(body.archive_start as string);
    const epoch = Math.floor(start.getTime() / 1000);
    return { kind: 'programme', item: `p${body.stream_id}@${epoch}`, channelId: body.stream_id, start };
  }
  const contentId = body.EK_id as number;
  if (body.EP_id !== undefined)
    return { kind: 'episode', item: `e${body.EP_id}`, contentId, episodeId: body.EP_id };
  return { kind: 'film', item: `f${contentId}`, contentId };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function progressOf(row: q.ProgressRow): Progress {
  return {
    position: row.position,
    duration: row.duration,
    fraction: Math.min(1, Math.round((row.position / row.duration) * 1000) / 1000),
    watched: row.watched,
    updated_at: iso(row.updated_at),
  };
}

function episodeOf(row: q.EpisodeRow): Episode {
  return {
    EP_id: row.ep_id,
    EP_title: row.ep_title,
    EP_order_number: row.ep_order,
    season_number: row.season_number,
    poster_url: row.ep_poster,
  };
}

function pageOf(input: PageInput | undefined) {
  const limit = input?.limit ?? DEFAULT_LIMIT;
  return { limit, offset: (input?.page_number ?? 0) * limit };
}

/**
 * The viewer's memory (docs/decisions/055-viewing-memory.md): watch progress saved by the player's
 * reports, where a title resumes, «Продолжить просмотр», «История просмотров» and «Буду смотреть» —
 * always of the session's profile, whatever the body says.
 */
export class ViewingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Saves a report (one statement when it is saved). Nothing saved: a report the catalogue refuses
   * is answered with its error; one that is not newer than what is kept (a replay, an older `seq`, a
   * superseded playback) with `saved: false` and the progress kept.
   */
  async save(profileId: number, body: SaveBody): Promise<SaveAnswer> {
    if (body.position > body.duration)
      throw new AppError('position_out_of_range', {
        details: [{ path: 'position', message: 'position is beyond duration' }],
      });
    const ref = refOf(body);
    const now = this.clock.now();
    const report: q.Report = {
      profileId,
      ref,
      position: body.position,
      duration: body.duration,
      watched: isWatched(body.position, body.duration),
      playbackId: body.playback_id,
      seq: body.seq,
      now,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const saved = await q.saveReport(this.db, report);
      if (saved) return { saved: true, progress: progressOf(saved) };
      const refusal = await this.refusal(ref, body.duration, now);
      if (refusal) throw refusal;
      const kept = await q.progressOf(this.db, profileId, ref.item);
      if (kept) return { saved: false, progress: progressOf(kept) };
      // The row went between the two statements (a sign-in moved it): save again.
    }
    throw new AppError('service_unavailable', { retryAfter: 1 });
  }

  /** Why the catalogue refuses a report, or undefined when it does not (the report was stale). */
  private async refusal(ref: q.ItemRef, duration: number, now: Date): Promise<AppError | undefined> {
    const facts = await q.targetFacts(this.db, ref);
    const tooLong = (lim: number | null) =>
      q.withinCatalogue(duration, lim)
        ? undefined
        : new AppError('position_out_of_range', {
            details: [{ path: 'duration', message: `longer than the catalogue's ${lim} s` }],
          });
    if (ref.kind === 'programme') {
      if (!facts.channel) return new AppError('channel_not_found');
      if (!facts.programme) return new AppError('programme_not_found');
      if (facts.programme.startsAt > now) return new AppError('archive_in_future');
      return tooLong(facts.programme.duration);
    }
    const title = facts.title;
    if (!title) return new AppError('no_content');
    if (!title.hasVendor) return new AppError('no_vendor');
    if (title.type === 'channel') return new AppError('not_playable');
    if (ref.kind === 'film') {
      if (title.type !== 'film') return new AppError('episode_required');
      return tooLong(title.duration);
    }
    const episode = facts.episode;
    if (title.type === 'film' || !episode || episode.contentId !== ref.contentId || episode.isTrailer)
      return new AppError('episode_not_found');
    if (episode.isAnnounce) return new AppError('not_playable');
    return tooLong(episode.duration);
  }

  /** The title page's state of a film or a programme: one progress row, no episodes. */
  private singleTitle(
    row: (q.ProgressRow & { cleared: boolean }) | undefined,
    in_watchlist: boolean,
  ): TitleAnswer {
    const kept = row && !row.cleared ? row : undefined;
    return {
      resume:
        kept && this.resumable(kept)
          ? { episode: null, position: kept.position, duration: kept.duration }
          : null,
      watched: kept?.watched ?? false,
      episodes: [],
      in_watchlist,
    };
  }

  /**
   * The title page's state: where to resume — a film's or a programme's position; a series' episode
   * saved last, or once it was watched to its end the next one out (from its start) — the episodes'
   * progress, and «Буду смотреть» membership.
   */
  async title(profileId: number, body: ItemBody): Promise<TitleAnswer> {
    const ref = refOf(body);
    if (ref.kind === 'programme') {
      return this.singleTitle(await q.progressOf(this.db, profileId, ref.item), false);
    }
    const { contentId } = ref;
    const title = await q.titleOf(this.db, contentId);
    if (!title) throw new AppError('no_content');
    if (!title.has_vendor) throw new AppError('no_vendor');
    const in_watchlist = await q.inWatchlist(this.db, profileId, contentId);
    if (title.type !== 'series' && title.type !== 'tvshow') {
      return this.singleTitle(await q.progressOf(this.db, profileId, `f${contentId}`), in_watchlist);
    }
    const rows = await q.episodeProgress(this.db, profileId, contentId);
    const episodes = rows.map((row) => ({ EP_id: row.ep_id, progress: progressOf(row) }));
    const latest = rows[0];
    if (!latest) return { resume: null, watched: false, episodes, in_watchlist };
    if (!latest.watched) {
      const position = latest.position >= RESUME_MIN_SECONDS ? latest.position : 0;
      return {
        resume: { episode: episodeOf(latest), position, duration: latest.duration },
        watched: false,
        episodes,
        in_watchlist,
      };
    }
    const next = await q.nextEpisode(this.db, contentId, latest.season_number, latest.ep_order);
    return {
      resume: next ? { episode: episodeOf(next), position: 0, duration: next.ep_duration } : null,
      watched: next === undefined,
      episodes,
      in_watchlist,
    };
  }

  /** The progress bars of rail cards: per title begun, a film's or its episode saved last. */
  async titlesProgress(profileId: number, contentIds: readonly number[]) {
    const rows = await q.titlesProgress(this.db, profileId, contentIds);
    return {
      items: rows.map((row) => ({ EK_id: row.content_id, EP_id: row.episode_id, progress: progressOf(row) })),
    };
  }

  private resumable(row: q.ProgressRow): boolean {
    return !row.watched && row.position >= RESUME_MIN_SECONDS;
  }

  /** «Продолжить просмотр», one page. */
  async continueWatching(profileId: number, input: PageInput | undefined) {
    const page = pageOf(input);
    const rows = await q.continueRows(this.db, profileId, page, RESUME_MIN_SECONDS);
    return this.entries(rows, page.limit, true);
  }

  /** «История просмотров», one page. */
  async history(profileId: number, input: PageInput | undefined) {
    const page = pageOf(input);
    const rows = await q.historyRows(this.db, profileId, page);
    return this.entries(rows, page.limit, false);
  }

  private async entries(rows: q.EntryRow[], limit: number, nextEpisodes: boolean) {
    const shown = rows.slice(0, limit);
    const cards = await filmCardsByIds(
      this.db,
      shown.flatMap((row) => (row.content_id === null ? [] : [row.content_id])),
    );
    const items: Entry[] = [];
    for (const row of shown) {
      if (row.kind === 'programme') {
        items.push({
          kind: 'programme',
          card: null,
          episode: null,
          programme: {
            stream_id: row.chan_id as number,
            chan_name: row.chan_name ?? '',
            chan_logo_url: row.chan_logo_url ?? '',
            archive_start: iso(row.programme_start as Date | string),
            title: row.programme_title ?? '',
            poster_url: row.programme_poster,
          },
          progress: progressOf(row),
        });
        continue;
      }
      const card = row.content_id === null ? undefined : cards.get(row.content_id);
      if (!card) continue;
      if (row.kind === 'film') {
        items.push({ kind: 'film', card, episode: null, programme: null, progress: progressOf(row) });
        continue;
      }
      if (nextEpisodes && row.watched && row.next_id) {
        // The episode was watched to its end: the series goes on with the next one, from its start.
        const duration = row.next_duration ?? row.duration;
        items.push({
          kind: 'episode',
          card,
          episode: episodeOf({
            ep_id: row.next_id,
            ep_title: row.next_title ?? '',
            ep_order: row.next_order ?? 1,
            season_number: row.next_season ?? 0,
            ep_poster: row.next_poster ?? null,
            ep_duration: duration,
          }),
          programme: null,
          progress: progressOf({ position: 0, duration, watched: false, updated_at: row.updated_at }),
        });
        continue;
      }
      items.push({
        kind: 'episode',
        card,
        episode: episodeOf(row as q.EntryRow & q.EpisodeRow),
        programme: null,
        progress: progressOf(row),
      });
    }
    return { items, has_more: rows.length > limit };
  }

  /** Takes a title or programme off «Продолжить просмотр» (nothing there: nothing happens). */
  async dismiss(profileId: number, body: ItemBody): Promise<void> {
    await q.dismiss(this.db, profileId, refOf(body));
  }

  /**
   * Removes an entry from the history with its resume position: an episode, a programme, or a title
   * whole (a film; a series named without `EP_id`: all its episodes). Nothing there: nothing happens.
   */
  async removeFromHistory(profileId: number, body: ItemBody): Promise<void> {
    const ref = refOf(body);
    await q.clear(
      this.db,
      profileId,
      ref.kind === 'film' ? { contentId: ref.contentId } : { item: ref.item },
    );
  }

  /** Clears the history and every resume position. */
  async clearHistory(profileId: number): Promise<void> {
    await q.clear(this.db, profileId, 'all');
  }

  /** Adds a title to «Буду смотреть»; one there already changes nothing. */
  async addToWatchlist(profileId: number, contentId: number): Promise<void> {
    if (await q.addToWatchlist(this.db, profileId, contentId, WATCHLIST_MAX, this.clock.now())) return;
    const title = await q.titleOf(this.db, contentId);
    if (!title) throw new AppError('no_content');
    if (!title.has_vendor) throw new AppError('no_vendor');
    if (await q.inWatchlist(this.db, profileId, contentId)) return;
    throw new AppError('watchlist_full');
  }

  /** Removes a title from «Буду смотреть»; one not there changes nothing. */
  async removeFromWatchlist(profileId: number, contentId: number): Promise<void> {
    await q.removeFromWatchlist(this.db, profileId, contentId);
  }

  /** «Буду смотреть», one page; titles gone from the catalogue are left out. */
  async watchlist(profileId: number, input: PageInput | undefined) {
    const page = pageOf(input);
    const rows = await q.watchlistRows(this.db, profileId, page);
    const shown = rows.slice(0, page.limit);
    const cards = await filmCardsByIds(
      this.db,
      shown.map((row) => row.content_id),
    );
    const items: WatchlistEntry[] = [];
    for (const row of shown) {
      const card = cards.get(row.content_id);
      if (card) items.push({ card, added_at: iso(row.added_at) });
    }
    return { items, has_more: rows.length > page.limit };
  }
}

/**
 * Moves an anonymous profile's viewing memory to the account it signs in to, in the sign-in's
 * transaction, after its purchases (decision 019's mechanism; app.ts passes both to auth).
 */
export async function moveAnonymousViewing(tx: Tx, from: number, to: number): Promise<void> {
  await q.moveViewing(tx, from, to);
}
