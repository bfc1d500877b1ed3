import { TextDecoder } from 'node:util';
import { url } from '@kadr/api-contract';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { isUrlRef } from '../../catalogue';
import { parseXmltvTime } from './xmltv-time';

/**
 * Reads an XMLTV file (xmltv.dtd) as a stream with saxes: a file of tens of megabytes is never held
 * whole, only what the guide keeps of each programme. It checks what the import relies on and names
 * the element and line of each problem: the root `<tv>`, channels with a unique `id` and a
 * `display-name`, programmes with `channel`, valid `start` (and `stop`, after it), a non-empty
 * `title`, `clumpidx`, and image URLs the API contract accepts. Other elements are read past (credits,
 * categories, ratings…: the guide has no place for them). Overlaps are checked by schedule.ts.
 */

/** A file that cannot be imported; `problems` name the line and element of each. */
export class XmltvError extends Error {
  override name = 'XmltvError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid XMLTV file:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** A `<channel>` element. */
export interface XmltvChannel {
  id: string;
  /** The first display name (a Russian one if any). */
  name: string;
  line: number;
}

/** A `<programme>` element, as the guide keeps it. */
export interface XmltvProgramme {
  /** Its place among the file's programmes, from 0. */
  index: number;
  line: number;
  /** The XMLTV channel id. */
  channel: string;
  /** `start` as the file gives it (for messages). */
  startText: string;
  start: Date;
  /** Undefined when the file gives none: the next programme's start (schedule.ts). */
  stop: Date | undefined;
  /** `stop` as the file gives it. */
  stopText: string | undefined;
  /** `clumpidx` i/n when n > 1: one of n programmes sharing a slot. */
  clump: { index: number; of: number } | undefined;
  /** The title (a Russian one if any), with its sub-title: «Футбол. «Спартак» — «Зенит»». */
  title: string;
  description: string;
  posterUrl: string | null;
  announceUrl: string | null;
}

/** What a file holds. */
export interface XmltvFile {
  channels: XmltvChannel[];
  programmes: XmltvProgramme[];
}

/** Problems listed before the rest are only counted (a broken generator repeats one on every line). */
export const MAX_PROBLEMS = 50;

/** Texts of a programme or channel element kept while reading it, with their `lang`. */
type Texts = Array<{ lang: string | undefined; text: string }>;

interface OpenChannel {
  kind: 'channel';
  line: number;
  id: string | undefined;
  names: Texts;
}

interface OpenProgramme {
  kind: 'programme';
  line: number;
  label: string;
  attributes: Record<string, string>;
  titles: Texts;
  subTitles: Texts;
  descriptions: Texts;
  icons: string[];
  /** `<image>` URLs by type (the 2021 DTD's programme images). */
  images: Array<{ type: string | undefined; url: string; line: number }>;
}

/** Child elements whose text is read, per parent. */
const TEXT_CHILDREN: Readonly<Record<string, ReadonlySet<string>>> = {
  channel: new Set(['display-name']),
  programme: new Set(['title', 'sub-title', 'desc', 'image']),
};

/**
 * A copy of a string that holds nothing else. saxes hands out slices of the chunk it is reading, and
 * V8 keeps a slice's whole parent alive: kept as they are, a programme's texts would keep most of
 * the file in memory. Concatenating makes a new string; slicing that retains only it.
 */
const detached = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

/**
 * The DTD: leading and trailing white space is not significant, and a description's runs of it are
 * one space. XML's white space only (a no-break space is text), and single spaces left alone: most
 * texts then need no replacing at all.
 */
const squeeze = (text: string) =>
  detached(text.replace(/[ \t\r\n]{2,}|[\t\r\n]/g, ' ').replace(/^ | $/g, ''));

/** The best text for a Russian guide: Russian (`ru`, `ru_RU`, `ru-RU`), then one without `lang`, then the first. */
export function preferredText(texts: Texts): string | undefined {
  const rank = (lang: string | undefined) => {
    if (lang === undefined || lang === '') return 1;
    return lang.toLowerCase().split(/[-_]/)[0] === 'ru' ? 0 : 2;
  };
  let best: { text: string; rank: number } | undefined;
  for (const { lang, text } of texts) {
    const r = rank(lang);
    if (best === undefined || r < best.rank) best = { text, rank: r };
  }
  return best?.text;
}

/** «Title. Sub-title», without a second stop after a title ending in one. */
function withSubTitle(title: string, subTitle: string | undefined): string {
  if (!subTitle) return title;
  return /[.!?…]$/.test(title) ? `${title} ${subTitle}` : `${title}. ${subTitle}`;
}

/** Whether an image URL may be served: absolute http(s), valid for the API contract. */
const validImageUrl = (value: string) => isUrlRef(value) && url.safeParse(value).success;

/** The encoding a file declares, from its first bytes: a byte order mark, else the XML declaration. */
export function declaredEncoding(head: Uint8Array): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  const start = new TextDecoder('latin1').decode(head.subarray(0, 512));
  const decl = /^<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(start);
  return decl?.[1]?.toLowerCase() ?? 'utf-8';
}

