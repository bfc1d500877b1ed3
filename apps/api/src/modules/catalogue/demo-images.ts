/**
 * Deterministic catalogue artwork: SVG posters, banners, wide posters, logotypes, channel logos and
 * stickers drawn from a title's key, name, genres and year. No dependency, nothing downloaded.
 *
 * Every title gets its own palette (hue from a hash of the key, tinted by the mood of its main genre)
 * and its own abstract composition (shapes seeded by the key), so a catalogue without artwork still
 * looks like a catalogue. Sizes follow docs/catalogue-manifest.md (SPEC §9 poster 142.5 × 200, at 2×).
 */

/** Pixel sizes (the SVG viewBox) of every generated image. */
export const IMAGE_SIZES = {
  poster: { width: 285, height: 400 },
  banner: { width: 1280, height: 540 },
  wide_poster: { width: 1280, height: 720 },
  logotype: { width: 600, height: 200 },
  channel_logo: { width: 400, height: 400 },
  sticker: { width: 120, height: 48 },
} as const;

export type ImageKind = keyof typeof IMAGE_SIZES;

/** What the title artwork is drawn from. `genres` are display names, the first is the main one. */
export interface TitleImageEntry {
  key: string;
  title: string;
  type: 'film' | 'series' | 'tvshow' | 'channel';
  year?: number | undefined;
  genres: readonly string[];
  age_rating?: number | undefined;
}

export interface ChannelImageEntry {
  key: string;
  name: string;
  /** Display names. Accepted for symmetry; the logo colour comes from the key alone (channels are brands). */
  genres?: readonly string[] | undefined;
}

export interface StickerImageEntry {
  key: string;
  title: string;
  /** `#rrggbb`; drawn from the key when absent. */
  color?: string | undefined;
}

export interface TitleImages {
  poster: string;
  banner: string;
  wide_poster: string;
  logotype: string;
}

/** Grotesques with Cyrillic, in the order they are likeliest to be found; widths below are tuned to them. */
const FONT = "'Segoe UI',Roboto,'Helvetica Neue',Arial,'Liberation Sans','Noto Sans',sans-serif";

// ---------------------------------------------------------------------------------------------------
// Hashing, randomness, numbers

/** FNV-1a over UTF-16 code units: stable across runs and platforms. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A seeded source of numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a small seeded generator, values in [0, 1). */
export function seeded(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Compact number for SVG attributes; never prints NaN or Infinity. */
function num(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(Math.round(value * 10) / 10);
}

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&apos;',
  );
}

// ---------------------------------------------------------------------------------------------------
// Colour

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(1, Math.max(0, s));
  const lig = Math.min(1, Math.max(0, l));
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return 0;
  const v = Number.parseInt(m[1]!, 16);
  const lin = (c: number) => {
    const x = c / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((v >> 16) & 255) + 0.7152 * lin((v >> 8) & 255) + 0.0722 * lin(v & 255);
}

/** Colours of one title: a dark base, a mid tone, a light tone for shapes and an accent. */
export interface Palette {
  hue: number;
  deep: string;
  base: string;
  mid: string;
  light: string;
  accent: string;
  glow: string;
  /** Near-white with a hint of the accent, for type. */
  tint: string;
}

type Motif = 'ridges' | 'blinds' | 'bokeh' | 'orbits' | 'waves' | 'frames' | 'halftone' | 'beams';

interface Mood {
  /** Base hue; undefined lets the key choose. */
  hue?: number;
  /** Spread of the hue around `hue`. */
  spread: number;
  sat: number;
  /** Lightness lift for bright genres (animation, family). */
  lift: number;
  motifs: readonly Motif[];
}

const ALL_MOTIFS: readonly Motif[] = [
  'ridges',
  'blinds',
  'bokeh',
  'orbits',
  'waves',
  'frames',
  'halftone',
  'beams',
];

