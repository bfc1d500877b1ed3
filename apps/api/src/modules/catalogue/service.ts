import {
  type ContentType,
  type collection,
  type content,
  type filmCard,
  SIMILAR_LIMIT,
  type season,
} from '@kadr/api-contract';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { HintCache } from '../../hint-cache';
import { type GoodsResolver, placeholderGoods } from '../billing';
import * as q from './queries';
import { CatalogueChanges, CatalogueVersion } from './version';

type FilmCard = z.input<typeof filmCard>;
type Collection = z.input<typeof collection>;
type Content = z.input<typeof content>;
type Season = z.input<typeof season>;

const EK_TYPES: Record<q.ContentRow['type'], ContentType> = {
  film: 'film',
  series: 'TVShow',
  tvshow: 'TVShow',
  channel: 'TVChan',
};

function card(row: q.CardRow): FilmCard {
  return {
    EK_id: row.ek_id,
    EK_title: row.ek_title,
    genre: row.genre,
    year: row.year,
    sticker_image_url: row.sticker_url,
    thumb_poster_url: row.poster_url,
    thumb_banner_url: row.banner_url,
  };
}

/**
 * The film cards of the titles `ids`, by id (a title that does not exist is absent): for other modules'
 * lists of titles (modules/viewing's «Продолжить просмотр», history, «Буду смотреть»), so a card is
 * made in one place.
 */
export async function filmCardsByIds(db: Db, ids: readonly number[]): Promise<Map<number, FilmCard>> {
  const rows = await q.cardsByIds(db, ids);
  return new Map(rows.map((row) => [row.ek_id, card(row)]));
}

function episode(row: q.EpisodeRow) {
  return {
    EP_id: row.id,
    EP_title: row.title,
    EP_order_number: row.order_number,
    poster_url: row.poster_url,
    is_announce: row.is_announce,
    season_number: row.season_number ?? 0,
  };
}

const isoTime = (value: Date | string) => new Date(value).toISOString();

/** Tuning of CatalogueService. */
export interface CatalogueOptions {
  goods?: GoodsResolver;
  clock?: Clock;
  /** The catalogue version rails are remembered under (by default read from `db` about once a second). */
  version?: CatalogueVersion;
  /** Rail answers (tab and counts) remembered (0: none). */
  railEntries?: number;
}

/** Catalogue rules: which rails a tab shows, what a content card holds, seasons and similar titles. */
export class CatalogueService {
  private readonly goods: GoodsResolver;
  /**
   * Rails by tab and counts: the same for every viewer and changed only by an import, so they are
   * kept until the catalogue version changes (the hour-long TTL only bounds a missed change).
   */
  private readonly rails: HintCache<Collection[]>;
  private readonly changes: CatalogueChanges;

  constructor(
    private readonly db: Db,
    options: CatalogueOptions = {},
  ) {
    this.goods = options.goods ?? placeholderGoods;
    const clock = options.clock ?? systemClock;
    this.rails = new HintCache(clock, { maxEntries: options.railEntries ?? 200, ttlMs: 3_600_000 });
    this.changes = new CatalogueChanges(options.version ?? new CatalogueVersion(db, clock), () =>
      this.rails.clear(),
    );
  }

  /**
   * The rails of a tab in order; teaser and banner rails hold up to `teaserCount` items, queue and
   * channel rails up to `queueCount`. Rails without items are left out; an unknown tab has none.
   * Answered from memory until the catalogue changes.
   */
  async collections(tab: string, teaserCount: number, queueCount: number): Promise<Collection[]> {
    await this.changes.check();
    return this.rails.get(`${teaserCount}/${queueCount}/${tab}`, () =>
      this.readCollections(tab, teaserCount, queueCount),
    );
  }

