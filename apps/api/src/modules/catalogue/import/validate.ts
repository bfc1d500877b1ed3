import { readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { entryKey, isUrlRef, type Manifest, manifestSchema, TITLE_IMAGE_KINDS } from './manifest';

/** A manifest that cannot be imported; `problems` name the entry and field of each. */
export class ManifestError extends Error {
  override name = 'ManifestError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid catalogue manifest:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** Text formats a manifest may be written in. */
export type ManifestFormat = 'json' | 'yaml';

type Path = ReadonlyArray<PropertyKey>;

/** The format a file name implies; undefined for an unknown extension. */
export function formatOfPath(path: string): ManifestFormat | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  return undefined;
}

/** Parses manifest text (no validation); syntax errors become a ManifestError with line and column. */
export function parseManifestText(text: string, format: ManifestFormat): unknown {
  try {
    if (format === 'json') return JSON.parse(text);
    return parseYaml(text, { prettyErrors: true, maxAliasCount: 1000 });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const at = error.linePos?.[0];
      const where = at ? ` at line ${at.line}, column ${at.col}` : '';
      throw new ManifestError([`(manifest): YAML syntax error${where}: ${error.message.split('\n')[0]}`]);
    }
    if (error instanceof SyntaxError)
      throw new ManifestError([`(manifest): JSON syntax error: ${error.message}`]);
    throw error;
  }
}

const SECTIONS = new Set([
  'genres',
  'countries',
  'stickers',
  'partner_labels',
  'packages',
  'titles',
  'channels',
  'collections',
]);

function entryLabel(raw: unknown, section: string, index: number): string {
  const entries = (raw as Record<string, unknown> | null)?.[section];
  const entry = Array.isArray(entries) ? (entries[index] as Record<string, unknown> | undefined) : undefined;
  const key = entry && typeof entry === 'object' ? entry.key : undefined;
  const shown = typeof key === 'string' || typeof key === 'number' ? ` (key "${key}")` : '';
  return `${section}[${index}]${shown}`;
}

function fieldPath(path: Path): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** `titles[3] (key "x"): seasons[1].episodes[0].title: required`. */
function describe(raw: unknown, path: Path, message: string): string {
  const [section, index, ...rest] = path;
  if (typeof section === 'string' && SECTIONS.has(section) && typeof index === 'number') {
    const field = fieldPath(rest);
    return `${entryLabel(raw, section, index)}: ${field ? `${field}: ` : ''}${message}`;
  }
  const field = fieldPath(path);
  return `${field || '(manifest)'}: ${message}`;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return issue.keys.length === 1 ? `unknown field ${keys}` : `unknown fields ${keys}`;
  }
  return issue.message.replace(/^Invalid (input|option): /, '');
}

// A missing field reads "required", whatever the field's type (string, enum, literal…).
const requiredMessage = (issue: { code: string; input?: unknown }) =>
  issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')
    ? 'required'
    : undefined;

/** Image formats a manifest's files may hold. */
export type ImageFormat = 'PNG' | 'JPEG' | 'WebP' | 'GIF' | 'SVG';

const FORMAT_OF_EXTENSION: Record<string, ImageFormat> = {
  '.png': 'PNG',
  '.jpg': 'JPEG',
  '.jpeg': 'JPEG',
  '.webp': 'WebP',
  '.gif': 'GIF',
  '.svg': 'SVG',
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image format of a file's content: PNG, JPEG, WebP and GIF by their magic bytes, SVG as text
 * (no NUL byte) holding an `<svg` element; undefined for anything else.
 */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'WebP';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'GIF';
  if (!bytes.includes(0) && /<svg[\s>/]/.test(Buffer.from(bytes).toString('utf8'))) return 'SVG';
  return undefined;
}

/** Sections whose entries are checked one by one. */
type Section =
  | 'genres'
  | 'countries'
  | 'stickers'
  | 'partner_labels'
  | 'packages'
  | 'titles'
  | 'channels'
  | 'collections';

/**
 * The entries of a manifest whose shape is valid, as a Manifest, when every shape problem lies inside
 * an entry (`titles[3]…`); undefined when one does not (a wrong version, a section that is not a
 * list, no package left…). `rawIndex` maps an entry's place back to its place in `raw`, and
 * `brokenKeys` holds the keys of the entries left out, so references to them are not called unknown.
 */
interface Salvaged {
  manifest: Manifest;
  rawIndex(section: Section, index: number): number;
  brokenKeys(section: Section): string[];
}

