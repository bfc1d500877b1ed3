import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

// Raw SQL where a query needs LATERAL joins or ordered aggregates. Numbers are cast in SQL (::int,
// ::float8) so PGlite and node-postgres return the same JS types.

/** The columns of a film card, from `contents k` left-joined with `stickers st`. */
export interface CardRow {
  ek_id: number;
  ek_title: string;
  year: number | null;
  poster_url: string;
  banner_url: string | null;
  sticker_url: string | null;
  genre: string;
}

const cardColumns = sql.raw(`
  k.id as ek_id, k.title as ek_title, k.year::int as year, k.poster_url, k.banner_url,
  st.image_url as sticker_url,
  coalesce((select g.name from content_genres cg join genres g on g.id = cg.genre_id
            where cg.content_id = k.id order by cg.position limit 1), '') as genre`);

/** One item of a rail with its rail, flattened (rails without items come once with nulls). */
export interface RailRow {
  rb_id: number;
  rb_title: string;
  rb_type: 'teaser' | 'banner' | 'queue' | 'tv_channels';
  item_position: number | null;
  ek_id: number | null;
  ek_title: string | null;
  year: number | null;
  poster_url: string | null;
  banner_url: string | null;
  sticker_url: string | null;
  genre: string | null;
  tv_channel_id: number | null;
  chan_name: string | null;
  chan_logo_url: string | null;
}

/**
 * The rails of a tab in order, each with its first items (teaser and banner rails `teaserCount`,
 * queue and channel rails `queueCount`), in one query: the tab index gives the rails, a LATERAL
 * LIMIT over the items' primary key gives each rail's items.
 */
export async function railsOfTab(db: Db, tab: string, teaserCount: number, queueCount: number) {
  const result = await db.execute(sql`
    select c.id as rb_id, c.title as rb_title, c.type as rb_type, i.position as item_position,
           ${cardColumns},
           ch.id as tv_channel_id, ch.name as chan_name, ch.logo_url as chan_logo_url
    from collection_tabs ct
    join collections c on c.id = ct.collection_id
    left join lateral (
      select ci.position, ci.content_id, ci.channel_id
      from collection_items ci
      where ci.collection_id = c.id
      order by ci.position
      limit case when c.type in ('teaser', 'banner') then ${teaserCount}::int else ${queueCount}::int end
    ) i on true
    left join contents k on k.id = i.content_id
    left join stickers st on st.id = k.sticker_id
    left join channels ch on ch.id = i.channel_id
    where ct.tab = ${tab}
    order by ct.position, c.id, i.position`);
  return rowsOf<RailRow>(result);
}

/** A content item with its ordered genres and countries joined for display. */
export interface ContentRow {
  id: number;
  type: 'film' | 'series' | 'tvshow' | 'channel';
  title: string;
  description: string;
  wide_poster_url: string | null;
  logotype_url: string | null;
  rating: number;
  year: number | null;
  age_rating: number;
  created_at: Date | string;
  is_preview: boolean;
  vendor_id: string | null;
  partner_label: string | null;
  genre: string;
  country: string;
}

/** One content item, or undefined. */
export async function contentById(db: Db, id: number): Promise<ContentRow | undefined> {
  const [row] = rowsOf<ContentRow>(
    await db.execute(sql`
      select k.id, k.type, k.title, k.description, k.wide_poster_url, k.logotype_url,
             k.rating::float8 as rating, k.year::int as year, k.age_rating::int as age_rating, k.created_at,
             k.is_preview, k.vendor_id, pl.title as partner_label,
             coalesce((select string_agg(g.name, ', ' order by cg.position)
                       from content_genres cg join genres g on g.id = cg.genre_id
                       where cg.content_id = k.id), '') as genre,
             coalesce((select string_agg(co.name, ', ' order by cc.position)
                       from content_countries cc join countries co on co.id = cc.country_id
                       where cc.content_id = k.id), '') as country
      from contents k
      left join partner_labels pl on pl.id = k.partner_label_id
      where k.id = ${id}`),
  );
  return row;
}

