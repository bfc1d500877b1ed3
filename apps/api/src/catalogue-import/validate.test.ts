import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, fixtureData } from './fixtures';
import { ManifestError, parseManifestText, validateManifest } from './validate';

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
    ]);
    delete data.titles[2]!.preview_timer;
    expect(problemsOf(data)).toEqual([
      'packages[1] (key "kadr"): key: duplicate of packages[0]',
      'titles[0] (key "tikhiy-dom"): package: unknown package "kino"',
      'titles[3] (key "noch"): preview_timer: only a title with is_preview has a preview_timer',
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

  it('reports every schema problem at once', () => {
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

  it('checks that image files exist and are images', () => {
    const { data } = setup();
    data.titles[0]!.images = {
      poster: 'images/nope.png',
      banner: 'notes.txt',
      logotype: 'https://cdn.example.ru/l.png',
    };
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): images.banner: expected an http(s) URL or a .png, .jpg, .jpeg, .webp, .svg file',
    ]);
    data.titles[0]!.images = { poster: 'images/nope.png' };
    expect(problemsOf(data)).toEqual([
      'titles[0] (key "tikhiy-dom"): images.poster: file not found: images/nope.png',
    ]);
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
