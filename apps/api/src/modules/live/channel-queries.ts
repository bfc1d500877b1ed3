import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { LOOKS } from '../../media/live-loops';
import { onAirBetween } from './guide-queries';
import type { AiredProgramme } from './live-clock';
import { LONGEST_PROGRAMME_MS } from './programme-length';

// Raw SQL like the tv module: times come back as `Date | string` (PGlite and node-postgres differ).
const ms = (value: Date | string) => new Date(value).getTime();

/**
 * Who sells a channel: the channel-type title standing for it, the lowest id (docs/decisions/029) —
 * its package and preview settings for the stream, its goods for getPackageByChannel.
 */
export interface ChannelSeller {
  contentId: number;
  /** null: the title has no vendor, "no content" (SPEC §5), so no channel either. */
  vendorId: string | null;
  /** The title's partner label (its goods' partner_label). */
  partnerLabel: string | null;
  isPreview: boolean;
  previewTimer: number | null;
  /** null: no package sells the title (free). */
  packageId: number | null;
}

/** What a channel release needs to know about a channel. */
export interface PlayableChannel {
  id: number;
  /** The manifest's key: a free channel's goods name it as their vendor_id, as a title's default to its key. */
  key: string;
  name: string;
  /** Catch-up depth from the manifest, days (0: none). */
  archiveDays: number;
  /** The channel-type title standing for it (the lowest id), or undefined: nothing sells it (free). */
  seller: ChannelSeller | undefined;
}

/**
 * A channel with who sells it, or undefined when there is no such channel: what getReleaseChannel,
 * TVChan releases and getPackageByChannel all answer from, so the stream and the goods agree.
 */
export async function playableChannel(db: Db, channelId: number): Promise<PlayableChannel | undefined> {
  const [row] = rowsOf<{
    id: number;
    key: string;
    name: string;
    archive_days: number;
    content_id: number | null;
    vendor_id: string | null;
    partner_label: string | null;
    is_preview: boolean | null;
    preview_timer: number | null;
    package_id: number | null;
  }>(
    await db.execute(sql`
      select ch.id, ch.key, ch.name, ch.archive_days,
             k.id as content_id, k.vendor_id, pl.title as partner_label, k.is_preview, k.preview_timer,
             k.package_id
      from channels ch
      left join lateral (
        select id, vendor_id, partner_label_id, is_preview, preview_timer, package_id from contents
        where channel_id = ch.id and type = 'channel' order by id limit 1
      ) k on true
      left join partner_labels pl on pl.id = k.partner_label_id
      where ch.id = ${channelId}`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    archiveDays: row.archive_days,
    seller:
      row.content_id === null
        ? undefined
        : {
            contentId: row.content_id,
            vendorId: row.vendor_id,
            partnerLabel: row.partner_label,
            isPreview: row.is_preview === true,
            previewTimer: row.preview_timer,
            packageId: row.package_id,
          },
  };
}

// A programme's look is the parity of its place among the channel's programmes starting the same Moscow
// day (the guide's days; Moscow is UTC+3 all year, modules/live/demo-schedule.ts): the next programme has the
// other look, except across a midnight after a day of an odd number of programmes.
const WITH_LOOK = sql`
  select p.starts_at, p.ends_at,
         (select count(*)::int from tv_programmes q
          where q.channel_id = p.channel_id
            and q.starts_at < p.starts_at
            and q.starts_at >= ((date_trunc('day', (p.starts_at at time zone 'UTC') + interval '3 hours')
                                 - interval '3 hours') at time zone 'UTC')) as ordinal
  from tv_programmes p`;

type ProgrammeRow = { starts_at: Date | string; ends_at: Date | string; ordinal: number };
const aired = (row: ProgrammeRow): AiredProgramme => ({
  startMs: ms(row.starts_at),
  endMs: ms(row.ends_at),
  look: row.ordinal % LOOKS,
});

/** The channel's programmes on air at some moment of [from, to), by start, with their looks. */
export async function airedProgrammes(
  db: Db,
  channelId: number,
  fromMs: number,
  toMs: number,
): Promise<AiredProgramme[]> {
  const rows = rowsOf<ProgrammeRow>(
    await db.execute(sql`${WITH_LOOK}
      where ${onAirBetween(channelId, new Date(fromMs), new Date(toMs))}
      order by p.starts_at`),
  );
  return rows.map(aired);
}

/**
 * The channel's programme starting at `startMs` (to the second: guides give seconds; the start a
 * schedule answered, `tv_air_date_start`, names it), or undefined: what an archive or start-over grant
 * plays, so at most its first LONGEST_PROGRAMME_MS (a row written before imports refused longer ones
 * would otherwise make an unbounded playlist).
 */
export async function programmeStartingAt(
  db: Db,
  channelId: number,
  startMs: number,
): Promise<AiredProgramme | undefined> {
  const second = Math.floor(startMs / 1000) * 1000;
  const [row] = rowsOf<ProgrammeRow>(
    await db.execute(sql`${WITH_LOOK}
      where p.channel_id = ${channelId}
        and p.starts_at >= ${new Date(second).toISOString()}::timestamptz
        and p.starts_at < ${new Date(second + 1000).toISOString()}::timestamptz
      order by p.starts_at limit 1`),
  );
  if (!row) return undefined;
  const programme = aired(row);
  return { ...programme, endMs: Math.min(programme.endMs, programme.startMs + LONGEST_PROGRAMME_MS) };
}
