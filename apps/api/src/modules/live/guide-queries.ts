import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';

// Raw SQL like the catalogue module; times travel as ISO text and come back as `Date | string`
// (PGlite and node-postgres differ), so callers convert with `new Date(…)`.

/** A content item as the schedule sees it: its type and the channel it stands for. */
export interface ContentChannelRow {
  type: 'film' | 'series' | 'tvshow' | 'channel';
  channel_id: number | null;
}

/** The type and channel of a content item, or undefined when there is no such item. */
export async function contentChannel(db: Db, contentId: number): Promise<ContentChannelRow | undefined> {
  const [row] = rowsOf<ContentChannelRow>(
    await db.execute(sql`select type, channel_id from contents where id = ${contentId}`),
  );
  return row;
}

/** A channel's archive depth in days (the manifest's `archive_days`), or undefined when there is no such channel. */
export async function channelArchiveDays(db: Db, channelId: number): Promise<number | undefined> {
  const [row] = rowsOf<{ archive_days: number }>(
    await db.execute(sql`select archive_days from channels where id = ${channelId}`),
  );
  return row?.archive_days;
}

/** A programme with its channel's name. */
export interface ProgrammeRow {
  starts_at: Date | string;
  ends_at: Date | string;
  title: string;
  description: string;
  poster_url: string | null;
  announce_url: string | null;
  channel_name: string;
}

/**
 * The condition "programme `p` of the channel is on air at some moment of [from, to)": it ends after
 * `from` and starts before `to` (a programme crossing `from` is included). The range over `ends_at`
 * uses tv_programmes_channel_ends_idx. The guide's days and the playout's windows both read through it.
 */
export const onAirBetween = (channelId: number, from: Date, to: Date) => sql`
  p.channel_id = ${channelId}
  and p.ends_at > ${from.toISOString()}::timestamptz
  and p.starts_at < ${to.toISOString()}::timestamptz`;

/** The programmes of a channel on air at some moment of [from, to), by start (onAirBetween). */
export async function programmesOverlapping(
  db: Db,
  channelId: number,
  from: Date,
  to: Date,
): Promise<ProgrammeRow[]> {
  return rowsOf<ProgrammeRow>(
    await db.execute(sql`
      select p.starts_at, p.ends_at, p.title, p.description, p.poster_url, p.announce_url,
             ch.name as channel_name
      from tv_programmes p
      join channels ch on ch.id = p.channel_id
      where ${onAirBetween(channelId, from, to)}
      order by p.starts_at`),
  );
}

/** Deletes every programme that ended before `before` (older than the catch-up archive); returns how many. */
export async function deleteProgrammesEndedBefore(db: Db, before: Date): Promise<number> {
  return countChanged(
    db,
    sql`delete from tv_programmes where ends_at < ${before.toISOString()}::timestamptz returning 1`,
  );
}

/** How many rows a data-changing statement (one ending in `returning 1`) changed. */
async function countChanged(db: Db | Tx, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ changed: number }>(
    await db.execute(sql`with changed as (${statement}) select count(*)::int as changed from changed`),
  );
  return row?.changed ?? 0;
}

/** A programme to write. */
export interface NewProgramme {
  channelId: number;
  startsAt: Date;
  endsAt: Date;
  title: string;
  description: string;
  posterUrl: string | null;
  announceUrl: string | null;
}

/** What a channel's programmes are drawn from: its genres (keys, main first) and catalogue images. */
export interface ChannelForSchedule {
  id: number;
  key: string;
  genres: string[];
  /** Poster and wide poster of the channel-type title and of titles sharing the channel's main genre. */
  images: Array<{ poster: string; announce: string }>;
}

/**
 * Every channel with its genre keys in order and up to `imageLimit` image pairs: first the title that
 * stands for the channel, then titles of the channel's genres (not channels), by id.
 */