  private async readCollections(tab: string, teaserCount: number, queueCount: number): Promise<Collection[]> {
    const rows = await q.railsOfTab(this.db, tab, teaserCount, queueCount);
    const rails = new Map<number, Collection>();
    for (const row of rows) {
      let rail = rails.get(row.rb_id);
      if (!rail) {
        rail =
          row.rb_type === 'tv_channels'
            ? { RB_id: row.rb_id, RB_title: row.rb_title, RB_type: 'tv_channels', EKs: [] }
            : { RB_id: row.rb_id, RB_title: row.rb_title, RB_type: row.rb_type, EKs: [] };
        rails.set(row.rb_id, rail);
      }
      if (rail.RB_type === 'tv_channels') {
        if (row.tv_channel_id !== null)
          rail.EKs.push({
            tv_channel_id: row.tv_channel_id,
            chan_name: row.chan_name ?? '',
            chan_poster_url: row.chan_logo_url ?? '',
          });
      } else if (row.ek_id !== null) {
        rail.EKs.push(card(row as q.CardRow));
      }
    }
    return [...rails.values()].filter((rail) => rail.EKs.length > 0);
  }

  /** The content row, or code 900 when it is missing or has no vendor (SPEC §8). */
  private async existing(id: number): Promise<q.ContentRow & { vendor_id: string }> {
    const row = await q.contentById(this.db, id);
    if (!row) throw new AppError('no_content');
    if (row.vendor_id === null) throw new AppError('no_vendor');
    return row as q.ContentRow & { vendor_id: string };
  }

  /**
   * A content card: seasons (series and shows), the episodes of the last season, the trailer,
   * goods for the viewer and up to SIMILAR_LIMIT similar titles.
   */
  async content(id: number, profileId: number | null): Promise<Content> {
    const row = await this.existing(id);
    const episodic = row.type === 'series' || row.type === 'tvshow';
    const [seasons, episodes, similar, goods] = await Promise.all([
      episodic ? q.seasonsOf(this.db, id) : Promise.resolve([]),
      q.trailerAndLastSeason(this.db, id),
      q.similarCards(this.db, id, SIMILAR_LIMIT, 0),
      this.goods(
        {
          contentId: id,
          vendorId: row.vendor_id,
          isPreview: row.is_preview,
          partnerLabel: row.partner_label,
        },
        profileId,
      ),
    ]);
    const trailer = episodes.find((e) => e.is_trailer);
    const lastSeason = seasons.at(-1);
    return {
      EK_id: row.id,
      EK_type: EK_TYPES[row.type],
      EK_title: row.title,
      EK_description: row.description,
      thumb_wide_poster_url: row.wide_poster_url,
      thumb_logotype_url: row.logotype_url,
      kp_rating: row.rating,
      year: row.year,
      genre: row.genre,
      country: row.country,
      age_rating: row.age_rating,
      created_at: isoTime(row.created_at),
      seasons: episodic ? seasons.map((s) => ({ season_id: s.id, season_number: s.number })) : null,
      episodes: episodes.filter((e) => !e.is_trailer).map(episode),
      trailer_episode: trailer ? { EP_id: trailer.id } : null,
      content_url: null,
      lastLoadSeasonID: lastSeason?.id ?? null,
      goods,
      similar: similar.map(card),
    };
  }

  /** A season of `contentId` with its episodes; a season of another title is not found. */
  async seasonEpisodes(seasonId: number, contentId: number): Promise<Season> {
    const found = await q.seasonById(this.db, seasonId);
    if (!found || found.content_id !== contentId) {
      throw new AppError('season_not_found', {
        message: `Сезон ${seasonId} не найден у контента ${contentId}`,
      });
    }
    const episodes = await q.episodesOfSeason(this.db, seasonId);
    return { season_id: found.id, season_number: found.number, episodes: episodes.map(episode) };
  }

  /** The season holding an episode, with all its episodes (a trailer belongs to no season). */
  async seasonOfEpisode(episodeId: number): Promise<Season> {
    const found = await q.episodeById(this.db, episodeId);
    if (!found || found.season_id === null) throw new AppError('episode_not_found');
    const episodes = await q.episodesOfSeason(this.db, found.season_id);
    return {
      season_id: found.season_id,
      season_number: found.season_number ?? 0,
      episodes: episodes.map(episode),
    };
  }

  /** One page of similar titles; an unknown content item answers code 900. */
  async similar(id: number, page: number, limit: number): Promise<FilmCard[]> {
    if (!(await q.contentExists(this.db, id))) throw new AppError('no_content');
    return (await q.similarCards(this.db, id, limit, page * limit)).map(card);
  }
}
