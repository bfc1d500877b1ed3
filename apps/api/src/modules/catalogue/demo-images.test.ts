import { describe, expect, it } from 'vitest';
import { checkWellFormedXml } from '../../test/xml-check';
import {
  bannerSvg,
  channelLogoSvg,
  escapeXml,
  fitText,
  generateChannelImages,
  generateTitleImages,
  IMAGE_SIZES,
  logotypeSvg,
  monogram,
  paletteFor,
  posterSvg,
  stickerSvg,
  type TitleImageEntry,
  textWidth,
  widePosterSvg,
} from './demo-images';

const ENTRIES: TitleImageEntry[] = [
  {
    key: 'tikhiy-dom',
    title: 'Тихий дом',
    type: 'film',
    year: 2021,
    genres: ['драма', 'триллер'],
    age_rating: 16,
  },
  {
    key: 'sol-i-perets',
    title: `Соль & перец <"шоу"> 'live'`,
    type: 'tvshow',
    year: 2022,
    genres: ['кулинария'],
    age_rating: 0,
  },
  {
    key: 'dlinnoe',
    title:
      'Достопримечательности северного полушария и другие очень длинные истории, которые никуда не помещаются',
    type: 'series',
    year: 1995,
    genres: ['документальный'],
    age_rating: 12,
  },
  { key: 'efir', title: 'Кадр Новости. Прямой эфир', type: 'channel', genres: ['новости'] },
  { key: 'bez-zhanra', title: 'Ы', type: 'film', genres: [] },
  { key: 'privet', title: 'Большой привет с Венеры', type: 'film', year: 2024, genres: ['комедия'] },
];

const KINDS = [
  ['poster', posterSvg],
  ['banner', bannerSvg],
  ['wide_poster', widePosterSvg],
  ['logotype', logotypeSvg],
] as const;

function expectSvg(svg: string, size: { width: number; height: number }) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain(`viewBox="0 0 ${size.width} ${size.height}"`);
  expect(svg).toContain(`width="${size.width}" height="${size.height}"`);
  expect(svg).not.toMatch(/NaN|Infinity|undefined|null|\[object/);
  const names = checkWellFormedXml(svg);
  expect(names[0]).toBe('svg');
  // Small enough to send inline with a rail of 15 cards.
  expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
}

describe('title images', () => {
  it.each(KINDS)('%s: well-formed SVG of the documented size, for every kind of entry', (kind, draw) => {
    for (const entry of ENTRIES) expectSvg(draw(entry), IMAGE_SIZES[kind]);
  });

  it('generateTitleImages returns the four kinds, the same as the single generators', () => {
    const entry = ENTRIES[0]!;
    const images = generateTitleImages(entry);
    expect(Object.keys(images).sort()).toEqual(['banner', 'logotype', 'poster', 'wide_poster']);
    expect(images.poster).toBe(posterSvg(entry));
    expect(images.banner).toBe(bannerSvg(entry));
    expect(images.wide_poster).toBe(widePosterSvg(entry));
    expect(images.logotype).toBe(logotypeSvg(entry));
  });

  it('escapes every text it sets', () => {
    const entry = ENTRIES[1]!;
    for (const [, draw] of KINDS) {
      const svg = draw(entry);
      expect(svg).not.toContain('<"шоу">');
      expect(svg).not.toMatch(/& /);
      expect(svg).toContain('&amp;');
    }
    expect(posterSvg(entry)).toContain('&lt;&quot;шоу&quot;&gt;');
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('sets the title, the main genre and the year on posters and banners', () => {
    const entry = ENTRIES[0]!;
    for (const svg of [posterSvg(entry), bannerSvg(entry)]) {
      expect(svg).toContain('Тихий дом');
      expect(svg).toContain('ДРАМА');
      expect(svg).toContain('2021');
      expect(svg).toContain('16+');
    }
    expect(posterSvg(ENTRIES[3]!)).toContain('ПРЯМОЙ ЭФИР');
    expect(posterSvg({ ...ENTRIES[0]!, age_rating: 0 })).not.toContain('0+');
  });

  it('keeps the wide poster free of text (the card page sets the logotype over it)', () => {
    expect(widePosterSvg(ENTRIES[0]!)).not.toContain('<text');
  });

  it('draws the logotype on a transparent background', () => {
    const svg = logotypeSvg(ENTRIES[0]!);
    expect(svg).not.toMatch(/<rect width="600" height="200"/);
    expect(svg).toContain('ТИХИЙ ДОМ'.slice(0, 1));
  });

  it('is deterministic', () => {
    for (const entry of ENTRIES) {
      expect(generateTitleImages({ ...entry })).toEqual(generateTitleImages(entry));
    }
    expect(paletteFor('tikhiy-dom', 'драма')).toEqual(paletteFor('tikhiy-dom', 'драма'));
  });

  it('gives different keys different palettes and different pictures', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `title-${i}`);
    for (const genre of ['драма', 'комедия', 'ужасы', 'неизвестный жанр']) {
      const palettes = new Set(keys.map((k) => JSON.stringify(paletteFor(k, genre))));
      expect(palettes.size).toBe(keys.length);
      const hues = new Set(keys.map((k) => Math.round(paletteFor(k, genre).hue / 5)));
      expect(hues.size).toBeGreaterThan(3);
    }
    const a = { ...ENTRIES[0]!, key: 'odin' };
    const b = { ...ENTRIES[0]!, key: 'dva' };
    expect(posterSvg(a)).not.toBe(posterSvg(b));
    expect(paletteFor('odin', 'драма').base).not.toBe(paletteFor('dva', 'драма').base);
  });

  it('keeps colours within a cinematic range: dark bases, light type colours', () => {
    const lightness = (hex: string) => {
      const v = Number.parseInt(hex.slice(1), 16);
      return (
        (Math.max((v >> 16) & 255, (v >> 8) & 255, v & 255) +
          Math.min((v >> 16) & 255, (v >> 8) & 255, v & 255)) /
        510
      );
    };
    for (let i = 0; i < 60; i++) {
      const p = paletteFor(`k-${i}`, ['драма', 'мультфильм', 'фантастика', 'комедия'][i % 4]);
      for (const c of Object.values(p).filter((v) => typeof v === 'string'))
        expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(lightness(p.deep)).toBeLessThan(0.15);
      expect(lightness(p.tint)).toBeGreaterThan(0.8);
    }
  });
});