export async function channelsForSchedule(db: Db, imageLimit = 6): Promise<ChannelForSchedule[]> {
  const rows = rowsOf<{ id: number; key: string; genres: string[] | null; images: unknown }>(
    await db.execute(sql`
      select ch.id, ch.key,
             (select array_agg(g.key order by cg.position)
              from channel_genres cg join genres g on g.id = cg.genre_id
              where cg.channel_id = ch.id) as genres,
             (select coalesce(json_agg(json_build_object('poster', t.poster_url, 'announce', t.wide_poster_url)
                                       order by t.rank, t.id), '[]'::json)
              from (
                select k.id, k.poster_url, k.wide_poster_url, case when k.channel_id = ch.id then 0 else 1 end as rank
                from contents k
                where k.wide_poster_url is not null
                  and (k.channel_id = ch.id
                       or (k.type <> 'channel' and exists (
                             select 1 from content_genres kg join channel_genres cg on cg.genre_id = kg.genre_id
                             where kg.content_id = k.id and cg.channel_id = ch.id)))
                order by rank, k.id
                limit ${imageLimit}
              ) t) as images
      from channels ch
      order by ch.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    genres: row.genres ?? [],
    images: (typeof row.images === 'string' ? JSON.parse(row.images) : row.images) as Array<{
      poster: string;
      announce: string;
    }>,
  }));
}

/**
 * The channels whose programmes leave some moment of [from, to) uncovered: a filled channel answers
 * one aggregate row instead of its thousands of programmes, so a fill with nothing to do is one cheap
 * statement (it runs right after start).
 */
export async function channelsWithGaps(db: Db, from: Date, to: Date): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select ch.id
      from channels ch
      left join lateral (
        select sum(extract(epoch from least(p.ends_at, ${to.toISOString()}::timestamptz)
                                      - greatest(p.starts_at, ${from.toISOString()}::timestamptz))) as covered
        from tv_programmes p
        where p.channel_id = ch.id
          and p.ends_at > ${from.toISOString()}::timestamptz
          and p.starts_at < ${to.toISOString()}::timestamptz
      ) c on true
      where coalesce(c.covered, 0) < ${(to.getTime() - from.getTime()) / 1000}`),
  );
  return new Set(rows.map((row) => row.id));
}

/** A programme slot already in the table. */
export interface ProgrammeSpan {
  channel_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
}

/** The programmes of every channel on air at some moment of [from, to). */
export async function spansOverlapping(db: Db, from: Date, to: Date): Promise<ProgrammeSpan[]> {
  return rowsOf<ProgrammeSpan>(
    await db.execute(sql`
      select channel_id, starts_at, ends_at from tv_programmes
      where ends_at > ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz`),
  );
}

/** The columns of {@link programmeRowsJson}'s rows, for `json(b)_to_recordset(…) as v(…)`. */
const PROGRAMME_RECORD = sql.raw(
  'channel_id int, starts_at timestamptz, ends_at timestamptz, title text, description text, poster_url text, announce_url text',
);

/**
 * Programmes as one JSON parameter (rows of PROGRAMME_RECORD): one parameter rather than 7 × n
 * placeholders, the same text on both drivers, any batch size. insertProgrammes and replaceSchedules
 * both write through it.
 */
function programmeRowsJson(programmes: readonly NewProgramme[]): string {
  return JSON.stringify(
    programmes.map((p) => ({
      channel_id: p.channelId,
      starts_at: p.startsAt.toISOString(),
      ends_at: p.endsAt.toISOString(),
      title: p.title,
      description: p.description,
      poster_url: p.posterUrl,
      announce_url: p.announceUrl,
    })),
  );
}

/**
 * Writes programmes in one statement, leaving every existing row as it is: a programme whose channel
 * and start exist already, or which would overlap a programme of its channel, is skipped (so feeds and
 * instances writing at once never duplicate or overlap each other). Answers how many were written.
 */
export async function insertProgrammes(db: Db, programmes: readonly NewProgramme[]): Promise<number> {
  if (programmes.length === 0) return 0;
  const rows = programmeRowsJson(programmes);
  return countChanged(
    db,
    sql`
        insert into tv_programmes (channel_id, starts_at, ends_at, title, description, poster_url, announce_url)
        select v.channel_id, v.starts_at, v.ends_at, v.title, v.description, v.poster_url, v.announce_url
        from json_to_recordset(${rows}::json) as v(${PROGRAMME_RECORD})
        where not exists (
          select 1 from tv_programmes p
          where p.channel_id = v.channel_id and p.ends_at > v.starts_at and p.starts_at < v.ends_at)
        on conflict (channel_id, starts_at) do nothing
        returning 1`,
  );
}

/** A channel a guide file may name: its id in XMLTV files and its catch-up depth. */
export interface XmltvChannelRow {
  id: number;
  key: string;
  xmltv_id: string;
  archive_days: number;
}

/** The channels that have an XMLTV id (catalogue manifest `xmltv_id`), by that id. */
export async function channelsByXmltvId(db: Db | Tx): Promise<Map<string, XmltvChannelRow>> {
  const rows = rowsOf<XmltvChannelRow>(
    await db.execute(
      sql`select id, key, xmltv_id, archive_days from channels where xmltv_id is not null order by id`,
    ),
  );
  return new Map(rows.map((row) => [row.xmltv_id, row]));
}