/** Genre display name (lower case, prefix) → colour mood and fitting compositions. */
const MOODS: ReadonlyArray<readonly [string, Mood]> = [
  ['ужас', { hue: 352, spread: 14, sat: 0.55, lift: -0.02, motifs: ['ridges', 'blinds'] }],
  ['триллер', { hue: 205, spread: 30, sat: 0.38, lift: 0, motifs: ['blinds', 'beams', 'frames'] }],
  ['детектив', { hue: 215, spread: 40, sat: 0.36, lift: 0, motifs: ['blinds', 'frames'] }],
  ['криминал', { hue: 28, spread: 22, sat: 0.5, lift: 0, motifs: ['blinds', 'beams'] }],
  ['мелодрам', { hue: 338, spread: 24, sat: 0.5, lift: 0.02, motifs: ['bokeh', 'waves'] }],
  ['драм', { spread: 0, sat: 0.42, lift: 0, motifs: ['frames', 'bokeh', 'ridges'] }],
  ['комеди', { hue: 28, spread: 16, sat: 0.66, lift: 0.04, motifs: ['bokeh', 'halftone'] }],
  ['фантаст', { hue: 245, spread: 35, sat: 0.55, lift: 0, motifs: ['orbits', 'beams'] }],
  ['приключ', { hue: 168, spread: 30, sat: 0.5, lift: 0.02, motifs: ['ridges', 'waves'] }],
  ['мульт', { spread: 0, sat: 0.5, lift: 0.05, motifs: ['bokeh', 'waves', 'halftone'] }],
  ['семей', { hue: 28, spread: 18, sat: 0.58, lift: 0.06, motifs: ['bokeh', 'waves'] }],
  ['детск', { hue: 195, spread: 60, sat: 0.62, lift: 0.08, motifs: ['bokeh', 'halftone'] }],
  ['документ', { hue: 185, spread: 22, sat: 0.42, lift: 0, motifs: ['waves', 'halftone', 'ridges'] }],
  ['познават', { hue: 185, spread: 30, sat: 0.45, lift: 0, motifs: ['waves', 'orbits'] }],
  ['наук', { hue: 200, spread: 30, sat: 0.5, lift: 0, motifs: ['orbits', 'halftone'] }],
  ['военн', { hue: 38, spread: 14, sat: 0.3, lift: 0, motifs: ['ridges', 'beams'] }],
  ['истор', { hue: 30, spread: 16, sat: 0.38, lift: 0, motifs: ['frames', 'ridges'] }],
  ['боевик', { hue: 14, spread: 16, sat: 0.66, lift: 0, motifs: ['beams', 'halftone'] }],
  ['спорт', { hue: 212, spread: 20, sat: 0.66, lift: 0.02, motifs: ['beams', 'halftone'] }],
  ['новост', { hue: 218, spread: 12, sat: 0.62, lift: 0, motifs: ['halftone', 'beams'] }],
  ['музык', { hue: 292, spread: 30, sat: 0.55, lift: 0.02, motifs: ['waves', 'bokeh'] }],
  ['кулинар', { hue: 22, spread: 16, sat: 0.66, lift: 0.04, motifs: ['bokeh', 'halftone'] }],
  ['развлек', { hue: 318, spread: 40, sat: 0.55, lift: 0.03, motifs: ['bokeh', 'beams'] }],
  ['кино', { hue: 4, spread: 20, sat: 0.55, lift: 0, motifs: ['frames', 'beams'] }],
  ['сериал', { hue: 262, spread: 24, sat: 0.5, lift: 0, motifs: ['frames', 'bokeh'] }],
  ['путешеств', { hue: 175, spread: 30, sat: 0.5, lift: 0.03, motifs: ['ridges', 'waves'] }],
];

function moodOf(genre: string | undefined): Mood {
  const name = (genre ?? '').toLowerCase();
  for (const [prefix, mood] of MOODS) if (name.includes(prefix)) return mood;
  return { spread: 0, sat: 0.5, lift: 0, motifs: ALL_MOTIFS };
}

/** Hue from the key, avoiding the muddy olive band that reads badly in the dark. */
function keyHue(hash: number): number {
  const h = hash % 300;
  return h < 50 ? h : h + 60; // 50–110 skipped
}

/** Moves a hue out of the olive/mustard band (40–115°) to the nearest amber or green. */
function avoidOlive(hue: number): number {
  const h = ((hue % 360) + 360) % 360;
  if (h <= 40 || h >= 115) return h;
  return h < 80 ? 36 : 125;
}

/** The palette of a key (deterministic; different keys get different hues). */
export function paletteFor(key: string, genre?: string): Palette {
  const hash = hashString(key);
  const rng = seeded(hash ^ 0x9e3779b9);
  const mood = moodOf(genre);
  const hue = avoidOlive(
    mood.hue === undefined ? keyHue(hash) : mood.hue + (rng() * 2 - 1) * mood.spread + ((hash >>> 8) % 7) - 3,
  );
  // Greens turn garish quickly: they get less saturation.
  const sat = (mood.sat + between(rng, -0.06, 0.08)) * (hue > 110 && hue < 175 ? 0.8 : 1);
  const lift = mood.lift;
  // Accent: analogous for most titles, complementary for some, so the set does not look uniform.
  const shift = pick(rng, [28, -32, 150, 180, 40]);
  const complementary = Math.abs(shift) >= 150;
  const accentHue = avoidOlive(hue + shift);
  // The light of the scene stays near the base hue when the accent is complementary.
  const glowHue = avoidOlive(hue + (complementary ? -12 : shift * 0.5));
  return {
    hue,
    deep: hsl(hue, sat * 0.9, 0.055 + lift * 0.4),
    base: hsl(hue + 8, sat, 0.14 + lift),
    mid: hsl(hue - 10, sat * 1.05, 0.3 + lift),
    light: hsl(hue - 4, sat * 0.9, 0.58 + lift * 0.5),
    // A complementary accent is kept softer so it reads as a highlight, not a clash.
    accent: hsl(accentHue, Math.min(0.85, sat + 0.18) * (complementary ? 0.75 : 1), 0.6),
    glow: hsl(glowHue, Math.min(0.9, sat + 0.1), 0.74),
    tint: hsl(glowHue, 0.7, 0.88),
  };
}

// ---------------------------------------------------------------------------------------------------
// Text measurement and wrapping (rough, by character classes of a bold sans-serif)

// Widths in em of a bold grotesque (measured on Arial/Liberation Sans Bold, plus a safety margin so
// Segoe UI, Roboto, Helvetica Neue and Noto Sans fit too).
const WIDTH_CLASSES: ReadonlyArray<readonly [string, number]> = [
  [" .,:;!'|ijlIf()[]", 0.34],
  ['-rtгтзкJ', 0.47],
  ['жмъ', 0.8],
  ['шщыюфmw', 0.92],
  ['ГТКУЗLFEЕ', 0.68],
  ['ОQGСCЮ', 0.86],
  ['ЖШЩЫМФЪWM', 1.05],
  ['—…', 1.08],
  ['&', 0.8],
];
const WIDTHS = new Map<string, number>();
for (const [chars, width] of WIDTH_CLASSES) for (const ch of chars) WIDTHS.set(ch, width);