/** Whether a content item exists (vendor or not). */
export async function contentExists(db: Db, id: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from contents where id = ${id}`));
  return rows.length > 0;
}

/** A season (without episodes). */
export interface SeasonRow {
  id: number;
  content_id: number;
  number: number;
}

/** The seasons of a content item by number. */
export async function seasonsOf(db: Db, contentId: number): Promise<SeasonRow[]> {
  return rowsOf<SeasonRow>(
    await db.execute(sql`
      select id, content_id, number::int as number from seasons
      where content_id = ${contentId} order by number`),
  );
}

/** One season, or undefined. */
export async function seasonById(db: Db, id: number): Promise<SeasonRow | undefined> {
  const [row] = rowsOf<SeasonRow>(
    await db.execute(sql`select id, content_id, number::int as number from seasons where id = ${id}`),
  );
  return row;
}

/** An episode (or trailer) row; `poster_url` falls back to the title's wide poster. */
export interface EpisodeRow {
  id: number;
  content_id: number;
  season_id: number | null;
  season_number: number | null;
  order_number: number;
  title: string;
  is_announce: boolean;
  is_trailer: boolean;
  poster_url: string | null;
}

async function episodesWhere(db: Db, where: SQL): Promise<EpisodeRow[]> {
  return rowsOf<EpisodeRow>(
    await db.execute(sql`
      select e.id, e.content_id, e.season_id, s.number::int as season_number,
             e.order_number::int as order_number, e.title, e.is_announce, e.is_trailer,
             coalesce(e.poster_url, k.wide_poster_url) as poster_url
      from episodes e
      join contents k on k.id = e.content_id
      left join seasons s on s.id = e.season_id
      where ${where}
      order by e.is_trailer desc, e.order_number`),
  );
}

/** A season's episodes in order. */
export function episodesOfSeason(db: Db, seasonId: number): Promise<EpisodeRow[]> {
  return episodesWhere(db, sql`e.season_id = ${seasonId}`);
}

/** The trailer (first, if any) and the episodes of the last season of a content item. */
export function trailerAndLastSeason(db: Db, contentId: number): Promise<EpisodeRow[]> {
  return episodesWhere(
    db,
    sql`(e.content_id = ${contentId} and e.is_trailer)
        or e.season_id = (select id from seasons where content_id = ${contentId} order by number desc limit 1)`,
  );
}

/** One episode (trailers included), or undefined. */
export async function episodeById(db: Db, id: number): Promise<EpisodeRow | undefined> {
  const [row] = await episodesWhere(db, sql`e.id = ${id}`);
  return row;
}

/**
 * Titles sharing a genre with `contentId` (not itself, not channels, not vendor-less), most shared
 * genres first, then by rating. The genre index takes each genre to its titles.
 */
export async function similarCards(
  db: Db,
  contentId: number,
  limit: number,
  offset: number,
): Promise<CardRow[]> {
  return rowsOf<CardRow>(
    await db.execute(sql`
      with candidates as (
        select other.content_id, count(*) as shared
        from content_genres mine
        join content_genres other on other.genre_id = mine.genre_id and other.content_id <> mine.content_id
        where mine.content_id = ${contentId}
        group by other.content_id
      )
      select ${cardColumns}
      from candidates
      join contents k on k.id = candidates.content_id
      left join stickers st on st.id = k.sticker_id
      where k.type <> 'channel' and k.vendor_id is not null
      order by candidates.shared desc, k.rating desc, k.id
      limit ${limit} offset ${offset}`),
  );
}

/** The cards of the titles `ids` that exist (any order; channels and vendor-less titles too). */
export async function cardsByIds(db: Db, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<CardRow>(
    await db.execute(sql`
      select ${cardColumns}
      from contents k
      left join stickers st on st.id = k.sticker_id
      where k.id = any(${sql.param([...new Set(ids)])}::int[])`),
  );
}

/** The catalogue's version (table `catalogue_version`); '0' when the row is missing. */
export async function catalogueVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(sql`select version::text as version from catalogue_version`),
  );
  return row?.version ?? '0';
}
