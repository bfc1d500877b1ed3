import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { rowsOf } from '../../db/client';

// The viewing memory's SQL (docs/decisions/055-viewing-memory.md). Raw SQL: the report is one
// conditional upsert fed by the catalogue row it reports on, and the lists need DISTINCT ON and LATERAL.
// Numbers are cast (::int) so PGlite and node-postgres return the same JS types.

/** What a report is of, with its row key (`item`). */
export type ItemRef =
  | { kind: 'film'; item: string; contentId: number }
  | { kind: 'episode'; item: string; contentId: number; episodeId: number }
  | { kind: 'programme'; item: string; channelId: number; start: Date };

/** The playback that owns a row cleared from history: no report carries it (a UUID never drawn). */
export const NO_PLAYBACK = '00000000-0000-0000-0000-000000000000';

/** How many superseded playbacks a row remembers (their late reports are refused). */
const SUPERSEDED_KEPT = 16;

/** One report, validated. */
export interface Report {
  profileId: number;
  ref: ItemRef;
  position: number;
  duration: number;
  watched: boolean;
  playbackId: string;
  seq: number;
  now: Date;
}

/** A row's progress as the calls answer it. */
export interface ProgressRow {
  position: number;
  duration: number;
  watched: boolean;
  updated_at: Date | string;
}

/**
 * The catalogue row a report is of, as a one-row relation with its duration in seconds (`lim`, null
 * when the catalogue does not know it) — empty when the report may not name it: a film that is not a
 * film or has no vendor, an episode of another title, a trailer or an announced episode, a programme
 * that is not in the guide or has not started.
 */
function targetOf(ref: ItemRef, now: Date): SQL {
  switch (ref.kind) {
    case 'film':
      return sql`select k.duration as lim from contents k
        where k.id = ${ref.contentId} and k.type = 'film' and k.vendor_id is not null`;
    case 'episode':
      return sql`select e.duration as lim from episodes e join contents k on k.id = e.content_id
        where e.id = ${ref.episodeId} and e.content_id = ${ref.contentId} and k.vendor_id is not null
          and k.type in ('series', 'tvshow') and not e.is_trailer and not e.is_announce`;
    case 'programme':
      return sql`select extract(epoch from p.ends_at - p.starts_at)::int as lim from tv_programmes p
        where p.channel_id = ${ref.channelId} and p.starts_at = ${ref.start} and p.starts_at <= ${now}`;
  }
}

/**
 * The largest duration a report may give for a catalogue duration `lim`: the media's real length may
 * differ a little from the editor's figure (1 %, at least 10 s). SQL and JS agree (withinCatalogue).
 */
const allowed = (lim: SQL) => sql`(${lim} + greatest(10, ${lim} / 100))`;

/** withinCatalogue's rule in JS, for the refusal's reason. */
export function withinCatalogue(duration: number, lim: number | null): boolean {
  return lim === null || duration <= lim + Math.max(10, Math.trunc(lim / 100));
}

/**
 * Saves one report in one statement: inserted, or the row updated only when the report is newer —
 * a later `seq` of the playback that owns the row, or a playback the row has not seen superseded
 * (which then takes the row over: the old one joins `superseded`, and the title comes back to the
 * rail). The row read under the conflict's lock decides, so two reports at once never both win and a
 * slower older one never overwrites a newer one. Undefined: nothing saved (see classify).
 */
