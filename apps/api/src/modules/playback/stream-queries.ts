import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client';

// The stream limit's SQL (docs/decisions/057): playback_streams, one row per session.

/** What a claim plays; all null for a heartbeat, which keeps what the row holds. */
export interface StreamTarget {
  contentId: number | null;
  episodeId: number | null;
  channelId: number | null;
}

/** A claim or heartbeat of one session's full playback. */
export interface StreamClaim {
  profileId: number;
  sessionId: string;
  /** A release (true): a new start, which also lifts a stop; a heartbeat (false) never does. */
  start: boolean;
  target: StreamTarget;
  platform: string | null;
  limit: number;
  now: Date;
  /** Rows last seen before this no longer count. */
  cutoff: Date;
}

/** How a claim went: `ok` (the row is live and within the limit), `limit`, or `stopped` (heartbeats). */
export type ClaimOutcome = 'ok' | 'limit' | 'stopped';

/**
 * Claims (or keeps) the session's place among the profile's full playbacks, in one statement. The
 * profile's live rows — seen since `cutoff`, not stopped, whose session has not ended — are in the
 * order they started (then by session id); a session with a live row may play while fewer than
 * `limit` are ahead of it, so its place is kept (a next episode is never refused). A new start, or a
 * return after going silent, is placed behind every other live row: it needs fewer than `limit` of
 * them. A heartbeat of a stopped row claims nothing.
 *
 * Two starts of one profile racing for the last place on two instances may both get in (neither
 * statement sees the other's row); the one that started later is refused at its next heartbeat,
 * within GRANT_CHECK_SECONDS of its first key.
 */
export async function claimStream(db: Queryable, c: StreamClaim): Promise<ClaimOutcome> {
  const now = c.now.toISOString();
  const cutoff = c.cutoff.toISOString();
  const [row] = rowsOf<{ claimed: number; stopped: boolean | null }>(
    await db.execute(sql`
    with own as (
      select started_at, seen_at, stopped_at from playback_streams
       where session_id = ${c.sessionId}::uuid and profile_id = ${c.profileId}
    ), mine as (
      select case when own.stopped_at is null and own.seen_at > ${cutoff}::timestamptz
                  then own.started_at else ${now}::timestamptz end as started,
             coalesce(own.stopped_at is not null, false) as stopped,
             not coalesce(own.stopped_at is null and own.seen_at > ${cutoff}::timestamptz, false) as fresh
        from (select 1) as one left join own on true
    ), ahead as (
      select count(*)::int as n from playback_streams o, mine
       where o.profile_id = ${c.profileId} and o.session_id <> ${c.sessionId}::uuid
         and o.stopped_at is null and o.seen_at > ${cutoff}::timestamptz
         and (mine.fresh or (o.started_at, o.session_id) < (mine.started, ${c.sessionId}::uuid))
         and not exists (select 1 from sessions e where e.id = o.session_id and e.ended_at is not null)
    ), claimed as (
      insert into playback_streams as p
             (session_id, profile_id, content_id, episode_id, channel_id, platform, started_at, seen_at)
      select ${c.sessionId}::uuid, ${c.profileId}, ${c.target.contentId}::int, ${c.target.episodeId}::int,
             ${c.target.channelId}::int, ${c.platform}::varchar, mine.started, ${now}::timestamptz
        from mine, ahead
       where ahead.n < ${c.limit} and (${c.start}::boolean or not mine.stopped)
      on conflict (session_id) do update set
             seen_at = excluded.seen_at,
             started_at = excluded.started_at,
             stopped_at = null,
             content_id = case when ${c.start}::boolean then excluded.content_id else p.content_id end,
             episode_id = case when ${c.start}::boolean then excluded.episode_id else p.episode_id end,
             channel_id = case when ${c.start}::boolean then excluded.channel_id else p.channel_id end,
             platform = coalesce(excluded.platform, p.platform)
       where p.profile_id = excluded.profile_id
      returning 1
    ), relaxed as (
      -- This statement's commit does not wait for the WAL flush: a row lost to a database crash is
      -- claimed again by the playback's next report (docs/decisions/057). Local to its transaction.
      select set_config('synchronous_commit', 'off', true) as setting
    )
    select (select count(*) from claimed)::int as claimed, (select stopped from mine) as stopped,
           (select setting from relaxed) as commit_mode
  `),
  );
  if (row && row.claimed > 0) return 'ok';
  return !c.start && row?.stopped ? 'stopped' : 'limit';
}

/** One of the profile's full playbacks, with the name of what it plays. */
export interface StreamRow {
  sessionId: string;
  platform: string | null;
  contentId: number | null;
  episodeId: number | null;
  channelId: number | null;
  title: string | null;
  startedAt: Date;
  seenAt: Date;
}

/** Playbacks listed at most (the limit is at most 100). */
const MAX_LISTED = 100;

/** The profile's live full playbacks (the rows `claimStream` counts), in the order they started. */
export async function liveStreams(db: Queryable, profileId: number, cutoff: Date): Promise<StreamRow[]> {
  const rows = rowsOf<{
    session_id: string;
    platform: string | null;
    content_id: number | null;
    episode_id: number | null;
    channel_id: number | null;
    title: string | null;
    started_at: Date | string;
    seen_at: Date | string;
  }>(
    await db.execute(sql`
    select o.session_id, o.platform, o.content_id, o.episode_id, o.channel_id,
           coalesce(c.title, ch.name) as title, o.started_at, o.seen_at
      from playback_streams o
      left join contents c on c.id = o.content_id
      left join channels ch on ch.id = o.channel_id
     where o.profile_id = ${profileId} and o.stopped_at is null
       and o.seen_at > ${cutoff.toISOString()}::timestamptz
       and not exists (select 1 from sessions e where e.id = o.session_id and e.ended_at is not null)
     order by o.started_at, o.session_id
     limit ${MAX_LISTED}
  `),
  );
  return rows.map((r) => ({
    sessionId: r.session_id,
    platform: r.platform,
    contentId: r.content_id,
    episodeId: r.episode_id,
    channelId: r.channel_id,
    title: r.title,
    startedAt: new Date(r.started_at),
    seenAt: new Date(r.seen_at),
  }));
}

/** Stops one live playback of the profile; false when it has none on that session. */
export async function stopStreamOf(
  db: Queryable,
  profileId: number,
  sessionId: string,
  now: Date,
  cutoff: Date,
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
    update playback_streams set stopped_at = ${now.toISOString()}::timestamptz
     where session_id = ${sessionId}::uuid and profile_id = ${profileId}
       and stopped_at is null and seen_at > ${cutoff.toISOString()}::timestamptz
    returning 1
  `),
  );
  return rows.length > 0;
}

/** Deletes rows nothing reads any more: silent (and stopped) since `before`. */
export async function pruneStreams(db: Queryable, before: Date): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
    delete from playback_streams
     where seen_at < ${before.toISOString()}::timestamptz
       and coalesce(stopped_at, seen_at) < ${before.toISOString()}::timestamptz
    returning 1
  `),
  );
  return rows.length;
}
