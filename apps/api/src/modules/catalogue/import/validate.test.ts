import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, fixtureData } from '../../../test/catalogue-fixture';
import { ManifestError, parseManifestText, validateManifest } from './validate';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes files into a fresh folder and answers their absolute paths by name. */
function filesOf(files: Record<string, string | Uint8Array>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-images-'));
  temps.push(dir);
  const paths: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) {
    paths[name] = join(dir, name);
    writeFileSync(join(dir, name), data);
  }
  return paths;
}

const bytes = (...values: number[]) => Uint8Array.from(values);

function problemsOf(data: unknown): readonly string[] {
  try {
    validateManifest(data, FIXTURE_DIR);
  } catch (error) {
    if (error instanceof ManifestError) return error.problems;
    throw error;
  }
  return [];
}

function setup() {
  return { data: fixtureData() };
}

describe('manifest validation', () => {
  it('accepts the test catalogue and fills defaults', () => {
    const manifest = validateManifest(fixtureData(), FIXTURE_DIR);
    const noch = manifest.titles.find((t) => t.key === 'noch')!;
    expect(noch).toMatchObject({ is_preview: false, images: {}, countries: ['ru'] });
    expect(manifest.channels[1]).toMatchObject({ genres: [], archive_days: 3 });
  });

  it("checks channels' XMLTV ids: text without spaces, numbers as text, each on one channel", () => {
    const { data } = setup();
    data.channels[1]!.xmltv_id = 'novosti.kadr.tv';
    data.channels.push({ key: 'kadr-sport', name: 'Кадр Спорт', xmltv_id: 'kadr sport' });
    data.channels.push({ key: 'kadr-muzyka', name: 'Кадр Музыка', xmltv_id: 1024 });
    expect(problemsOf(data)).toEqual([
      'channels[2] (key "kadr-sport"): xmltv_id: expected 1–200 characters without spaces (e.g. novosti.kadr.tv)',
      'channels[1] (key "kadr-kino"): xmltv_id: "novosti.kadr.tv" is also the xmltv_id of channels[0]',
    ]);
    data.channels.splice(2, 1);
    data.channels[1]!.xmltv_id = 'kino.kadr.tv';
    expect(validateManifest(data, FIXTURE_DIR).channels.map((c) => c.xmltv_id)).toEqual([
      'novosti.kadr.tv',
      'kino.kadr.tv',
      '1024',
    ]);
  });

  it('checks packages: references, duplicates, and preview_timer only with is_preview', () => {
    const { data } = setup();
    data.packages = [
      { key: 'kadr', name: 'Подписка Кадр' },
      { key: 'kadr', name: 'Ещё одна' },
    ];
    Object.assign(data.titles[0]!, { package: 'kino' });
    Object.assign(data.titles[3]!, { is_preview: false, preview_timer: 20 });
    Object.assign(data.titles[2]!, { preview_timer: 0 });
    expect(problemsOf(data)).toEqual([
      'titles[2] (key "vesyolye-kanikuly"): preview_timer: expected seconds > 0',
      'packages[1] (key "kadr"): key: duplicate of packages[0]',
      'titles[0] (key "tikhiy-dom"): package: unknown package "kino"',
      'titles[3] (key "noch"): preview_timer: only a title with is_preview has a preview_timer',
    ]);
  });

  it('checks package tariffs and children: unknown, a parent as a child, cycles, no tariff', () => {
    const { data } = setup();
    data.packages = [
      { key: 'kadr', name: 'Подписка Кадр', children: ['kino', 'nope', 'sport', 'kino'] },
      { key: 'kino', name: 'Кино', children: ['kadr'] },
      { key: 'sport', name: 'Спорт', children: ['sport'], tariffs: [] },
      { key: 'muzyka', name: 'Музыка', cost: 99, tariffs: [{ cost: 99 }] },
      { key: 'detskoe', name: 'Детское', tariffs: [{ cost: -1, trial_days: 100 }], store: 'App Store' },
    ];
    expect(problemsOf(data)).toEqual([
      'packages[4] (key "detskoe"): tariffs[0].cost: Too small: expected number to be >=0',
      'packages[4] (key "detskoe"): tariffs[0].trial_days: Too big: expected number to be <=90',
      'packages[4] (key "detskoe"): store: expected web, hand or a store name like google_play',
      'packages[0] (key "kadr"): children[1]: unknown package "nope"',
      'packages[0] (key "kadr"): children[3]: "kino" is listed twice',
      'packages[0] (key "kadr"): children[0]: cycle: "kadr" → "kino" → "kadr"',
      'packages[0] (key "kadr"): children[2]: "sport" is itself a parent: children are individual packages',
      'packages[0] (key "kadr"): children[3]: cycle: "kadr" → "kino" → "kadr"',
      'packages[1] (key "kino"): children[0]: cycle: "kino" → "kadr" → "kino"',
      'packages[2] (key "sport"): tariffs: at least one tariff',
      'packages[2] (key "sport"): children[0]: cycle: a package cannot be its own child',
      'packages[3] (key "muzyka"): tariffs: give tariffs, or pay_text and cost for one monthly tariff, not both',
    ]);
  });

  it('refuses an empty package list', () => {
    const { data } = setup();
    data.packages = [];
    expect(problemsOf(data)).toEqual(['packages: at least one package']);
  });

  it('names the entry, its key and the nested field of a missing value', () => {
    const { data } = setup();
    data.titles[1]!.seasons![1]!.episodes[0] = { duration: 10 };
    expect(problemsOf(data)).toEqual([
      'titles[1] (key "moskva-slezam"): seasons[1].episodes[0].title: required',
    ]);
  });

  it('reports every schema problem at once, then the references of well-formed entries', () => {
    const { data } = setup();
    data.titles[0]!.age_rating = 14;
    data.titles[0]!.rating = 11;
    data.titles[2]!.type = 'cartoon';
    data.titles[3]!.description = '';
    data.titles[3]!.colour = 'red';
    data.channels[0]!.key = 'Кадр';
    data.collections[0]!.tabs = ['home'];
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): age_rating: expected one of 0, 6, 12, 16, 18',
      'titles[0] (key "tikhiy-dom"): rating: Too big: expected number to be <=10',
      'titles[2] (key "vesyolye-kanikuly"): type: expected one of "film"|"series"|"tvshow"|"channel"',
      'titles[3] (key "noch"): description: must not be empty',
      'titles[3] (key "noch"): unknown field "colour"',
      'channels[0] (key "Кадр"): key: expected 1–80 characters of a-z, 0-9 and -',
      'collections[0] (key "home-hero"): tabs[0]: expected one of "Main2"|"tv_channels_tab"|"search"',
      // The references of the well-formed entries are checked in the same run: the channel's key
      // is no longer "kadr-novosti".
      'titles[4] (key "kadr-novosti-efir"): channel: unknown channel "kadr-novosti"',
      'collections[3] (key "tv-channels"): items[0]: unknown channel "kadr-novosti"',
    ]);
  });

  it('checks the version and top-level fields', () => {
    expect(problemsOf({ version: 2, films: [] })).toEqual([
      'version: expected 1',
      '(manifest): unknown field "films"',
    ]);
    expect(problemsOf([])).toEqual(['(manifest): expected object, received array']);
  });

  it('refuses references to unknown genres, countries, stickers, labels, channels and titles', () => {
    const { data } = setup();
    data.titles[0]!.genres = ['drama', 'horror'];
    data.titles[0]!.countries = ['fr'];
    data.titles[0]!.sticker = 'hot';
    data.titles[1]!.partner_label = 'nobody';
    data.titles[4]!.channel = 'kadr-sport';
    data.channels[0]!.genres = ['sport'];
    data.collections[0]!.items = ['tikhiy-dom', 'kadr-novosti'];
    data.collections[3]!.items = ['kadr-novosti', 'tikhiy-dom'];
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): genres[1]: unknown genre "horror"',
      'titles[0] (key "tikhiy-dom"): countries[0]: unknown country "fr"',
      'titles[0] (key "tikhiy-dom"): sticker: unknown sticker "hot"',
      'titles[1] (key "moskva-slezam"): partner_label: unknown partner label "nobody"',
      'titles[4] (key "kadr-novosti-efir"): channel: unknown channel "kadr-sport"',
      'channels[0] (key "kadr-novosti"): genres[0]: unknown genre "sport"',
      'collections[0] (key "home-hero"): items[1]: unknown title "kadr-novosti"',
      'collections[3] (key "tv-channels"): items[1]: unknown channel "tikhiy-dom"',
    ]);
  });

  it('refuses duplicate keys, repeated references and repeated season numbers', () => {
    const { data } = setup();
    data.titles.push({ ...data.titles[3]!, title: 'Ночь 2' });
    data.titles[0]!.genres = ['drama', 'drama'];
    data.titles[1]!.seasons![1]!.number = 1;
    data.collections[1]!.items = ['noch', 'noch'];
    expect(problemsOf(data)).toEqual([
      'titles[6] (key "noch"): key: duplicate of titles[3]',
      'titles[0] (key "tikhiy-dom"): genres[1]: "drama" is listed twice',
      'titles[1] (key "moskva-slezam"): seasons[1].number: 1 is also seasons[0]',
      'collections[1] (key "home-new"): items[1]: "noch" is listed twice',
    ]);
  });

  it('applies the rules of each type: seasons for series and shows, a channel for channel items', () => {
    const { data } = setup();
    delete data.titles[1]!.seasons;
    data.titles[0]!.seasons = [{ number: 1, episodes: [] }];
    delete data.titles[4]!.channel;
    data.titles[2]!.channel = 'kadr-kino';
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): seasons: only series and tvshow have seasons',
      'titles[1] (key "moskva-slezam"): seasons: required for type series',
      'titles[2] (key "vesyolye-kanikuly"): channel: only type channel names a channel',
      'titles[4] (key "kadr-novosti-efir"): channel: required for type channel',
    ]);
  });

  it('checks that image files exist and have an image extension', () => {
    const { data } = setup();
    data.titles[0]!.images = {
      poster: 'images/nope.png',
      banner: 'notes.txt',
      logotype: 'https://cdn.example.ru/l.png',
    };
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): images.banner: expected an http(s) URL or a .png, .jpg, .jpeg, .webp, .gif, .svg file',
    ]);
    data.titles[0]!.images = { poster: 'images/nope.png' };
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): images.poster: file not found: images/nope.png',
    ]);
  });

  it('accepts PNG, JPEG, WebP, GIF and SVG content under their extensions', () => {
    const { data } = setup();
    const files = filesOf({
      'a.jpg': bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10),
      'b.webp': Uint8Array.from([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]),
      'c.gif': Buffer.from('GIF89a\x01\x00\x01\x00'),
      'd.svg': '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1"/>',
    });
    data.titles[0]!.images = {
      poster: 'images/tikhiy-dom-poster.png',
      banner: files['a.jpg'],
      wide_poster: files['b.webp'],
      logotype: files['c.gif'],
    };
    data.channels[0]!.logo = files['d.svg'];
    expect(problemsOf(data)).toEqual([]);
  });

  it('refuses image files whose content is not the image their name says, naming entry and field', () => {
    const { data } = setup();
    const files = filesOf({
      'notes.png': 'Постер будет позже.\n',
      'photo.png': bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10),
      'empty.webp': '',
      'page.svg': '<html><body>not a drawing</body></html>',
    });
    data.titles[0]!.images = { poster: files['notes.png'], banner: files['photo.png'] };
    data.titles[1]!.seasons![0]!.episodes[0]!.poster = files['empty.webp'];
    data.stickers = [{ key: 'new', title: 'Новинка', image: files['page.svg'] }];
    expect(problemsOf(data)).toEqual([
      `stickers[0] (key "new"): image: not a SVG image: ${files['page.svg']}`,
      `titles[0] (key "tikhiy-dom"): images.poster: not a PNG image: ${files['notes.png']}`,
      `titles[0] (key "tikhiy-dom"): images.banner: not a PNG image (the file holds JPEG): ${files['photo.png']}`,
      `titles[1] (key "moskva-slezam"): seasons[0].episodes[0].poster: not a WebP image: ${files['empty.webp']}`,
    ]);
  });

  it('refuses image URLs the API contract would refuse in its answers', () => {
    const { data } = setup();
    data.titles[0]!.images = {
      poster: 'http://',
      banner: 'https://cdn example.ru/p.png',
      logotype: 'https://cdn.example.ru/l.png?v=2',
    };
    data.channels[1]!.logo = 'http://[not-a-host]/logo.png';
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): images.poster: not a valid http(s) URL: http://',
      'titles[0] (key "tikhiy-dom"): images.banner: not a valid http(s) URL: https://cdn example.ru/p.png',
      'channels[1] (key "kadr-kino"): logo: not a valid http(s) URL: http://[not-a-host]/logo.png',
    ]);
  });

  it('checks the references of well-formed entries in the same run as the shape problems', () => {
    const { data } = setup();
    data.genres[0]!.name = ''; // drama: malformed, yet titles naming it are not told it is unknown
    data.titles[1]!.seasons![1]!.episodes[0] = { duration: 10 };
    data.titles[1]!.sticker = 'hot'; // in a malformed entry: reported once that entry is fixed
    data.titles[2]!.genres = ['comedy', 'horror'];
    data.collections[1]!.items = ['noch', 'moskva-slezam', 'noch'];
    expect(problemsOf(data)).toEqual([
      'genres[0] (key "drama"): name: must not be empty',
      'titles[1] (key "moskva-slezam"): seasons[1].episodes[0].title: required',
      'titles[2] (key "vesyolye-kanikuly"): genres[1]: unknown genre "horror"',
      'collections[1] (key "home-new"): items[2]: "noch" is listed twice',
    ]);
  });

  it('lists only the shape problems when one lies outside the entries', () => {
    const { data } = setup();
    data.version = 2;
    data.titles[2]!.genres = ['comedy', 'horror'];
    expect(problemsOf(data)).toEqual(['version: expected 1']);
  });

  it('reads numeric YAML keys as text', () => {
    const raw = parseManifestText(
      'version: 1\ngenres: [{ key: drama, name: Драма }]\ntitles:\n  - { key: 1917, type: film, title: "1917", description: Война., genres: [drama] }\n',
      'yaml',
    );
    expect(validateManifest(raw, FIXTURE_DIR).titles[0]!.key).toBe('1917');
  });

  it('reports YAML and JSON syntax errors with their position', () => {
    expect(() => parseManifestText('version: 1\ntitles: [\n', 'yaml')).toThrow(
      /YAML syntax error at line \d+, column \d+/,
    );
    expect(() => parseManifestText('{"version": 1,', 'json')).toThrow(/JSON syntax error/);
  });
});