/** The text of a byte stream in the encoding it declares (fatal on bytes that are not in it). */
async function* decode(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  let head = new Uint8Array(0);
  for await (const chunk of source) {
    if (decoder) {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    // Enough bytes to read the declaration from, however the stream is cut.
    const joined = new Uint8Array(head.length + chunk.length);
    joined.set(head);
    joined.set(chunk, head.length);
    head = joined;
    if (head.length < 512) continue;
    decoder = decoderFor(declaredEncoding(head));
    yield decoder.decode(head, { stream: true });
  }
  yield decoder ? decoder.decode() : decoderFor(declaredEncoding(head)).decode(head);
}

function decoderFor(encoding: string): TextDecoder {
  try {
    return new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new XmltvError([`line 1: XML declaration: encoding "${encoding}" is not supported`]);
  }
}

/** How to read a file. */
export interface ReadOptions {
  /**
   * Whether the guide keeps a channel's programmes (the import's catalogue channels). The others are
   * checked all the same but only their times are kept (for the overlap check): a provider's file
   * of 500 channels for a catalogue of 20 costs the memory of 20.
   */
  keep?: (channelId: string) => boolean;
}

/**
 * Reads an XMLTV document from a byte stream. Throws an XmltvError listing every problem (up to
 * MAX_PROBLEMS, then a count), or the first well-formedness error, which ends the reading.
 */
export async function readXmltv(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadOptions = {},
): Promise<XmltvFile> {
  const keep = options.keep ?? (() => true);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const problems: string[] = [];
  let more = 0;
  const report = (line: number, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(`line ${line}: ${message}`);
    else more++;
  };

  const channels: XmltvChannel[] = [];
  const channelLines = new Map<string, number>();
  const programmes: XmltvProgramme[] = [];
  /** Each channel id once, detached: every programme of a channel shares it. */
  const channelIds = new Map<string, string>();
  const channelId = (id: string) => {
    const shared = channelIds.get(id);
    if (shared !== undefined) return shared;
    const copy = detached(id);
    channelIds.set(copy, copy);
    return copy;
  };
  let programmeCount = 0;
  let sawRoot = false;
  /** Element names from the root down. */
  const stack: string[] = [];
  let open: OpenChannel | OpenProgramme | undefined;
  /** The text of the child element being read (TEXT_CHILDREN), else undefined. */
  let text: string | undefined;
  let childAttributes: Record<string, string> = {};
  let childLine = 0;
  let wellFormedness: string | undefined;

  parser.on('error', (error) => {
    // saxes would go on after an error; the first one ends the reading (what follows is noise). Its
    // column is where it stopped: the 1-based column of the last character read.
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(error.message);
    wellFormedness ??= m
      ? `line ${m[1]}, column ${Math.max(1, Number(m[2]))}: not well-formed XML: ${m[3]}`
      : `line ${parser.line}: not well-formed XML: ${error.message}`;
    throw error;
  });

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const depth = stack.length;
    stack.push(tag.name);
    const line = parser.line;
    if (depth === 0) {
      sawRoot = true;
      if (tag.name !== 'tv') report(line, `<${tag.name}>: the root element must be <tv>`);
      return;
    }
    if (depth === 1) {
      if (tag.name === 'channel') {
        open = { kind: 'channel', line, id: tag.attributes.id, names: [] };
      } else if (tag.name === 'programme') {
        const { start = '', channel = '' } = tag.attributes;
        open = {
          kind: 'programme',
          line,
          label: `programme[${programmeCount}] (channel "${channel}", start "${start}")`,
          attributes: tag.attributes,
          titles: [],
          subTitles: [],
          descriptions: [],
          icons: [],
          images: [],
        };
        programmeCount++;
      } else if (stack[0] === 'tv') {
        report(line, `<${tag.name}> in <tv>: expected <channel> or <programme>`);
      }
      return;
    }
    if (depth === 2 && open) {
      if (TEXT_CHILDREN[open.kind]?.has(tag.name)) {
        text = '';
        childAttributes = tag.attributes;
        childLine = line;
      }
      if (open.kind === 'programme' && tag.name === 'icon') {
        const src = tag.attributes.src;
        if (src === undefined || src.trim() === '') report(line, `${open.label}: icon: src is required`);
        else open.icons.push(src.trim());
      }
    }
  });

  const onText = (chunk: string) => {
    if (text !== undefined && stack.length === 3) text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', (tag: SaxesTagPlain) => {
    const depth = stack.length - 1;
    stack.pop();
    if (depth === 2 && open && text !== undefined) {
      closeChild(open, tag.name, squeeze(text), childAttributes.lang);
      text = undefined;
      return;
    }
    if (depth === 1 && open) {
      if (open.kind === 'channel') closeChannel(open);
      else closeProgramme(open);
      open = undefined;
    }
  });

  function closeChild(element: OpenChannel | OpenProgramme, name: string, value: string, lang?: string) {
    if (element.kind === 'channel') {
      element.names.push({ lang, text: value });
      return;
    }
    if (name === 'title') element.titles.push({ lang, text: value });
    else if (name === 'sub-title') element.subTitles.push({ lang, text: value });
    else if (name === 'desc') element.descriptions.push({ lang, text: value });
    else if (name === 'image')
      element.images.push({ type: childAttributes.type, url: value, line: childLine });
  }

  function closeChannel(element: OpenChannel) {
    const { id, line } = element;
    const label = `channel${id === undefined ? '' : ` "${id}"`}`;
    if (id === undefined || id.trim() === '') {
      report(line, `${label}: id is required`);
      return;
    }
    const first = channelLines.get(id);
    if (first !== undefined) report(line, `${label}: the same id as the channel on line ${first}`);
    else channelLines.set(id, line);
    const name = preferredText(element.names.filter((n) => n.text !== ''));
    if (name === undefined) report(line, `${label}: display-name is required`);
    else channels.push({ id: channelId(id), name, line });
  }

  function closeProgramme(element: OpenProgramme) {
    const { attributes: a, label, line } = element;
    const before = problems.length + more;
    const channel = a.channel ?? '';
    if (channel.trim() === '') report(line, `${label}: channel is required`);
    let start: Date | undefined;
    if (a.start === undefined) report(line, `${label}: start is required`);
    else {
      const parsed = parseXmltvTime(a.start);
      if (parsed.ok) start = parsed.date;
      else report(line, `${label}: start: ${parsed.problem}`);
    }
    let stop: Date | undefined;
    if (a.stop !== undefined) {
      const parsed = parseXmltvTime(a.stop);
      if (!parsed.ok) report(line, `${label}: stop: ${parsed.problem}`);
      else if (start && parsed.date <= start)
        report(line, `${label}: stop "${a.stop}" is ${parsed.date < start ? 'before' : 'the same as'} start`);
      else stop = parsed.date;
    }
    let clump: XmltvProgramme['clump'];
    if (a.clumpidx !== undefined) {
      const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(a.clumpidx);
      const index = Number(m?.[1]);
      const of = Number(m?.[2]);
      if (!m || of < 1 || index >= of)
        report(line, `${label}: clumpidx "${a.clumpidx}": expected i/n with i < n`);
      else if (of > 1) clump = { index, of };
    }
    const title = preferredText(element.titles.filter((t) => t.text !== ''));
    if (title === undefined) report(line, `${label}: title is required and must not be empty`);

    const icon = element.icons[0];
    if (icon !== undefined && !validImageUrl(icon))
      report(line, `${label}: icon: src "${icon}" is not a valid http(s) URL`);
    const imageOf = (...types: string[]) => element.images.find((i) => types.includes(i.type ?? ''));
    const poster = imageOf('poster');
    const still = imageOf('backdrop', 'still');
    for (const image of [poster, still]) {
      if (image && !validImageUrl(image.url))
        report(
          image.line,
          `${label}: image (type "${image.type}"): "${image.url}" is not a valid http(s) URL`,
        );
    }
    if (problems.length + more > before || start === undefined || title === undefined) return;

    const kept = keep(channel);
    const announce = icon ?? still?.url;
    programmes.push({
      index: programmeCount - 1,
      line,
      channel: channelId(channel),
      startText: detached(a.start ?? ''),
      start,
      stop,
      stopText: a.stop === undefined ? undefined : detached(a.stop),
      clump,
      title: kept ? withSubTitle(title, preferredText(element.subTitles.filter((t) => t.text !== ''))) : '',
      description: kept ? (preferredText(element.descriptions) ?? '') : '',
      posterUrl: kept && poster ? detached(poster.url) : null,
      announceUrl: kept && announce !== undefined ? detached(announce) : null,
    });
  }

  try {
    for await (const chunk of decode(source)) parser.write(chunk);
    parser.close();
  } catch (error) {
    if (error instanceof XmltvError) throw error;
    if (wellFormedness !== undefined) throw new XmltvError([wellFormedness]);
    if (error instanceof TypeError && /decod|encod/i.test(error.message))
      throw new XmltvError([`around line ${parser.line}: bytes that are not valid in the file's encoding`]);
    throw error;
  }
  if (!sawRoot) report(1, 'no <tv> element');
  if (more > 0) problems.push(`… and ${more} more problem(s)`);
  if (problems.length > 0) throw new XmltvError(problems);
  return { channels, programmes };
}