/** The span of a channel's schedule a guide replaces: [from, to). */
export interface ScheduleRange {
  channelId: number;
  from: Date;
  to: Date;
}

/** What replacing schedules did, in rows. */
export interface ScheduleReplacement {
  created: number;
  updated: number;
  unchanged: number;
  /** Programmes of the ranges the guide no longer lists. */
  deleted: number;
  /** Programmes `prune` deleted outside the ranges. */
  pruned: number;
}

/**
 * Makes each range of a channel's schedule hold exactly `programmes` (which lie in their channel's
 * range and do not overlap), in one transaction: programmes are matched by channel and start, so a
 * programme already there stays as it is (or is updated in place when its end, texts or images
 * changed), and every other programme on air at some moment of the range — a previous feed's, or the
 * demo fill's, even one that began before the range — is deleted. Re-running with the same
 * programmes changes no row. The table is locked against other writers (guide imports, the demo
 * fill) until commit, so their rows cannot slip in between; readers go on.
 *
 * With `prune`, the ranges' channels first lose the programmes after their range (the guide is the
 * channel's schedule from its start on) and those that ended before their catch-up archive
 * (`archive_days` before `now`); the caller leaves such old programmes out of `programmes`.
 */
export async function replaceSchedules(
  db: Db,
  ranges: readonly ScheduleRange[],
  programmes: readonly NewProgramme[],
  options: { prune?: boolean; now: Date },
): Promise<ScheduleReplacement> {
  const rangeRows = JSON.stringify(
    ranges.map((r) => ({
      channel_id: r.channelId,
      starts_at: r.from.toISOString(),
      ends_at: r.to.toISOString(),
    })),
  );
  const rows = programmeRowsJson(programmes);
  return db.transaction(async (tx) => {
    // SHARE ROW EXCLUSIVE: conflicts with itself and with every insert, update and delete.
    await tx.execute(sql`lock table tv_programmes in share row exclusive mode`);
    let pruned = 0;
    if (options.prune && ranges.length > 0) {
      pruned = await countChanged(
        tx,
        sql`
          delete from tv_programmes p
          using jsonb_to_recordset(${rangeRows}::jsonb) as r(channel_id int, starts_at timestamptz, ends_at timestamptz),
            channels ch
          where p.channel_id = r.channel_id and ch.id = r.channel_id
            and (p.starts_at >= r.ends_at
                 or p.ends_at <= ${options.now.toISOString()}::timestamptz - make_interval(days => ch.archive_days))
          returning 1`,
      );
    }
    // One statement: its three changes touch disjoint rows (a start the guide lists is updated or
    // inserted, any other start in a range deleted), so none needs to see another's effect.
    const [counts] = rowsOf<Omit<ScheduleReplacement, 'unchanged' | 'pruned'>>(
      await tx.execute(sql`
        with v as (
          select * from jsonb_to_recordset(${rows}::jsonb) as v(${PROGRAMME_RECORD})
        ),
        r as (
          select * from jsonb_to_recordset(${rangeRows}::jsonb) as r(
            channel_id int, starts_at timestamptz, ends_at timestamptz)
        ),
        deleted as (
          delete from tv_programmes p using r
          where p.channel_id = r.channel_id and p.ends_at > r.starts_at and p.starts_at < r.ends_at
            and not exists (select 1 from v where v.channel_id = p.channel_id and v.starts_at = p.starts_at)
          returning 1
        ),
        updated as (
          update tv_programmes p
          set (ends_at, title, description, poster_url, announce_url)
            = (v.ends_at, v.title, v.description, v.poster_url, v.announce_url)
          from v
          where p.channel_id = v.channel_id and p.starts_at = v.starts_at
            and (p.ends_at, p.title, p.description, p.poster_url, p.announce_url)
                is distinct from (v.ends_at, v.title, v.description, v.poster_url, v.announce_url)
          returning 1
        ),
        inserted as (
          insert into tv_programmes (channel_id, starts_at, ends_at, title, description, poster_url, announce_url)
          select v.channel_id, v.starts_at, v.ends_at, v.title, v.description, v.poster_url, v.announce_url
          from v
          where not exists (
            select 1 from tv_programmes p where p.channel_id = v.channel_id and p.starts_at = v.starts_at)
          order by v.channel_id, v.starts_at
          returning 1
        )
        select (select count(*) from inserted)::int as created,
               (select count(*) from updated)::int as updated,
               (select count(*) from deleted)::int as deleted`),
    );
    const { created = 0, updated = 0, deleted = 0 } = counts ?? {};
    return { created, updated, unchanged: programmes.length - created - updated, deleted, pruned };
  });
}