function charWidth(ch: string, upper: boolean): number {
  const c = upper ? ch.toUpperCase() : ch;
  const known = WIDTHS.get(c);
  if (known !== undefined) return known;
  if (c >= '0' && c <= '9') return 0.6;
  if (c !== c.toLowerCase()) return 0.78; // other capitals
  return 0.64;
}

/** Estimated advance of `text` in px at `size`, with optional tracking (px per glyph). */
export function textWidth(text: string, size: number, upper = false, tracking = 0): number {
  let em = 0;
  const chars = [...text];
  for (const ch of chars) em += charWidth(ch, upper);
  return em * size + tracking * Math.max(0, chars.length - 1);
}

export interface TextBlock {
  lines: string[];
  size: number;
  truncated: boolean;
}

interface FitOptions {
  maxWidth: number;
  maxLines: number;
  /** Candidate font sizes, largest first. */
  sizes: readonly number[];
  upper?: boolean;
  tracking?: number;
}

/** Splits a word wider than the line into hyphenated parts. */
function splitLongWord(word: string, fits: (s: string) => boolean): string[] {
  const parts: string[] = [];
  let rest = word;
  while (rest.length > 1 && !fits(rest)) {
    let cut = rest.length - 1;
    while (cut > 1 && !fits(`${rest.slice(0, cut)}-`)) cut--;
    // A line must not start with ь, ъ or й: «Достопримечатель-/ности», not «…тел-/ьности».
    while (cut > 2 && /[ьъйЬЪЙ]/.test(rest[cut] ?? '')) cut--;
    parts.push(`${rest.slice(0, cut)}-`);
    rest = rest.slice(cut);
  }
  if (rest) parts.push(rest);
  return parts;
}