function salvage(raw: unknown, issues: readonly z.core.$ZodIssue[]): Salvaged | undefined {
  const broken = new Map<string, Set<number>>();
  for (const { path } of issues) {
    const [section, index] = path;
    if (typeof section !== 'string' || !SECTIONS.has(section) || typeof index !== 'number') return undefined;
    const set = broken.get(section) ?? new Set<number>();
    set.add(index);
    broken.set(section, set);
  }
  const data = { ...(raw as Record<string, unknown>) };
  const kept = new Map<string, number[]>();
  const keys = new Map<string, string[]>();
  for (const [section, indexes] of broken) {
    const entries = data[section] as unknown[];
    const keep = entries.flatMap((_, i) => (indexes.has(i) ? [] : [i]));
    kept.set(section, keep);
    data[section] = keep.map((i) => entries[i]);
    keys.set(
      section,
      [...indexes].flatMap((i) => {
        const key = entryKey.safeParse((entries[i] as Record<string, unknown> | null)?.key);
        return key.success ? [key.data] : [];
      }),
    );
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) return undefined;
  return {
    manifest: parsed.data,
    rawIndex: (section, index) => kept.get(section)?.[index] ?? index,
    brokenKeys: (section) => keys.get(section) ?? [],
  };
}

/**
 * Validates parsed manifest data: the schema (shapes, ranges, unknown fields), then what a schema
 * cannot see: duplicate keys, references to genres, countries, stickers, partner labels, channels and
 * titles, the seasons/channel rules of each type, and that image files exist beside the manifest and
 * hold the image their name says. When some entries are malformed, the references of the others are
 * still checked, so one run lists every problem. Throws a ManifestError listing them.
 */
export function validateManifest(raw: unknown, baseDir: string): Manifest {
  const parsed = manifestSchema.safeParse(raw, { error: requiredMessage });
  if (parsed.success) {
    const problems = checkReferences(raw, baseDir, {
      manifest: parsed.data,
      rawIndex: (_, index) => index,
      brokenKeys: () => [],
    });
    if (problems.length > 0) throw new ManifestError(problems);
    return parsed.data;
  }
  const problems = parsed.error.issues.map((i) => describe(raw, i.path, issueMessage(i)));
  const valid = salvage(raw, parsed.error.issues);
  if (valid) problems.push(...checkReferences(raw, baseDir, valid));
  throw new ManifestError(problems);
}

