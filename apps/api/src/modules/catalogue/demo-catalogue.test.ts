import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { demoCatalogue } from '../../paths';
import { checkWellFormedXml } from '../../test/xml-check';
import { generateChannelImages, generateTitleImages, stickerSvg } from './demo-images';
import { validateManifest } from './import/validate';

// The demo catalogue's own shape check (the importer validates the full format; this pins what the
// demo promises: counts, variety and the titles that exercise search).
const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const episode = z.strictObject({
  title: z.string().min(1),
  duration: z.number().int().positive(),
  announce: z.boolean().optional(),
});
const title = z.strictObject({
  key,
  type: z.enum(['film', 'series', 'tvshow', 'channel']),
  title: z.string().min(1),
  original_title: z.string().optional(),
  description: z.string().min(80).max(2000),
  year: z.number().int().min(1995).max(2026).optional(),
  genres: z.array(key).min(1),
  countries: z.array(key).min(1),
  age_rating: z.union([z.literal(0), z.literal(6), z.literal(12), z.literal(16), z.literal(18)]),
  rating: z.number().min(5.5).max(8.9).optional(),
  duration: z.number().int().positive().optional(),
  sticker: key.optional(),
  partner_label: key.optional(),
  is_preview: z.boolean(),
  /** Short enough to watch to the end: demo films play 30 s, episodes 12 s (src/media/demo-source.ts). */
  preview_timer: z.number().int().min(5).max(20).optional(),
  trailer: z.strictObject({ title: z.string().min(1), duration: z.number().int().positive() }).optional(),
  seasons: z
    .array(z.strictObject({ number: z.number().int().positive(), episodes: z.array(episode).min(4).max(8) }))
    .optional(),
  channel: key.optional(),
  package: key,
});
const catalogueSchema = z.strictObject({
  version: z.literal(1),
  genres: z.array(z.strictObject({ key, name: z.string().min(1) })),
  countries: z.array(z.strictObject({ key, name: z.string().min(1) })),
  stickers: z.array(
    z.strictObject({ key, title: z.string().min(1), color: z.string().regex(/^#[0-9A-F]{6}$/i) }),
  ),
  partner_labels: z.array(z.strictObject({ key, title: z.string().min(1) })),
  packages: z.array(
    z.strictObject({
      key,
      name: z.string().min(1),
      short_offer: z.string().min(1),
      children: z.array(key).optional(),
      store: z.string().optional(),
      hidden: z.boolean().optional(),
      tariffs: z
        .array(
          z.strictObject({
            cost: z.number().int().positive(),
            trial_days: z.number().int().positive().optional(),
            pay_text: z.string().min(1),
            pay_info: z.string().min(1).optional(),
            texts: z.array(z.string().min(1)).min(1),
          }),
        )
        .length(1),
    }),
  ),
  titles: z.array(title),
  channels: z.array(
    z.strictObject({
      key,
      name: z.string().min(1),
      description: z.string().min(1),
      genres: z.array(key).min(1),
      archive_days: z.number().int().min(1),
    }),
  ),
  collections: z.array(
    z.strictObject({
      key,
      title: z.string().min(1),
      type: z.enum(['teaser', 'banner', 'queue', 'tv_channels']),
      tabs: z.array(z.enum(['Main2', 'tv_channels_tab', 'search'])).min(1),
      position: z.number().int().positive(),
      items: z.array(key).min(4).max(15),
    }),
  ),
});

const raw: unknown = parse(readFileSync(demoCatalogue, 'utf8'));
const catalogue = catalogueSchema.parse(raw);
const { titles, channels, collections } = catalogue;
const ofType = (type: string) => titles.filter((t) => t.type === type);

describe('demo catalogue (apps/api/demo/catalogue.yaml)', () => {
  it('is accepted by the catalogue importer', () => {
    const manifest = validateManifest(raw, dirname(demoCatalogue));
    expect(manifest.titles).toHaveLength(titles.length);
  });

  it('lets a visitor preview most titles (with a preview_timer) and leads a few to the package page', () => {
    const playable = titles.filter((t) => t.type !== 'channel');
    const previewable = playable.filter((t) => t.is_preview);
    expect(previewable.length / playable.length).toBeGreaterThan(0.7);
    expect(playable.length - previewable.length).toBeGreaterThanOrEqual(3);
    for (const t of previewable) expect(t.preview_timer, t.key).toBeDefined();
    for (const t of playable.filter((x) => !x.is_preview)) expect(t.preview_timer, t.key).toBeUndefined();
  });

  it('has films, series, TV shows and live channels in the promised numbers', () => {
    expect(titles.length).toBeGreaterThanOrEqual(44);
    expect(ofType('film').length).toBeGreaterThanOrEqual(22);
    expect(ofType('series').length).toBeGreaterThanOrEqual(12);
    expect(ofType('tvshow').length).toBeGreaterThanOrEqual(3);
    expect(ofType('channel').length).toBeGreaterThanOrEqual(3);
    expect(channels.length).toBeGreaterThanOrEqual(12);
    expect(collections.length).toBeGreaterThanOrEqual(10);
  });

  it('gives every series two or three seasons of 4–8 episodes, numbered from 1, and a few announces', () => {
    for (const t of [...ofType('series'), ...ofType('tvshow')]) {
      expect(t.seasons, t.key).toBeDefined();
      expect(t.seasons!.length, t.key).toBeGreaterThanOrEqual(2);
      expect(t.seasons!.length, t.key).toBeLessThanOrEqual(3);
      expect(t.seasons!.map((s) => s.number)).toEqual(t.seasons!.map((_, i) => i + 1));
      for (const s of t.seasons!) {
        const names = s.episodes.map((e) => e.title);
        expect(new Set(names).size, `${t.key} season ${s.number}`).toBe(names.length);
        expect(names.every((n) => /[а-яё]/i.test(n))).toBe(true);
      }
    }
    const announces = titles
      .flatMap((t) => t.seasons ?? [])
      .flatMap((s) => s.episodes.filter((e) => e.announce));
    expect(announces.length).toBeGreaterThanOrEqual(2);
    for (const t of ofType('film')) {
      expect(t.seasons, t.key).toBeUndefined();
      expect(t.duration, t.key).toBeGreaterThanOrEqual(45 * 60);
    }
  });

  it('has unique keys and only references entries that exist', () => {
    const unique = (keys: string[]) => expect(new Set(keys).size).toBe(keys.length);
    for (const section of [
      catalogue.genres,
      catalogue.countries,
      catalogue.stickers,
      catalogue.partner_labels,
    ])
      unique(section.map((e) => e.key));
    unique(titles.map((t) => t.key));
    unique(channels.map((c) => c.key));
    unique(collections.map((c) => c.key));

    const has = (list: { key: string }[]) => new Set(list.map((e) => e.key));
    const genres = has(catalogue.genres);
    const countries = has(catalogue.countries);
    const titleKeys = has(titles);
    const channelKeys = has(channels);
    for (const t of titles) {
      for (const g of t.genres) expect(genres.has(g), `${t.key}: genre ${g}`).toBe(true);
      for (const c of t.countries) expect(countries.has(c), `${t.key}: country ${c}`).toBe(true);
      if (t.sticker) expect(has(catalogue.stickers).has(t.sticker)).toBe(true);
      if (t.partner_label) expect(has(catalogue.partner_labels).has(t.partner_label)).toBe(true);
      expect(t.channel !== undefined, `${t.key}: channel link`).toBe(t.type === 'channel');
      if (t.channel) expect(channelKeys.has(t.channel), `${t.key}: channel ${t.channel}`).toBe(true);
    }
    for (const c of channels) for (const g of c.genres) expect(genres.has(g), `${c.key}: ${g}`).toBe(true);
    for (const c of collections) {
      const pool = c.type === 'tv_channels' ? channelKeys : titleKeys;
      for (const item of c.items) expect(pool.has(item), `${c.key}: ${item}`).toBe(true);
      unique(c.items);
    }
  });

  it('has the rails the home page, the TV tab and search need', () => {
    const on = (tab: string) => collections.filter((c) => c.tabs.includes(tab as 'Main2'));
    const home = on('Main2').sort((a, b) => a.position - b.position);
    expect(home[0]!.type).toBe('banner');
    expect(home.filter((c) => c.type === 'teaser').length).toBeGreaterThanOrEqual(8);
    const tv = on('tv_channels_tab');
    expect(tv.some((c) => c.type === 'queue')).toBe(true);
    expect(tv.filter((c) => c.type === 'tv_channels').length).toBeGreaterThanOrEqual(2);
    const queue = tv.find((c) => c.type === 'queue')!;
    expect(queue.items.every((k) => titles.find((t) => t.key === k)?.type === 'channel')).toBe(true);
    expect(on('search')).toHaveLength(1);
    expect(on('search')[0]!.title).toBe('Рекомендуем');
    // Every channel is on the TV tab.
    const listed = new Set(tv.filter((c) => c.type === 'tv_channels').flatMap((c) => c.items));
    expect(channels.filter((c) => !listed.has(c.key))).toEqual([]);
  });

  it('varies trailers, stickers, partner labels, previews, ratings and years', () => {
    expect(titles.filter((t) => t.trailer).length).toBeGreaterThanOrEqual(12);
    expect(titles.filter((t) => t.sticker).length).toBeGreaterThanOrEqual(8);
    expect(titles.filter((t) => t.partner_label).length).toBeGreaterThanOrEqual(4);
    const previews = titles.filter((t) => t.is_preview).length / titles.length;
    expect(previews).toBeGreaterThan(0.7);
    expect(previews).toBeLessThan(0.9);
    expect(new Set(titles.map((t) => t.age_rating)).size).toBe(5);
    const years = titles.flatMap((t) => (t.year ? [t.year] : []));
    expect(Math.min(...years)).toBeLessThan(2000);
    expect(Math.max(...years)).toBeGreaterThanOrEqual(2025);
    for (const t of titles.filter((x) => x.type !== 'channel')) expect(t.rating, t.key).toBeDefined();
    expect(new Set(titles.flatMap((t) => t.countries)).size).toBeGreaterThanOrEqual(5);
  });

  it('reaches every package screen: a parent with children, individual packages, a trial, a mobile store, hand', () => {
    const { packages } = catalogue;
    const parents = packages.filter((p) => p.children);
    expect(parents).toHaveLength(1);
    expect(parents[0]!.children!.length).toBeGreaterThanOrEqual(2);
    expect(parents[0]!.children!.length).toBeLessThanOrEqual(3);
    const individual = packages.filter((p) => !p.children);
    expect(individual.length).toBeGreaterThanOrEqual(4);
    expect(packages.some((p) => p.tariffs[0]!.trial_days)).toBe(true);
    expect(packages.filter((p) => p.store === 'hand')).toHaveLength(1);
    expect(packages.filter((p) => p.store && p.store !== 'hand' && p.store !== 'web')).toHaveLength(1);
    expect(packages.some((p) => p.hidden)).toBe(true);
    // Every package sells something, and the children's titles are what the parent unlocks.
    for (const p of packages)
      expect(
        titles.some((t) => t.package === p.key),
        p.key,
      ).toBe(true);
  });

  it('has titles that exercise search', () => {
    const names = titles.map((t) => t.title);
    expect(names.filter((n) => n.startsWith('Пр')).length).toBeGreaterThanOrEqual(4);
    expect(names.some((n) => n.toLowerCase().includes('привет'))).toBe(true);
    expect(
      titles.filter((t) => t.original_title && /^[A-Za-z]/.test(t.original_title)).length,
    ).toBeGreaterThanOrEqual(5);
    expect(names.filter((n) => /[А-ЯЁа-яё]{5,}/.test(n)).length).toBeGreaterThan(30);
    // Russian titles, transliterated keys.
    for (const t of titles) expect(t.title, t.key).toMatch(/[А-ЯЁа-яё]/);
  });

  it('renders every title, channel and sticker to small, well-formed SVG', () => {
    const genreName = new Map(catalogue.genres.map((g) => [g.key, g.name]));
    for (const t of titles) {
      const images = generateTitleImages({ ...t, genres: t.genres.map((g) => genreName.get(g)!) });
      for (const svg of Object.values(images)) {
        checkWellFormedXml(svg);
        expect(Buffer.byteLength(svg), t.key).toBeLessThan(8 * 1024);
      }
    }
    for (const c of channels) checkWellFormedXml(generateChannelImages(c).logo);
    for (const s of catalogue.stickers) checkWellFormedXml(stickerSvg(s));
  });
});