export async function saveReport(db: Queryable, r: Report): Promise<ProgressRow | undefined> {
  const { ref } = r;
  const contentId = ref.kind === 'programme' ? null : ref.contentId;
  const episodeId = ref.kind === 'episode' ? ref.episodeId : null;
  const channelId = ref.kind === 'programme' ? ref.channelId : null;
  const start = ref.kind === 'programme' ? ref.start : null;
  const [row] = rowsOf<ProgressRow>(
    await db.execute(sql`
      insert into viewing_progress as v
        (profile_id, item, kind, content_id, episode_id, channel_id, programme_start,
         position, duration, watched, playback_id, seq, updated_at)
      select ${r.profileId}::int, ${ref.item}::varchar, ${ref.kind}::viewing_kind, ${contentId}::int,
             ${episodeId}::int, ${channelId}::int, ${start}::timestamptz, ${r.position}::int,
             ${r.duration}::int, ${r.watched}::boolean, ${r.playbackId}::uuid, ${r.seq}::int, ${r.now}::timestamptz
      from (${targetOf(ref, r.now)}) t
      where t.lim is null or ${r.duration}::int <= ${allowed(sql`t.lim`)}
      on conflict (profile_id, item) do update set
        position = excluded.position,
        duration = excluded.duration,
        watched = excluded.watched,
        seq = excluded.seq,
        updated_at = excluded.updated_at,
        playback_id = excluded.playback_id,
        superseded = case when v.playback_id = excluded.playback_id then v.superseded
          else (v.superseded || v.playback_id)[greatest(1, cardinality(v.superseded) + 2 - ${SUPERSEDED_KEPT}):] end,
        dismissed = v.dismissed and v.playback_id = excluded.playback_id,
        cleared = false
      where (v.playback_id = excluded.playback_id and excluded.seq > v.seq)
         or (v.playback_id <> excluded.playback_id and not (excluded.playback_id = any(v.superseded)))
      returning v.position, v.duration, v.watched, v.updated_at`),
  );
  return row;
}

/** The catalogue facts a refused report is checked against (a cold path: only after saveReport saved nothing). */
export interface TargetFacts {
  /** The title: its type and vendor; undefined when it does not exist. */
  title?: { type: string; hasVendor: boolean; duration: number | null };
  episode?: { contentId: number; isTrailer: boolean; isAnnounce: boolean; duration: number | null };
  channel?: boolean;
  programme?: { startsAt: Date; duration: number };
}

/** The catalogue facts about what `ref` names (TargetFacts). */
export async function targetFacts(db: Queryable, ref: ItemRef): Promise<TargetFacts> {
  if (ref.kind === 'programme') {
    const [channel] = rowsOf(await db.execute(sql`select 1 from channels where id = ${ref.channelId}`));
    const [programme] = rowsOf<{ starts_at: Date | string; lim: number }>(
      await db.execute(sql`
        select starts_at, extract(epoch from ends_at - starts_at)::int as lim from tv_programmes
        where channel_id = ${ref.channelId} and starts_at = ${ref.start}`),
    );
    return {
      channel: channel !== undefined,
      programme: programme && { startsAt: new Date(programme.starts_at), duration: programme.lim },
    };
  }
  const [title] = rowsOf<{ type: string; has_vendor: boolean; duration: number | null }>(
    await db.execute(sql`
      select type, vendor_id is not null as has_vendor, duration from contents where id = ${ref.contentId}`),
  );
  const facts: TargetFacts = {
    title: title && { type: title.type, hasVendor: title.has_vendor, duration: title.duration },
  };
  if (ref.kind === 'episode') {
    const [episode] = rowsOf<{
      content_id: number;
      is_trailer: boolean;
      is_announce: boolean;
      duration: number | null;
    }>(
      await db.execute(sql`
        select content_id, is_trailer, is_announce, duration from episodes where id = ${ref.episodeId}`),
    );
    facts.episode = episode && {
      contentId: episode.content_id,
      isTrailer: episode.is_trailer,
      isAnnounce: episode.is_announce,
      duration: episode.duration,
    };
  }
  return facts;
}

/** The row of one item as kept (cleared rows too), or undefined. */
export async function progressOf(
  db: Queryable,
  profileId: number,
  item: string,
): Promise<(ProgressRow & { cleared: boolean }) | undefined> {
  const [row] = rowsOf<ProgressRow & { cleared: boolean }>(
    await db.execute(sql`
      select position, duration, watched, updated_at, cleared from viewing_progress
      where profile_id = ${profileId} and item = ${item}`),
  );
  return row;
}

/** An episode as the viewing calls name it. */
export interface EpisodeRow {
  ep_id: number;
  ep_title: string;
  ep_order: number;
  season_number: number;
  ep_poster: string | null;
  ep_duration: number | null;
}

