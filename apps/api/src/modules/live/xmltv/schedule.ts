import { LONGEST_PROGRAMME_MS } from '../programme-length';
import { MAX_PROBLEMS, type XmltvProgramme } from './read-xmltv';

/**
 * A channel's programmes as the guide stores them: in start order, each on air in [start, stop),
 * none overlapping another (the rule tv_programmes keeps and the demo fill respects,
 * src/modules/live/demo-schedule-fill.ts). XMLTV leaves three things to the reader, settled here:
 * - a programme without `stop` ends when the channel's next one starts (the DTD: "stop time will
 *   usually be the start time of the next programme"); the channel's last one, which has no next, and
 *   one whose next starts more than 24 h later (a gap in the feed, not a programme) are left out and
 *   counted;
 * - a clump (`clumpidx` 0/2, 1/2: «Новости; Погода» sharing a slot) becomes one programme whose
 *   title and description join the clump's in clumpidx order;
 * - programmes of a channel that overlap, or share a start outside a clump, are refused by name; so is
 *   one whose `stop` is more than 24 h after its start (LONGEST_PROGRAMME_MS): no guide lists one, and
 *   its archive playlist would be unbounded. A stop before (or at) its start is refused when the file
 *   is read (read-xmltv.ts).
 */

/** One programme of a channel's guide. */
export interface GuideProgramme {
  start: Date;
  stop: Date;
  title: string;
  description: string;
  posterUrl: string | null;
  announceUrl: string | null;
}

/** A channel's guide from a file. */
export interface ChannelGuide {
  /** The XMLTV channel id. */
  channel: string;
  programmes: GuideProgramme[];
  /** Programmes of the file left out: without `stop`, and last of the channel or before a gap of over 24 h. */
  withoutStop: number;
}

/** What the file's programmes give, or the problems that refuse it. */
export type GuideResult = { ok: true; guides: ChannelGuide[] } | { ok: false; problems: string[] };

const labelOf = (p: XmltvProgramme) =>
  `line ${p.line}: programme[${p.index}] (channel "${p.channel}", start "${p.startText}")`;
const at = (p: XmltvProgramme) => `programme[${p.index}] (line ${p.line})`;
const hoursOf = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;

/**
 * Merges the programmes sharing a start into one when they are a whole clump (clumpidx 0/n … n−1/n,
 * n of them); answers a problem when they are not.
 */
function mergeSlot(slot: XmltvProgramme[]): XmltvProgramme | string {
  const [first, second] = slot as [XmltvProgramme, XmltvProgramme | undefined];
  if (second === undefined) return first;
  const indexes = new Set(slot.map((p) => (p.clump?.of === slot.length ? p.clump.index : -1)));
  if (indexes.has(-1) || indexes.size !== slot.length)
    return `${labelOf(second)}: starts when ${at(first)} does (programmes sharing a slot need clumpidx 0/${slot.length} … ${slot.length - 1}/${slot.length})`;
  const ordered = [...slot].sort((a, b) => a.clump!.index - b.clump!.index);
  const stops = ordered.flatMap((p) => (p.stop ? [p] : []));
  const last = stops.reduce<XmltvProgramme | undefined>(
    (l, p) => (!l || p.stop! > l.stop! ? p : l),
    undefined,
  );
  return {
    ...first,
    stop: last?.stop,
    stopText: last?.stopText,
    clump: undefined,
    title: ordered.map((p) => p.title).join('; '),
    description: ordered
      .map((p) => p.description)
      .filter(Boolean)
      .join(' '),
    posterUrl: ordered.find((p) => p.posterUrl)?.posterUrl ?? null,
    announceUrl: ordered.find((p) => p.announceUrl)?.announceUrl ?? null,
  };
}

/** One channel's programmes (any order) as its guide, or the problems found. */
function channelGuide(channel: string, programmes: XmltvProgramme[]): ChannelGuide | string[] {
  const problems: string[] = [];
  const sorted = [...programmes].sort((a, b) => a.start.getTime() - b.start.getTime() || a.index - b.index);
  const slots: XmltvProgramme[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j]!.start.getTime() === sorted[i]!.start.getTime()) j++;
    const merged = mergeSlot(sorted.slice(i, j));
    if (typeof merged === 'string') problems.push(merged);
    else slots.push(merged);
    i = j;
  }
  const guide: GuideProgramme[] = [];
  let withoutStop = 0;
  slots.forEach((p, i) => {
    const next = slots[i + 1];
    const stop = p.stop ?? next?.start;
    if (stop === undefined) {
      withoutStop++;
      return;
    }
    if (next && stop > next.start) {
      problems.push(
        `${labelOf(p)}: stop "${p.stopText}" is after the start of ${at(next)}, "${next.startText}"`,
      );
      return;
    }
    if (stop.getTime() - p.start.getTime() > LONGEST_PROGRAMME_MS) {
      // Without stop and the next start more than a day away, its end is unknown: left out, as a last one.
      if (!p.stop) withoutStop++;
      else
        problems.push(
          `${labelOf(p)}: stop "${p.stopText}" is ${hoursOf(stop.getTime() - p.start.getTime())} h after start, longer than a programme lasts (24 h)`,
        );
      return;
    }
    guide.push({
      start: p.start,
      stop,
      title: p.title,
      description: p.description,
      posterUrl: p.posterUrl,
      announceUrl: p.announceUrl,
    });
  });
  return problems.length > 0 ? problems : { channel, programmes: guide, withoutStop };
}

/**
 * The guides of the file's channels (every channel's programmes are checked; the import writes the
 * ones it maps), in the order channels first appear, or every problem found, by line.
 */
export function guidesOf(programmes: readonly XmltvProgramme[]): GuideResult {
  const byChannel = new Map<string, XmltvProgramme[]>();
  for (const p of programmes) {
    const list = byChannel.get(p.channel);
    if (list) list.push(p);
    else byChannel.set(p.channel, [p]);
  }
  const guides: ChannelGuide[] = [];
  const problems: Array<{ line: number; text: string }> = [];
  for (const [channel, list] of byChannel) {
    const guide = channelGuide(channel, list);
    if (Array.isArray(guide)) {
      for (const text of guide) problems.push({ line: Number(/^line (\d+)/.exec(text)?.[1]), text });
    } else guides.push(guide);
  }
  if (problems.length > 0) {
    const listed = problems.sort((a, b) => a.line - b.line).map((p) => p.text);
    if (listed.length <= MAX_PROBLEMS) return { ok: false, problems: listed };
    const more = listed.length - MAX_PROBLEMS;
    return { ok: false, problems: [...listed.slice(0, MAX_PROBLEMS), `… and ${more} more problem(s)`] };
  }
  return { ok: true, guides };
}
