import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Db } from '../../../db/client';
import {
  channelsByXmltvId,
  type NewProgramme,
  replaceSchedules,
  type ScheduleRange,
  type ScheduleReplacement,
} from '../guide-queries';
import { readXmltv, XmltvError, type XmltvFile } from './read-xmltv';
import { type ChannelGuide, guidesOf } from './schedule';

/** How to import a guide. */
export interface GuideImportOptions {
  /**
   * Also delete, on the file's channels, the programmes after the file's span and those that ended
   * before the channel's catch-up archive (archive_days); programmes of the file that old are left out.
   */
  prune?: boolean;
  /** The moment the archive is counted back from (prune). */
  now?: Date;
}

/** A catalogue channel the file's guide was written to. */
export interface ImportedChannel {
  xmltvId: string;
  key: string;
  /** Programmes written for it (the range's whole guide). */
  programmes: number;
}

/** A channel id of the file no catalogue channel has: its programmes were skipped. */
export interface UnknownChannel {
  xmltvId: string;
  /** Its display name, when the file has a `<channel>` element for it. */
  name: string | undefined;
  programmes: number;
}

/** What an import did. */
export interface GuideImportSummary {
  imported: ImportedChannel[];
  unknown: UnknownChannel[];
  programmes: ScheduleReplacement;
  /** Programmes left out: without `stop` and last of their channel. */
  withoutStop: number;
  /** Programmes left out by `prune`: ended before their channel's archive. */
  beforeArchive: number;
  /** Reading and checking the file, milliseconds. */
  readMs: number;
  /** The whole import, milliseconds. */
  durationMs: number;
}

/** The bytes of a guide file; `.gz` files (as providers ship them) are unzipped on the way. */
export function guideFileStream(path: string): AsyncIterable<Uint8Array> {
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  return path.toLowerCase().endsWith('.gz') ? file.pipe(createGunzip()) : file;
}

/** Reads a file's stream, turning a missing, unreadable or broken gzip file into an XmltvError. */
async function readGuideFile(path: string, keep: (channel: string) => boolean): Promise<XmltvFile> {
  try {
    return await readXmltv(guideFileStream(path), { keep });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new XmltvError([`file not found: ${path}`]);
    if (code === 'EISDIR' || code === 'EACCES') throw new XmltvError([`cannot read ${path}: ${code}`]);
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new XmltvError([`not a valid gzip file: ${(error as Error).message}`]);
    throw error;
  }
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * Reads and checks a guide file: its channels and programmes, and each channel's guide (schedule.ts).
 * Throws an XmltvError naming every problem, or when the file has no programme. `keep`: the channels
 * whose texts are kept (readXmltv).
 */
export async function readGuide(
  path: string,
  keep: (channel: string) => boolean = () => true,
): Promise<{ file: XmltvFile; guides: ChannelGuide[] }> {
  const file = await readGuideFile(path, keep);
  const checked = guidesOf(file.programmes);
  if (!checked.ok) throw new XmltvError(checked.problems);
  if (file.programmes.length === 0) throw new XmltvError(['the file has no <programme>: nothing to import']);
  return { file, guides: checked.guides };
}

/**
 * Imports an XMLTV file into the guide (docs/epg-import.md): reads it as a stream, keeping the
 * programmes of the catalogue's channels (by `xmltv_id`) and checking all of them; refuses it with
 * an XmltvError naming the line and element of every problem, or when none of its channels is in
 * the catalogue, before anything is written; then replaces, per channel, the span the file covers
 * (replaceSchedules: one transaction; the same file again changes nothing).
 */
export async function importGuideFile(
  db: Db,
  path: string,
  options: GuideImportOptions = {},
): Promise<GuideImportSummary> {
  const started = performance.now();
  const catalogue = await channelsByXmltvId(db);
  const { file, guides } = await readGuide(path, (id) => catalogue.has(id));
  const readMs = performance.now() - started;

  const names = new Map(file.channels.map((c) => [c.id, c.name]));
  const now = options.now ?? new Date();
  const imported: ImportedChannel[] = [];
  const unknown: UnknownChannel[] = [];
  const ranges: ScheduleRange[] = [];
  const programmes: NewProgramme[] = [];
  let withoutStop = 0;
  let beforeArchive = 0;
  for (const guide of guides) {
    const channel = catalogue.get(guide.channel);
    if (!channel) {
      unknown.push({ xmltvId: guide.channel, name: names.get(guide.channel), programmes: countOf(guide) });
      continue;
    }
    withoutStop += guide.withoutStop;
    const first = guide.programmes[0];
    const last = guide.programmes.at(-1);
    if (!first || !last) {
      // Its only programme had no stop: mapped, but nothing to write.
      imported.push({ xmltvId: guide.channel, key: channel.key, programmes: 0 });
      continue;
    }
    ranges.push({ channelId: channel.id, from: first.start, to: last.stop });
    const archiveStart = now.getTime() - channel.archive_days * MS_PER_DAY;
    let written = 0;
    for (const p of guide.programmes) {
      if (options.prune && p.stop.getTime() <= archiveStart) {
        beforeArchive++;
        continue;
      }
      programmes.push({
        channelId: channel.id,
        startsAt: p.start,
        endsAt: p.stop,
        title: p.title,
        description: p.description,
        posterUrl: p.posterUrl,
        announceUrl: p.announceUrl,
      });
      written++;
    }
    imported.push({ xmltvId: guide.channel, key: channel.key, programmes: written });
  }
  if (imported.length === 0)
    throw new XmltvError([
      `none of the file's channels is a catalogue channel's xmltv_id (docs/catalogue-manifest.md): ${listed(
        unknown.map((c) => `"${c.xmltvId}"`),
      )}`,
    ]);

  const counts = await replaceSchedules(db, ranges, programmes, { prune: options.prune, now });
  return {
    imported,
    unknown,
    programmes: counts,
    withoutStop,
    beforeArchive,
    readMs,
    durationMs: performance.now() - started,
  };
}

/** The programmes a guide has, with the ones left out for want of a stop. */
const countOf = (guide: ChannelGuide) => guide.programmes.length + guide.withoutStop;

/** Channels a summary line names before it only counts the rest (a provider's file has hundreds). */
export const LISTED_CHANNELS = 20;

const listed = (items: string[]) =>
  items.length <= LISTED_CHANNELS
    ? items.join(', ')
    : `${items.slice(0, LISTED_CHANNELS).join(', ')} and ${items.length - LISTED_CHANNELS} more`;

/** The summary as lines for the operator. */
export function formatGuideSummary(summary: GuideImportSummary): string[] {
  const { programmes: c } = summary;
  const lines = [
    `channels: ${listed(summary.imported.map((ch) => `${ch.xmltvId} → ${ch.key} (${ch.programmes})`))}`,
    `programmes: ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.deleted} deleted` +
      (c.pruned > 0 ? `, ${c.pruned} pruned` : ''),
  ];
  if (summary.unknown.length > 0)
    lines.push(
      `not in the catalogue, skipped: ${listed(
        summary.unknown.map((u) => `${u.xmltvId}${u.name ? ` «${u.name}»` : ''} (${u.programmes})`),
      )}`,
    );
  if (summary.withoutStop > 0)
    lines.push(
      `left out: ${summary.withoutStop} programme(s) without stop (the last of a channel, or before a gap of over 24 h)`,
    );
  if (summary.beforeArchive > 0)
    lines.push(`left out: ${summary.beforeArchive} programme(s) ended before the channel's archive`);
  return lines;
}