const episodeColumns = sql.raw(`e.id as ep_id, e.title as ep_title, e.order_number::int as ep_order,
  s.number::int as season_number, e.poster_url as ep_poster, e.duration as ep_duration`);

/** A series' episode rows of the profile (not cleared), the most recent first, with their episodes. */
export async function episodeProgress(
  db: Queryable,
  profileId: number,
  contentId: number,
): Promise<Array<ProgressRow & EpisodeRow>> {
  return rowsOf<ProgressRow & EpisodeRow>(
    await db.execute(sql`
      select v.position, v.duration, v.watched, v.updated_at, ${episodeColumns}
      from viewing_progress v
      join episodes e on e.id = v.episode_id
      join seasons s on s.id = e.season_id
      where v.profile_id = ${profileId} and v.content_id = ${contentId} and v.kind = 'episode'
        and not v.cleared
      order by v.updated_at desc, v.item`),
  );
}

/** Per title of `contentIds`, the profile's row saved last (not cleared): a film's, or a series' episode's. */
export async function titlesProgress(
  db: Queryable,
  profileId: number,
  contentIds: readonly number[],
): Promise<Array<ProgressRow & { content_id: number; episode_id: number | null }>> {
  return rowsOf(
    await db.execute(sql`
      select distinct on (v.content_id) v.content_id, v.episode_id, v.position, v.duration, v.watched, v.updated_at
      from viewing_progress v
      where v.profile_id = ${profileId} and v.content_id = any(${sql.param([...new Set(contentIds)])}::int[])
        and not v.cleared and v.kind <> 'programme'
      order by v.content_id, v.updated_at desc, v.item`),
  );
}

/** The episode after (season, order) of a title, announced ones and trailers aside; undefined: none. */
export async function nextEpisode(
  db: Queryable,
  contentId: number,
  season: number,
  order: number,
): Promise<EpisodeRow | undefined> {
  const [row] = rowsOf<EpisodeRow>(
    await db.execute(sql`
      select ${episodeColumns}
      from episodes e join seasons s on s.id = e.season_id
      where e.content_id = ${contentId} and not e.is_announce and not e.is_trailer
        and (s.number, e.order_number) > (${season}::smallint, ${order}::smallint)
      order by s.number, e.order_number
      limit 1`),
  );
  return row;
}

/** One entry of the rail or the history: the row, its episode (and the next one), its programme. */
export interface EntryRow extends ProgressRow, Partial<EpisodeRow> {
  kind: 'film' | 'episode' | 'programme';
  content_id: number | null;
  next_id?: number | null;
  next_title?: string | null;
  next_order?: number | null;
  next_season?: number | null;
  next_poster?: string | null;
  next_duration?: number | null;
  chan_id: number | null;
  chan_name: string | null;
  chan_logo_url: string | null;
  programme_start: Date | string | null;
  programme_title: string | null;
  programme_poster: string | null;
}

const entryJoins = sql.raw(`
  left join episodes e on e.id = l.episode_id
  left join seasons s on s.id = e.season_id
  left join channels ch on ch.id = l.channel_id
  left join tv_programmes p on p.channel_id = l.channel_id and p.starts_at = l.programme_start`);

const entryColumns = sql.raw(`
  l.kind, l.content_id, l.position, l.duration, l.watched, l.updated_at,
  e.id as ep_id, e.title as ep_title, e.order_number::int as ep_order, s.number::int as season_number,
  e.poster_url as ep_poster, e.duration as ep_duration,
  ch.id as chan_id, ch.name as chan_name, ch.logo_url as chan_logo_url,
  l.programme_start, p.title as programme_title, p.poster_url as programme_poster`);

/** What still exists in the catalogue: an episode's episode, a programme in the guide. */
const entryExists = sql.raw(
  `(l.kind <> 'episode' or e.id is not null) and (l.kind <> 'programme' or p.id is not null)`,
);