function wrap(words: readonly string[], fits: (s: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (fits(word)) {
      line = word;
    } else {
      const parts = splitLongWord(word, fits);
      lines.push(...parts.slice(0, -1));
      line = parts.at(-1) ?? '';
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Short words (prepositions, conjunctions) that must not end a line: «Шёпот в / подвале». */
const GLUE = /^[\p{L}]{1,2}$/u;

/** Words to wrap, with each short word glued to the next one by a no-break space. */
function wrapUnits(text: string): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const units: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let unit = words[i]!;
    while (GLUE.test(unit.split('\u00a0').at(-1)!) && i + 1 < words.length) unit += `\u00a0${words[++i]}`;
    units.push(unit);
  }
  return units;
}

/**
 * Wraps `text` into at most `maxLines` lines, trying each font size from the largest, with lines
 * balanced in length; a title that does not fit even at the smallest size is cut with an ellipsis.
 */
export function fitText(text: string, options: FitOptions): TextBlock {
  const { maxWidth, maxLines, sizes, upper = false, tracking = 0 } = options;
  const units = wrapUnits(text);
  const shown = (s: string) => (upper ? s.toUpperCase() : s).replace(/\u00a0/g, ' ');
  const fitsAt = (size: number, width: number) => (s: string) =>
    textWidth(s.replace(/\u00a0/g, ' '), size, upper, tracking) <= width;
  const smallest = sizes[sizes.length - 1] ?? 16;
  // The largest size that fits, unless a size at most ~20 % smaller needs fewer lines.
  let chosen: { size: number; lines: string[] } | undefined;
  for (const size of sizes) {
    const lines = wrap(units, fitsAt(size, maxWidth));
    if (lines.length > maxLines || lines.some((l) => l.endsWith('-'))) continue;
    if (!chosen) chosen = { size, lines };
    else if (size < chosen.size * 0.8) break;
    else if (lines.length < chosen.lines.length) chosen = { size, lines };
  }
  if (chosen) {
    const { size, lines } = chosen;
    // Balance: the narrowest measure that still needs no more lines.
    let best = lines;
    for (let width = maxWidth * 0.96; width > maxWidth * 0.4; width *= 0.96) {
      const narrower = wrap(units, fitsAt(size, width));
      if (narrower.length !== lines.length || narrower.some((l) => l.endsWith('-'))) break;
      best = narrower;
    }
    return { lines: best.map(shown), size, truncated: false };
  }
  const fits = fitsAt(smallest, maxWidth);
  const lines = wrap(units, fits);
  if (lines.length <= maxLines) return { lines: lines.map(shown), size: smallest, truncated: false };
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!.replace(/-$/, '');
  while (last.length > 1 && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last.replace(/[\s\u00a0,.:;–—-]+$/, '')}…`;
  return { lines: kept.map(shown), size: smallest, truncated: true };
}

// ---------------------------------------------------------------------------------------------------
// Building blocks

interface Canvas {
  w: number;
  h: number;
  /** Focal point of the composition. */
  fx: number;
  fy: number;
  /** Scale unit: the shorter side. */
  s: number;
}

const svgOpen = (w: number, h: number, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">`;

/** Short id prefix per image, so SVGs inlined into one page do not share gradient ids. */
const idPrefix = (key: string, kind: string) => `k${hashString(`${kind}:${key}`).toString(36)}`;

/** Side of the grain tile: large enough that the repeat does not read as a grid at 1× and 2×. */
const GRAIN_TILE = 96;

/**
 * Film grain as a small tiled pattern of faint specks seeded by the title. It replaced an
 * feTurbulence filter, which browsers render on the main thread for every image at every size: on a
 * phone (Lighthouse's 4× slower CPU) the home page's banners and posters spent most of its start-up
 * there (docs/benchmarks.md, web). A pattern tile is drawn once and repeated.
 */
function grainPattern(id: string, seed: number): string {
  const rng = seeded(seed ^ 0x9e3779b9);
  // Two paths of square specks (light and dark) keep the tile to about 1 KB.
  const specks = ['', ''];
  for (let i = 0; i < 60; i++) {
    const size = num(between(rng, 0.8, 1.6));
    specks[rng() < 0.6 ? 0 : 1] +=
      `M${num(rng() * GRAIN_TILE)} ${num(rng() * GRAIN_TILE)}h${size}v${size}h-${size}z`;
  }
  return (
    `<pattern id="${id}" width="${GRAIN_TILE}" height="${GRAIN_TILE}" patternUnits="userSpaceOnUse">` +
    `<path d="${specks[0]}" fill="#fff" opacity=".1"/><path d="${specks[1]}" fill="#000" opacity=".12"/></pattern>`
  );
}

/** Abstract composition for a title; returns [defs, body]. */
function motifSvg(motif: Motif, rng: Rng, pal: Palette, c: Canvas, id: string): [string, string] {
  const { w, h, fx, fy, s } = c;
  let defs = '';
  let body = '';
  switch (motif) {
    case 'ridges': {
      const r = s * between(rng, 0.13, 0.2);
      defs += `<radialGradient id="${id}s"><stop offset="0" stop-color="${pal.glow}"/><stop offset=".55" stop-color="${pal.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${pal.accent}" stop-opacity="0"/></radialGradient>`;
      body += `<circle cx="${num(fx)}" cy="${num(fy)}" r="${num(r * 2.6)}" fill="url(#${id}s)"/>`;
      body += `<circle cx="${num(fx)}" cy="${num(fy)}" r="${num(r)}" fill="${pal.glow}" opacity=".85"/>`;
      const layers = 3 + Math.floor(rng() * 2);
      for (let i = 0; i < layers; i++) {
        const base = fy + r * 0.6 + (h - fy) * (0.12 + (i * 0.62) / layers);
        const steps = 5 + Math.floor(rng() * 4);
        let d = `M0 ${num(h)}L0 ${num(base)}`;
        for (let k = 1; k <= steps; k++) {
          const x = (w * k) / steps + between(rng, -0.3, 0.3) * (w / steps);
          const y = base - between(rng, 0.02, 0.16) * s * (1.2 - i * 0.15);
          d += `L${num(Math.min(w, x))} ${num(y)}`;
        }
        d += `L${num(w)} ${num(base)}L${num(w)} ${num(h)}Z`;
        const tone = i === layers - 1 ? pal.deep : i === 0 ? pal.mid : pal.base;
        body += `<path d="${d}" fill="${tone}" opacity="${num(0.75 + i * 0.08)}"/>`;
      }
      break;
    }
    case 'blinds': {
      const angle = between(rng, -34, -18);
      const count = 6 + Math.floor(rng() * 4);
      const band = s * between(rng, 0.045, 0.075);
      const gap = band * between(rng, 0.7, 1.1);
      defs += `<linearGradient id="${id}b" x1="0" x2="1"><stop offset="0" stop-color="${pal.glow}" stop-opacity="0"/><stop offset=".5" stop-color="${pal.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></linearGradient>`;
      body += `<g transform="rotate(${num(angle)} ${num(fx)} ${num(fy)})" opacity=".5">`;
      const top = fy - ((band + gap) * count) / 2;
      for (let i = 0; i < count; i++) {
        body += `<rect x="${num(fx - s * 1.1)}" y="${num(top + i * (band + gap))}" width="${num(s * 2.2)}" height="${num(band)}" fill="url(#${id}b)" opacity="${num(between(rng, 0.35, 1))}"/>`;
      }
      body += '</g>';
      // Every other title: a lone figure in the light.
      if (rng() < 0.5) break;
      const fh = s * between(rng, 0.3, 0.42);
      const hx = fx + between(rng, -0.1, 0.1) * s;
      const base = Math.min(h, fy + fh * 0.9);
      body += `<g fill="${pal.deep}" opacity=".9"><circle cx="${num(hx)}" cy="${num(base - fh * 0.86)}" r="${num(fh * 0.09)}"/><path d="M${num(hx - fh * 0.2)} ${num(base)}L${num(hx - fh * 0.15)} ${num(base - fh * 0.7)}Q${num(hx)} ${num(base - fh * 0.8)} ${num(hx + fh * 0.15)} ${num(base - fh * 0.7)}L${num(hx + fh * 0.2)} ${num(base)}Z"/></g>`;
      break;
    }
    case 'bokeh': {
      const count = 9 + Math.floor(rng() * 6);
      for (let i = 0; i < count; i++) {
        const r = s * between(rng, 0.03, 0.2) * (i < 3 ? 1.5 : 1);
        const x = fx + (rng() + rng() - 1) * s * 0.9;
        const y = fy + (rng() + rng() - 1) * s * 0.7;
        const fill = rng() < 0.6 ? pal.glow : pal.accent;
        body +=
          rng() < 0.25
            ? `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="none" stroke="${fill}" stroke-width="${num(s * 0.006)}" opacity="${num(between(rng, 0.25, 0.5))}"/>`
            : `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${fill}" opacity="${num(between(rng, 0.08, 0.32))}"/>`;
      }
      break;
    }
    case 'orbits': {
      const r = s * between(rng, 0.12, 0.19);
      defs += `<radialGradient id="${id}p" cx=".35" cy=".35"><stop offset="0" stop-color="${pal.glow}"/><stop offset=".6" stop-color="${pal.accent}"/><stop offset="1" stop-color="${pal.base}"/></radialGradient>`;
      for (let i = 0; i < 24; i++) {
        body += `<circle cx="${num(rng() * w)}" cy="${num(rng() * h * 0.8)}" r="${num(between(rng, 0.5, 1.6) * (s / 285))}" fill="#fff" opacity="${num(between(rng, 0.2, 0.8))}"/>`;
      }
      const tilt = between(rng, -24, 24);
      body += `<g fill="none" stroke="${pal.light}" transform="rotate(${num(tilt)} ${num(fx)} ${num(fy)})">`;
      const rings = 3 + Math.floor(rng() * 3);
      for (let i = 0; i < rings; i++) {
        const rx = r * (1.7 + i * between(rng, 0.55, 0.8));
        body += `<ellipse cx="${num(fx)}" cy="${num(fy)}" rx="${num(rx)}" ry="${num(rx * between(rng, 0.22, 0.34))}" stroke-width="${num(s * 0.004 + i * 0.3)}" opacity="${num(0.5 - i * 0.07)}"/>`;
      }
      body += '</g>';
      body += `<circle cx="${num(fx)}" cy="${num(fy)}" r="${num(r)}" fill="url(#${id}p)"/>`;
      break;
    }
    case 'waves': {
      const layers = 4 + Math.floor(rng() * 3);
      const tones = [pal.light, pal.accent, pal.mid, pal.base, pal.deep];
      for (let i = 0; i < layers; i++) {
        const base = fy + (h - fy) * (i / layers) * 0.95;
        const amp = s * between(rng, 0.025, 0.07);
        const len = w / between(rng, 1.5, 3);
        let d = `M0 ${num(base)}Q${num(len / 4)} ${num(base - amp)} ${num(len / 2)} ${num(base)}`;
        for (let x = len; x <= w + len; x += len / 2) d += `T${num(x)} ${num(base)}`;
        d += `L${num(w + len)} ${num(h)}L0 ${num(h)}Z`;
        const tone = tones[Math.min(tones.length - 1, Math.floor((i / layers) * tones.length))]!;
        body += `<path d="${d}" fill="${tone}" opacity="${num(0.35 + (i / layers) * 0.6)}"/>`;
      }
      break;
    }
    case 'frames': {
      const count = 3 + Math.floor(rng() * 2);
      for (let i = 0; i < count; i++) {
        const fw = s * between(rng, 0.42, 0.8);
        const fhgt = fw * between(rng, 0.6, 1.35);
        const x = fx + between(rng, -0.22, 0.22) * s;
        const y = fy + between(rng, -0.2, 0.2) * s;
        const filled = i === 0;
        body += `<rect x="${num(x - fw / 2)}" y="${num(y - fhgt / 2)}" width="${num(fw)}" height="${num(fhgt)}" rx="${num(s * 0.02)}" transform="rotate(${num(between(rng, -16, 16))} ${num(x)} ${num(y)})" ${
          filled
            ? `fill="${pal.accent}" opacity=".22"`
            : `fill="none" stroke="${i % 2 ? pal.glow : pal.light}" stroke-width="${num(s * between(rng, 0.006, 0.014))}" opacity="${num(between(rng, 0.3, 0.6))}"`
        }/>`;
      }
      body += `<circle cx="${num(fx)}" cy="${num(fy)}" r="${num(s * 0.05)}" fill="${pal.glow}" opacity=".7"/>`;
      break;
    }
    case 'halftone': {
      const step = s * between(rng, 0.045, 0.065);
      defs += `<pattern id="${id}d" width="${num(step)}" height="${num(step)}" patternUnits="userSpaceOnUse" patternTransform="rotate(${num(between(rng, 10, 40))})"><circle cx="${num(step / 2)}" cy="${num(step / 2)}" r="${num(step * 0.22)}" fill="${pal.glow}"/></pattern>`;
      defs += `<radialGradient id="${id}f"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
      defs += `<mask id="${id}m"><circle cx="${num(fx)}" cy="${num(fy)}" r="${num(s * 0.75)}" fill="url(#${id}f)"/></mask>`;
      body += `<circle cx="${num(fx + s * 0.12)}" cy="${num(fy - s * 0.08)}" r="${num(s * between(rng, 0.22, 0.32))}" fill="${pal.accent}" opacity=".55"/>`;
      body += `<rect width="${w}" height="${h}" fill="url(#${id}d)" mask="url(#${id}m)" opacity=".4"/>`;
      break;
    }
    case 'beams': {
      const count = 3 + Math.floor(rng() * 3);
      const angle = between(rng, -60, -25);
      defs += `<linearGradient id="${id}r" x1="0" x2="1"><stop offset="0" stop-color="${pal.glow}" stop-opacity="0"/><stop offset=".6" stop-color="${pal.glow}" stop-opacity=".6"/><stop offset="1" stop-color="${pal.accent}" stop-opacity="0"/></linearGradient>`;
      body += `<g transform="rotate(${num(angle)} ${num(fx)} ${num(fy)})">`;
      for (let i = 0; i < count; i++) {
        const bh = s * between(rng, 0.02, 0.12);
        const off = (i - count / 2) * s * between(rng, 0.08, 0.16);
        body += `<rect x="${num(fx - s * 1.4)}" y="${num(fy + off)}" width="${num(s * 2.8)}" height="${num(bh)}" fill="url(#${id}r)" opacity="${num(between(rng, 0.3, 0.8))}"/>`;
      }
      body += '</g>';
      defs += `<radialGradient id="${id}o"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset=".25" stop-color="${pal.glow}" stop-opacity=".35"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></radialGradient>`;
      body += `<circle cx="${num(fx)}" cy="${num(fy)}" r="${num(s * 0.22)}" fill="url(#${id}o)"/>`;
      break;
    }
  }
  return [defs, body];
}

interface Art {
  pal: Palette;
  rng: Rng;
  hash: number;
  id: string;
  motif: Motif;
}

function artFor(entry: { key: string; genres: readonly string[] }, kind: string): Art {
  const hash = hashString(entry.key);
  const pal = paletteFor(entry.key, entry.genres[0]);
  const mood = moodOf(entry.genres[0]);
  const rng = seeded(hash);
  const motif = pick(rng, mood.motifs);
  return { pal, rng, hash, id: idPrefix(entry.key, kind), motif };
}

/** Background, glow, composition and grain; `focal` in canvas coordinates. */
function backdrop(art: Art, c: Canvas): [string, string] {
  const { pal, id, hash } = art;
  // Each kind gets its own stream seeded by the key, so poster and banner are related but not copies.
  const rng = seeded(hash ^ Math.imul(c.w, 2654435761));
  const angle = between(rng, 0, 1);
  const x2 = angle > 0.5 ? 1 : 0;
  let defs =
    `<linearGradient id="${id}g" x1="${1 - x2}" y1="0" x2="${x2}" y2="1"><stop offset="0" stop-color="${pal.mid}"/><stop offset=".55" stop-color="${pal.base}"/><stop offset="1" stop-color="${pal.deep}"/></linearGradient>` +
    `<radialGradient id="${id}h" cx="${num(c.fx / c.w)}" cy="${num(c.fy / c.h)}" r=".75"><stop offset="0" stop-color="${pal.light}" stop-opacity=".5"/><stop offset="1" stop-color="${pal.light}" stop-opacity="0"/></radialGradient>` +
    grainPattern(`${id}n`, hash);
  let body = `<rect width="${c.w}" height="${c.h}" fill="url(#${id}g)"/><rect width="${c.w}" height="${c.h}" fill="url(#${id}h)"/>`;
  const [mDefs, mBody] = motifSvg(art.motif, rng, pal, c, id);
  defs += mDefs;
  body += mBody;
  body += `<rect width="${c.w}" height="${c.h}" fill="url(#${id}n)"/>`;
  return [defs, body];
}

const TYPE_LABEL: Record<TitleImageEntry['type'], string> = {
  film: 'Фильм',
  series: 'Сериал',
  tvshow: 'Шоу',
  channel: 'Прямой эфир',
};

/** "Сериал · Драма · 2021", shortened until it fits. */
function metaLine(
  entry: TitleImageEntry,
  maxWidth: number,
  size: number,
  tracking: number,
  withFilm = false,
) {
  const genre = entry.genres[0];
  const parts = [
    entry.type !== 'film' || withFilm ? TYPE_LABEL[entry.type] : undefined,
    genre ? genre[0]!.toUpperCase() + genre.slice(1) : undefined,
    entry.year ? String(entry.year) : undefined,
  ].filter((p): p is string => Boolean(p));
  while (parts.length > 1 && textWidth(parts.join(' · '), size, true, tracking) > maxWidth) {
    parts.splice(parts.length > 2 ? 0 : 1, 1);
  }
  return parts.join(' · ').toUpperCase();
}

function textLines(block: TextBlock, x: number, firstBaseline: number, lineHeight: number, attrs: string) {
  const spans = block.lines
    .map(
      (line, i) =>
        `<tspan x="${num(x)}" y="${num(firstBaseline + i * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<text font-size="${block.size}" ${attrs}>${spans}</text>`;
}

const ageLabel = (age: number | undefined) => (age && age > 0 ? `${age}+` : '');

// ---------------------------------------------------------------------------------------------------
// Title images

/** Poster 285 × 400: composition on top, title set at the bottom over a dark scrim. */
export function posterSvg(entry: TitleImageEntry): string {
  const { width: w, height: h } = IMAGE_SIZES.poster;
  const art = artFor(entry, 'poster');
  const { pal, id, rng } = art;
  const c: Canvas = { w, h, fx: w * between(rng, 0.3, 0.7), fy: h * between(rng, 0.24, 0.38), s: w };
  const [defs, body] = backdrop(art, c);
  const pad = 20;
  const title = fitText(entry.title, { maxWidth: w - pad - 14, maxLines: 3, sizes: [38, 34, 30, 27, 24] });
  const lh = Math.round(title.size * 1.06);
  const bottom = h - 24;
  const firstBaseline = bottom - (title.lines.length - 1) * lh;
  const metaY = firstBaseline - title.size - 8;
  const live = entry.type === 'channel';
  const metaX = pad + (live ? 14 : 0);
  const meta = metaLine(entry, w - pad - metaX, 13, 1.2);
  const age = ageLabel(entry.age_rating);
  const scrimTop = Math.max(0.2, (metaY - 70) / h);
  return (
    svgOpen(w, h, entry.title) +
    `<defs>${defs}<linearGradient id="${id}v" x1="0" y1="0" x2="0" y2="1"><stop offset="${num(scrimTop)}" stop-color="${pal.deep}" stop-opacity="0"/><stop offset="${num(Math.min(0.9, scrimTop + 0.28))}" stop-color="${pal.deep}" stop-opacity=".8"/><stop offset="1" stop-color="${pal.deep}" stop-opacity=".96"/></linearGradient></defs>` +
    body +
    `<rect width="${w}" height="${h}" fill="url(#${id}v)"/>` +
    (live
      ? `<circle cx="${pad + 4}" cy="${num(metaY - 4.5)}" r="4.5" fill="#ff453a"/>`
      : `<rect x="${pad}" y="${num(metaY - 24)}" width="24" height="3" rx="1.5" fill="${pal.accent}"/>`) +
    `<text x="${metaX}" y="${num(metaY)}" font-family="${FONT}" font-size="13" font-weight="700" letter-spacing="1.2" fill="${pal.glow}">${escapeXml(meta)}</text>` +
    textLines(title, pad - 1, firstBaseline, lh, `font-family="${FONT}" font-weight="700" fill="#fff"`) +
    (age
      ? `<g font-family="${FONT}"><rect x="${w - 54}" y="16" width="38" height="24" rx="6" fill="#000" fill-opacity=".4" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/><text x="${w - 35}" y="33" font-size="13" font-weight="700" fill="#fff" text-anchor="middle">${age}</text></g>`
      : '') +
    '</svg>'
  );
}

function heroImage(entry: TitleImageEntry, kind: 'banner' | 'wide_poster', withTitle: boolean): string {
  const { width: w, height: h } = IMAGE_SIZES[kind];
  const art = artFor(entry, kind);
  const { pal, id, rng } = art;
  const c: Canvas = { w, h, fx: w * between(rng, 0.66, 0.8), fy: h * between(rng, 0.32, 0.48), s: h };
  const [defs, body] = backdrop(art, c);
  const scrims =
    `<linearGradient id="${id}l" x1="0" x2="1"><stop offset="0" stop-color="${pal.deep}" stop-opacity=".96"/><stop offset=".34" stop-color="${pal.deep}" stop-opacity=".78"/><stop offset=".66" stop-color="${pal.deep}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset=".6" stop-color="${pal.deep}" stop-opacity="0"/><stop offset="1" stop-color="${pal.deep}" stop-opacity=".85"/></linearGradient>`;
  let text = '';
  if (withTitle) {
    const x = 72;
    // The title block sits in the upper half: the home hero sets the card's own title and «genre, year»
    // over the lower part of the banner (ui-kit BannerCard size `l`), and on a phone that caption covers
    // the lower half, so a centred block collided with it.
    const title = fitText(entry.title, { maxWidth: 640, maxLines: 2, sizes: [64, 56, 48, 44, 40] });
    const lh = Math.round(title.size * 1.06);
    const metaY = Math.round(h * 0.13);
    const firstBaseline = metaY + 22 + title.size;
    const age = ageLabel(entry.age_rating);
    const meta = metaLine(entry, 600, 18, 3, true) + (age ? ` · ${age}` : '');
    text =
      `<rect x="${x}" y="${num(metaY - 34)}" width="40" height="4" rx="2" fill="${pal.accent}"/>` +
      `<text x="${x}" y="${num(metaY)}" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="3" fill="${pal.glow}">${escapeXml(meta)}</text>` +
      textLines(title, x - 3, firstBaseline, lh, `font-family="${FONT}" font-weight="700" fill="#fff"`);
  }
  return (
    svgOpen(w, h, entry.title) +
    `<defs>${defs}${scrims}</defs>` +
    body +
    `<rect width="${w}" height="${h}" fill="url(#${id}l)"/><rect width="${w}" height="${h}" fill="url(#${id}b)"/>` +
    text +
    '</svg>'
  );
}

/** Banner 1280 × 540 for the home hero: composition on the right, title top left over a scrim. */
export function bannerSvg(entry: TitleImageEntry): string {
  return heroImage(entry, 'banner', true);
}

/**
 * Wide poster 1280 × 720: the backdrop of the content card. No title in it: the card page sets the
 * logotype and the details over its darkened left side.
 */
export function widePosterSvg(entry: TitleImageEntry): string {
  return heroImage(entry, 'wide_poster', false);
}

/** Logotype 600 × 200 on a transparent background: the title as stylised type. */
export function logotypeSvg(entry: TitleImageEntry): string {
  const { width: w, height: h } = IMAGE_SIZES.logotype;
  const { pal, id, hash } = artFor(entry, 'logotype');
  // Two styles: tracked capitals (most titles) or large sentence case.
  const upper = hash % 3 !== 0;
  const tracking = upper ? 3 : 0;
  const title = fitText(entry.title, {
    maxWidth: w - 16,
    maxLines: 2,
    sizes: upper ? [70, 62, 54, 48, 42, 36] : [84, 74, 64, 56, 48, 40],
    upper,
    tracking,
  });
  const lh = Math.round(title.size * (upper ? 1.04 : 1.02));
  const cap = title.size * 0.72;
  const blockH = cap + (title.lines.length - 1) * lh + 20;
  const firstBaseline = (h - blockH) / 2 + cap;
  const lastBaseline = firstBaseline + (title.lines.length - 1) * lh;
  const widest = Math.max(...title.lines.map((l) => textWidth(l, title.size, upper, tracking)));
  return (
    svgOpen(w, h, entry.title) +
    `<defs><linearGradient id="${id}t" gradientUnits="userSpaceOnUse" x1="0" y1="${num(firstBaseline - cap)}" x2="0" y2="${num(lastBaseline)}"><stop offset="0" stop-color="#fff"/><stop offset=".45" stop-color="#fff"/><stop offset="1" stop-color="${pal.tint}"/></linearGradient>` +
    `<filter id="${id}s" x="-5%" y="-20%" width="110%" height="140%"><feDropShadow dx="0" dy="2" stdDeviation="4" flood-color="#000" flood-opacity=".6"/></filter></defs>` +
    `<g filter="url(#${id}s)">` +
    textLines(
      title,
      6,
      firstBaseline,
      lh,
      `font-family="${FONT}" font-weight="700"${tracking ? ` letter-spacing="${tracking}"` : ''} fill="url(#${id}t)"`,
    ) +
    `<rect x="8" y="${num(lastBaseline + 20)}" width="${num(Math.max(48, Math.min(110, widest * 0.25)))}" height="6" rx="3" fill="${pal.accent}"/>` +
    '</g></svg>'
  );
}

export function generateTitleImages(entry: TitleImageEntry): TitleImages {
  return {
    poster: posterSvg(entry),
    banner: bannerSvg(entry),
    wide_poster: widePosterSvg(entry),
    logotype: logotypeSvg(entry),
  };
}

// ---------------------------------------------------------------------------------------------------
// Channels and stickers

const SKIP_WORDS = new Set(['и', 'в', 'на', 'с', 'о', 'по', 'для', 'the', 'of', 'tv', 'тв']);

/** «Кадр Новости» → «КН», «Детский» → «Д», «Наука и жизнь» → «НЖ». */
export function monogram(name: string): string {
  const words = name
    .split(/[\s\-–—.,]+/)
    .filter((w) => w && !SKIP_WORDS.has(w.toLowerCase()) && /[\p{L}\d]/u.test(w));
  const letters = words.map((w) => [...w].find((ch) => /[\p{L}\d]/u.test(ch)) ?? '');
  return letters.slice(0, 2).join('').toUpperCase() || '•';
}

/** Channel logo 400 × 400: a rounded tile with the channel's monogram in a ring, and its name. */
export function channelLogoSvg(channel: ChannelImageEntry): string {
  const { width: w, height: h } = IMAGE_SIZES.channel_logo;
  // Channels are brands: the hue comes from the key alone, so neighbouring logos differ.
  const pal = paletteFor(channel.key);
  const id = idPrefix(channel.key, 'channel');
  const rng = seeded(hashString(channel.key));
  const mark = monogram(channel.name);
  const markFit = fitText(mark, { maxWidth: 170, maxLines: 1, sizes: [120, 104, 92, 80, 72, 64] });
  const name = fitText(channel.name, { maxWidth: 330, maxLines: 2, sizes: [38, 34, 30, 26] });
  const lh = Math.round(name.size * 1.1);
  const cy = name.lines.length > 1 ? 148 : 162;
  const r = 108;
  const nameTop = cy + r + 24 + name.size * 0.72;
  const arcStart = between(rng, 0, 360);
  const arc = between(rng, 0.18, 0.32) * 2 * Math.PI * r;
  return (
    svgOpen(w, h, channel.name) +
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.mid}"/><stop offset=".55" stop-color="${pal.base}"/><stop offset="1" stop-color="${pal.deep}"/></linearGradient>` +
    `<radialGradient id="${id}h" cx=".5" cy="${num(cy / h)}" r=".55"><stop offset="0" stop-color="${pal.light}" stop-opacity=".45"/><stop offset="1" stop-color="${pal.light}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" rx="72" fill="url(#${id}g)"/><rect width="${w}" height="${h}" rx="72" fill="url(#${id}h)"/>` +
    `<circle cx="200" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".06" stroke="#fff" stroke-opacity=".2" stroke-width="8"/>` +
    `<circle cx="200" cy="${cy}" r="${r}" fill="none" stroke="${pal.accent}" stroke-width="8" stroke-linecap="round" stroke-dasharray="${num(arc)} ${num(2 * Math.PI * r)}" transform="rotate(${num(arcStart)} 200 ${cy})"/>` +
    `<text x="200" y="${num(cy + markFit.size * 0.36)}" font-family="${FONT}" font-size="${markFit.size}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(markFit.lines[0] ?? '')}</text>` +
    `<text font-family="${FONT}" font-size="${name.size}" font-weight="700" fill="#fff" text-anchor="middle">${name.lines
      .map((line, i) => `<tspan x="200" y="${num(nameTop + i * lh)}">${escapeXml(line)}</tspan>`)
      .join('')}</text>` +
    '</svg>'
  );
}

export function generateChannelImages(channel: ChannelImageEntry): { logo: string } {
  return { logo: channelLogoSvg(channel) };
}

/** Sticker 120 × 48 (shown at 60 × 24): a coloured pill with the sticker's word. */
export function stickerSvg(sticker: StickerImageEntry): string {
  const { width: w, height: h } = IMAGE_SIZES.sticker;
  const color =
    sticker.color && /^#[0-9a-f]{6}$/i.test(sticker.color) ? sticker.color : paletteFor(sticker.key).accent;
  const ink = luminance(color) > 0.45 ? '#111' : '#fff';
  const fit = fitText(sticker.title, {
    maxWidth: w - 16,
    maxLines: 1,
    sizes: [22, 21, 20, 19, 18, 17, 16, 15, 14],
  });
  const text = fit.lines[0] ?? '';
  return (
    svgOpen(w, h, sticker.title) +
    `<rect width="${w}" height="${h}" rx="12" fill="${color}"/>` +
    `<text x="${w / 2}" y="${num(h / 2 + fit.size * 0.36)}" font-family="${FONT}" font-size="${fit.size}" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(text)}</text>` +
    '</svg>'
  );
}