describe('fitText', () => {
  const poster = { maxWidth: 245, maxLines: 3, sizes: [38, 34, 30, 27, 24] };

  it('keeps a short title on one line at the largest size', () => {
    expect(fitText('Хребет', poster)).toEqual({ lines: ['Хребет'], size: 38, truncated: false });
  });

  it('wraps a long Russian title to at most three lines that fit', () => {
    const block = fitText('Прощальный рейс на Анадырь', poster);
    expect(block.lines.length).toBeGreaterThan(1);
    expect(block.lines.length).toBeLessThanOrEqual(3);
    expect(block.truncated).toBe(false);
    expect(block.lines.join(' ')).toBe('Прощальный рейс на Анадырь');
    for (const line of block.lines) expect(textWidth(line, block.size)).toBeLessThanOrEqual(poster.maxWidth);
  });

  it('never leaves a one- or two-letter word at the end of a line', () => {
    for (const title of ['Шёпот в подвале', 'Рубеж у Ладоги', 'Бег по облакам', 'Лето в Кукушкино']) {
      for (const line of fitText(title, { ...poster, sizes: [60] }).lines) {
        expect(line).not.toMatch(/\s\p{L}{1,2}$/u);
      }
    }
  });

  it('cuts what does not fit with an ellipsis', () => {
    const block = fitText(ENTRIES[2]!.title, poster);
    expect(block.truncated).toBe(true);
    expect(block.lines).toHaveLength(3);
    expect(block.lines[2]!.endsWith('…')).toBe(true);
    expect(block.size).toBe(24);
    for (const line of block.lines) expect(textWidth(line, block.size)).toBeLessThanOrEqual(poster.maxWidth);
  });

  it('hyphenates a single word longer than the line', () => {
    const block = fitText('Достопримечательностями', { maxWidth: 200, maxLines: 3, sizes: [30] });
    expect(block.lines.length).toBeGreaterThan(1);
    expect(block.lines[0]!.endsWith('-')).toBe(true);
    for (const line of block.lines) expect(line).not.toMatch(/^[ьъй]/);
  });

  it('sets long titles on posters in at most three lines', () => {
    const svg = posterSvg(ENTRIES[2]!);
    const title = /<text font-size="\d+" font-family[^>]*font-weight="700" fill="#fff">(.*?)<\/text>/.exec(
      svg,
    );
    expect(title).not.toBeNull();
    expect(title![1]!.match(/<tspan/g)?.length).toBe(3);
    expect(title![1]).toContain('…');
  });
});

describe('channel logos and stickers', () => {
  const channels = [
    { key: 'kadr-novosti', name: 'Кадр Новости', genres: ['новости'] },
    { key: 'nauka-i-zhizn', name: 'Наука и жизнь' },
    { key: 'mult-ostrov', name: 'Мульт-остров' },
    { key: 'ampersand', name: 'Кино & <Музыка>' },
  ];

  it('draws a well-formed 400 × 400 logo with the name and a monogram', () => {
    for (const channel of channels) {
      const { logo } = generateChannelImages(channel);
      expect(logo).toBe(channelLogoSvg(channel));
      expectSvg(logo, IMAGE_SIZES.channel_logo);
      expect(logo).toContain(`>${monogram(channel.name)}<`);
    }
    expect(channelLogoSvg(channels[3]!)).toContain('Кино &amp; &lt;Музыка&gt;');
  });

  it('builds monograms from the significant words', () => {
    expect(monogram('Кадр Новости')).toBe('КН');
    expect(monogram('Наука и жизнь')).toBe('НЖ');
    expect(monogram('Детский')).toBe('Д');
    expect(monogram('Мульт-остров')).toBe('МО');
    expect(monogram('«Эпоха»')).toBe('Э');
  });

  it('draws a well-formed 120 × 48 sticker in its colour, with readable ink', () => {
    const red = stickerSvg({ key: 'new', title: 'Новинка', color: '#E5484D' });
    expectSvg(red, IMAGE_SIZES.sticker);
    expect(red).toContain('fill="#E5484D"');
    expect(red).toContain('fill="#fff"');
    expect(red).toContain('>Новинка<');
    const yellow = stickerSvg({ key: 'premiere', title: 'Премьера', color: '#F5B83D' });
    expect(yellow).toContain('fill="#111"');
    const fallback = stickerSvg({ key: 'odd', title: 'Х & <4K>', color: 'red' });
    expectSvg(fallback, IMAGE_SIZES.sticker);
    expect(fallback).toContain('&amp; &lt;4K&gt;');
    expect(stickerSvg({ key: 'a', title: 'A' })).toBe(stickerSvg({ key: 'a', title: 'A' }));
  });
});