/**
 * «Продолжить просмотр», one page (`limit` + 1 rows, to tell a next page): per title — a film, a
 * series (its episode saved last), a programme — the row saved last, unless cleared or dismissed;
 * kept when it is begun (`minPosition`) and not watched to its end, or, for a series, when its episode
 * was watched to its end and a next one is out (then that episode, from its start).
 */
export async function continueRows(
  db: Queryable,
  profileId: number,
  page: { limit: number; offset: number },
  minPosition: number,
): Promise<EntryRow[]> {
  return rowsOf<EntryRow>(
    await db.execute(sql`
      with latest as (
        select distinct on (coalesce('t' || v.content_id::text, v.item)) v.*
        from viewing_progress v
        where v.profile_id = ${profileId} and not v.cleared
        order by coalesce('t' || v.content_id::text, v.item), v.updated_at desc, v.item
      )
      select ${entryColumns},
             nx.ep_id as next_id, nx.ep_title as next_title, nx.ep_order as next_order,
             nx.season_number as next_season, nx.ep_poster as next_poster, nx.ep_duration as next_duration
      from latest l
      ${entryJoins}
      left join lateral (
        select e2.id as ep_id, e2.title as ep_title, e2.order_number::int as ep_order,
               s2.number::int as season_number, e2.poster_url as ep_poster, e2.duration as ep_duration
        from episodes e2 join seasons s2 on s2.id = e2.season_id
        where l.kind = 'episode' and l.watched and e2.content_id = l.content_id
          and not e2.is_announce and not e2.is_trailer
          and (s2.number, e2.order_number) > (s.number, e.order_number)
        order by s2.number, e2.order_number
        limit 1
      ) nx on true
      where not l.dismissed and ${entryExists}
        and ((not l.watched and l.position >= ${minPosition}) or (l.kind = 'episode' and l.watched and nx.ep_id is not null))
      order by l.updated_at desc, l.item
      limit ${page.limit + 1} offset ${page.offset}`),
  );
}

/** «История просмотров», one page (`limit` + 1 rows): every row not cleared, the last saved first. */
export async function historyRows(
  db: Queryable,
  profileId: number,
  page: { limit: number; offset: number },
): Promise<EntryRow[]> {
  return rowsOf<EntryRow>(
    await db.execute(sql`
      select ${entryColumns}
      from viewing_progress l
      ${entryJoins}
      where l.profile_id = ${profileId} and not l.cleared and ${entryExists}
      order by l.updated_at desc, l.item
      limit ${page.limit + 1} offset ${page.offset}`),
  );
}

/** Takes a title (all its rows) or a programme off the rail until its next playback. */
export async function dismiss(db: Queryable, profileId: number, ref: ItemRef): Promise<void> {
  const which = ref.kind === 'programme' ? sql`item = ${ref.item}` : sql`content_id = ${ref.contentId}`;
  await db.execute(sql`
    update viewing_progress set dismissed = true
    where profile_id = ${profileId} and ${which} and not dismissed`);
}

/** Which of a profile's rows: one item, every row of a title (a film's, a series' episodes'), or all. */
export type RowsOf = { item: string } | { contentId: number } | 'all';

/**
 * Removes rows from the history with their positions: each row stays as a marker of the playback
 * that wrote it, which joins `superseded`, so a report of it still on its way is refused; the next
 * playback brings the row back.
 */
export async function clear(db: Queryable, profileId: number, rows: RowsOf): Promise<void> {
  const which =
    rows === 'all'
      ? sql``
      : 'item' in rows
        ? sql`and item = ${rows.item}`
        : sql`and content_id = ${rows.contentId}`;
  await db.execute(sql`
    update viewing_progress set
      cleared = true, dismissed = false, position = 0, watched = false, seq = 0,
      superseded = (superseded || playback_id)[greatest(1, cardinality(superseded) + 2 - ${SUPERSEDED_KEPT}):],
      playback_id = ${NO_PLAYBACK}::uuid
    where profile_id = ${profileId} and not cleared ${which}`);
}

/** Whether the title is in the profile's «Буду смотреть». */
export async function inWatchlist(db: Queryable, profileId: number, contentId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`select 1 from watchlist where profile_id = ${profileId} and content_id = ${contentId}`,
    ),
  );
  return rows.length > 0;
}