/** The problems a schema cannot see (see validateManifest), named by the entries' places in `raw`. */
function checkReferences(raw: unknown, baseDir: string, valid: Salvaged): string[] {
  const { manifest, rawIndex } = valid;
  const problems: string[] = [];
  const report = (path: Path, message: string) => problems.push(describe(raw, path, message));

  const keysOf = (section: Section) => {
    const seen = new Map<string, number>();
    manifest[section].forEach((entry, i) => {
      const at = rawIndex(section, i);
      const first = seen.get(entry.key);
      if (first === undefined) seen.set(entry.key, at);
      else report([section, at, 'key'], `duplicate of ${section}[${first}]`);
    });
    // Malformed entries are reported already; what refers to them is not "unknown" on top of that.
    for (const key of valid.brokenKeys(section)) if (!seen.has(key)) seen.set(key, -1);
    return seen;
  };
  const genres = keysOf('genres');
  const countries = keysOf('countries');
  const stickers = keysOf('stickers');
  const labels = keysOf('partner_labels');
  const packs = keysOf('packages');
  const titles = keysOf('titles');
  const channels = keysOf('channels');
  keysOf('collections');

  const checkRefs = (path: Path, keys: readonly string[], known: Map<string, number>, what: string) => {
    const seen = new Set<string>();
    keys.forEach((k, i) => {
      if (!known.has(k)) report([...path, i], `unknown ${what} "${k}"`);
      else if (seen.has(k)) report([...path, i], `"${k}" is listed twice`);
      seen.add(k);
    });
  };
  const formats = new Map<string, ImageFormat | undefined | 'missing'>();
  const checkImage = (path: Path, ref: string | undefined) => {
    if (ref === undefined || isUrlRef(ref)) return;
    const file = isAbsolute(ref) ? ref : resolve(baseDir, ref);
    let format = formats.get(file);
    if (!formats.has(file)) {
      format = statSync(file, { throwIfNoEntry: false })?.isFile()
        ? imageFormatOf(readFileSync(file))
        : 'missing';
      formats.set(file, format);
    }
    const expected = FORMAT_OF_EXTENSION[extname(file).toLowerCase()];
    if (format === 'missing') report(path, `file not found: ${ref}`);
    else if (format === undefined) report(path, `not a ${expected} image: ${ref}`);
    else if (format !== expected) report(path, `not a ${expected} image (the file holds ${format}): ${ref}`);
  };

  manifest.stickers.forEach((s, i) => {
    checkImage(['stickers', rawIndex('stickers', i), 'image'], s.image);
  });

  const childrenOf = new Map(manifest.packages.map((p) => [p.key, p.children ?? []]));
  manifest.packages.forEach((p, i) => {
    const at = ['packages', rawIndex('packages', i)] as const;
    if (p.tariffs !== undefined && (p.pay_text !== undefined || p.cost !== undefined))
      report([...at, 'tariffs'], 'give tariffs, or pay_text and cost for one monthly tariff, not both');
    if (p.tariffs !== undefined && p.tariffs.length === 0) report([...at, 'tariffs'], 'at least one tariff');
    checkImage([...at, 'icon'], p.icon);
    checkImage([...at, 'wide_poster'], p.wide_poster);
    if (p.children === undefined) return;
    checkRefs([...at, 'children'], p.children, packs, 'package');
    p.children.forEach((child, ci) => {
      const grandchildren = childrenOf.get(child);
      if (child === p.key) report([...at, 'children', ci], 'cycle: a package cannot be its own child');
      else if (grandchildren?.includes(p.key))
        report([...at, 'children', ci], `cycle: "${p.key}" → "${child}" → "${p.key}"`);
      else if (grandchildren !== undefined && grandchildren.length > 0)
        report([...at, 'children', ci], `"${child}" is itself a parent: children are individual packages`);
    });
  });

  manifest.titles.forEach((t, i) => {
    const at = ['titles', rawIndex('titles', i)] as const;
    checkRefs([...at, 'genres'], t.genres, genres, 'genre');
    checkRefs([...at, 'countries'], t.countries, countries, 'country');
    if (t.sticker !== undefined && !stickers.has(t.sticker))
      report([...at, 'sticker'], `unknown sticker "${t.sticker}"`);
    if (t.partner_label !== undefined && !labels.has(t.partner_label))
      report([...at, 'partner_label'], `unknown partner label "${t.partner_label}"`);
    if (t.package !== undefined && !packs.has(t.package))
      report([...at, 'package'], `unknown package "${t.package}"`);
    if (t.preview_timer !== undefined && !t.is_preview)
      report([...at, 'preview_timer'], 'only a title with is_preview has a preview_timer');

    const episodic = t.type === 'series' || t.type === 'tvshow';
    if (episodic && t.seasons === undefined) report([...at, 'seasons'], `required for type ${t.type}`);
    if (!episodic && t.seasons !== undefined)
      report([...at, 'seasons'], `only series and tvshow have seasons`);
    const numbers = new Map<number, number>();
    t.seasons?.forEach((s, si) => {
      const first = numbers.get(s.number);
      if (first !== undefined)
        report([...at, 'seasons', si, 'number'], `${s.number} is also seasons[${first}]`);
      else numbers.set(s.number, si);
      s.episodes.forEach((e, ei) => {
        checkImage([...at, 'seasons', si, 'episodes', ei, 'poster'], e.poster);
      });
    });

    if (t.type === 'channel') {
      if (t.channel === undefined) report([...at, 'channel'], 'required for type channel');
      else if (!channels.has(t.channel)) report([...at, 'channel'], `unknown channel "${t.channel}"`);
    } else if (t.channel !== undefined) report([...at, 'channel'], 'only type channel names a channel');

    for (const kind of TITLE_IMAGE_KINDS) checkImage([...at, 'images', kind], t.images[kind]);
  });

  const xmltvIds = new Map<string, number>();
  manifest.channels.forEach((c, i) => {
    const at = ['channels', rawIndex('channels', i)] as const;
    checkRefs([...at, 'genres'], c.genres, genres, 'genre');
    checkImage([...at, 'logo'], c.logo);
    if (c.xmltv_id === undefined) return;
    const first = xmltvIds.get(c.xmltv_id);
    if (first === undefined) xmltvIds.set(c.xmltv_id, at[1]);
    else report([...at, 'xmltv_id'], `"${c.xmltv_id}" is also the xmltv_id of channels[${first}]`);
  });

  manifest.collections.forEach((c, i) => {
    const at = ['collections', rawIndex('collections', i)] as const;
    const channelRail = c.type === 'tv_channels';
    checkRefs([...at, 'items'], c.items, channelRail ? channels : titles, channelRail ? 'channel' : 'title');
    const tabs = new Set<string>();
    c.tabs.forEach((tab, ti) => {
      if (tabs.has(tab)) report([...at, 'tabs', ti], `"${tab}" is listed twice`);
      tabs.add(tab);
    });
  });

  return problems;
}