/**
 * Adds a title to «Буду смотреть» unless it is there already or the list holds `max`; true when added.
 * Only a title the catalogue shows (one with a vendor) is added.
 */
export async function addToWatchlist(
  db: Queryable,
  profileId: number,
  contentId: number,
  max: number,
  now: Date,
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into watchlist (profile_id, content_id, added_at)
      select ${profileId}::int, k.id, ${now}::timestamptz from contents k
      where k.id = ${contentId} and k.vendor_id is not null
        and (select count(*) from watchlist w where w.profile_id = ${profileId}) < ${max}
      on conflict (profile_id, content_id) do nothing
      returning content_id`),
  );
  return rows.length > 0;
}

/** Removes a title from «Буду смотреть» (none: nothing happens). */
export async function removeFromWatchlist(
  db: Queryable,
  profileId: number,
  contentId: number,
): Promise<void> {
  await db.execute(sql`delete from watchlist where profile_id = ${profileId} and content_id = ${contentId}`);
}

/** The size of a profile's «Буду смотреть». */
export async function watchlistSize(db: Queryable, profileId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from watchlist where profile_id = ${profileId}`),
  );
  return row?.n ?? 0;
}

/** «Буду смотреть», one page (`limit` + 1 rows), the last added first. */
export async function watchlistRows(
  db: Queryable,
  profileId: number,
  page: { limit: number; offset: number },
): Promise<Array<{ content_id: number; added_at: Date | string }>> {
  return rowsOf(
    await db.execute(sql`
      select content_id, added_at from watchlist
      where profile_id = ${profileId}
      order by added_at desc, content_id desc
      limit ${page.limit + 1} offset ${page.offset}`),
  );
}

/**
 * Moves an anonymous profile's viewing memory to the account it signs in to (decision 019's sign-in
 * transaction; docs/decisions/055): progress rows — on both, the one saved last wins — and «Буду
 * смотреть» (on both, the earlier addition stays); nothing is left on the anonymous profile.
 */
export async function moveViewing(db: Queryable, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into viewing_progress as v
      (profile_id, item, kind, content_id, episode_id, channel_id, programme_start, position, duration,
       watched, playback_id, seq, superseded, dismissed, cleared, updated_at)
    select ${to}::int, item, kind, content_id, episode_id, channel_id, programme_start, position, duration,
           watched, playback_id, seq, superseded, dismissed, cleared, updated_at
    from viewing_progress where profile_id = ${from}
    on conflict (profile_id, item) do update set
      kind = excluded.kind, content_id = excluded.content_id, episode_id = excluded.episode_id,
      channel_id = excluded.channel_id, programme_start = excluded.programme_start,
      position = excluded.position, duration = excluded.duration, watched = excluded.watched,
      playback_id = excluded.playback_id, seq = excluded.seq,
      superseded = (v.superseded || v.playback_id || excluded.superseded)[greatest(1, cardinality(v.superseded) + cardinality(excluded.superseded) + 2 - ${SUPERSEDED_KEPT}):],
      dismissed = excluded.dismissed, cleared = excluded.cleared, updated_at = excluded.updated_at
    where excluded.updated_at > v.updated_at`);
  await db.execute(sql`delete from viewing_progress where profile_id = ${from}`);
  await db.execute(sql`
    insert into watchlist as w (profile_id, content_id, added_at)
    select ${to}::int, content_id, added_at from watchlist where profile_id = ${from}
    on conflict (profile_id, content_id) do update set added_at = least(w.added_at, excluded.added_at)`);
  await db.execute(sql`delete from watchlist where profile_id = ${from}`);
}

/** A title's type and whether it has a vendor; undefined when it does not exist. */
export async function titleOf(
  db: Queryable,
  contentId: number,
): Promise<{ type: string; has_vendor: boolean } | undefined> {
  const [row] = rowsOf<{ type: string; has_vendor: boolean }>(
    await db.execute(
      sql`select type, vendor_id is not null as has_vendor from contents where id = ${contentId}`,
    ),
  );
  return row;
}
