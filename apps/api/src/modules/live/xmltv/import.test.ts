import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from '../../../test/catalogue-fixture';
import { backends, useApi } from '../../../test/harness';
import { fillDemoSchedule } from '../demo-schedule-fill';
import { formatGuideSummary, type GuideImportOptions, importGuideFile } from './import';
import { readXmltv, XmltvError } from './read-xmltv';

const SAMPLE = fileURLToPath(new URL('./fixtures/guide.xml', import.meta.url));
const SAMPLE_TEXT = readFileSync(SAMPLE, 'utf8');
/** Debian's xmltv-util (tools/ensure-test-tools.sh installs it): the validator and the DTD it reads. */
const VALIDATOR = '/usr/bin/tv_validate_file';
const DTD = '/usr/share/xmltv/xmltv.dtd';
const validatorInstalled = existsSync(VALIDATOR) && existsSync(DTD);

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes a guide file into a fresh folder; answers its path. */
function guideFile(text: string | Uint8Array, name = 'guide.xml'): string {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-epg-'));
  temps.push(dir);
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

/** tv_validate_file with the packaged DTD (without --dtd-file it fetches the DTD from the web). */
function validate(path: string): { status: number | null; output: string } {
  const run = spawnSync(VALIDATOR, ['--dtd-file', DTD, path], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe.skipIf(!validatorInstalled)(
  `the sample guide and tv_validate_file (xmltv-util)${validatorInstalled ? '' : ` — skipped: ${VALIDATOR} is not installed (tools/ensure-test-tools.sh installs Debian's xmltv-util)`}`,
  () => {
    it('the independent validator accepts the sample guide the import tests read', () => {
      expect(validate(SAMPLE)).toEqual({ status: 0, output: 'Validated ok.\n' });
    });

    it('the validator and the import both refuse a bad start time and an empty title', async () => {
      for (const [broken, problem] of [
        [
          SAMPLE_TEXT.replace('20300115060000 +0300" stop', '2030011506 +0300" stop'),
          /start: expected YYYYMMDDhhmm/,
        ],
        [
          SAMPLE_TEXT.replace('<title lang="ru">Итоги дня</title>', '<title lang="ru"> </title>'),
          /title is required/,
        ],
      ] as const) {
        const path = guideFile(broken);
        expect(validate(path).status).toBe(1);
        await expect(readXmltv([readFileSync(path)])).rejects.toThrow(problem);
      }
    });
  },
);

// The fixture catalogue: channel 1 kadr-novosti (xmltv_id novosti.kadr.tv), channel 2 kadr-kino
// (kino.kadr.tv). 2030-01-15 00:00 MSK = 2030-01-14 21:00Z.
const NOW = new Date('2030-01-15T10:00:00Z');
const DAY_15 = '2030-01-15T00:00+03:00';
const PATH = '/v1/agregator/getTvSchedule';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`XMLTV guide import (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-epg-data-'));
    temps.push(dataDir);

    beforeAll(async () => {
      if (!backend.available) return;
      await loadFixtureCatalogue(api.database.db, join(dataDir, 'media', 'images'), NOW);
    });
    beforeEach(async () => {
      if (backend.available) await api.database.db.execute(sql`truncate tv_programmes restart identity`);
    });

    const db = () => api.database.db;
    const run = (path: string, options: GuideImportOptions = {}) =>
      importGuideFile(db(), path, { now: NOW, ...options });
    const query = async <T = Record<string, unknown>>(text: string) =>
      ((await db().execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    /** Every programme row, as stored. */
    const table = () => query('select * from tv_programmes order by id');
    const overlaps = async () =>
      (
        await query<{ n: number }>(`
          select count(*)::int as n from tv_programmes a join tv_programmes b
            on a.channel_id = b.channel_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at`)
      )[0]!.n;
    const titlesOf = async (channelId: number) =>
      (
        await query<{ t: string }>(
          `select to_char(starts_at at time zone 'Europe/Moscow', 'DD HH24:MI') || ' ' || title as t
           from tv_programmes where channel_id = ${channelId} order by starts_at`,
        )
      ).map((r) => r.t);
    async function problemsOf(path: string, options: GuideImportOptions = {}) {
      try {
        await run(path, options);
      } catch (error) {
        if (error instanceof XmltvError) return error.problems;
        throw error;
      }
      throw new Error('expected the import to be refused');
    }

    it('imports the sample guide; getTvSchedule answers it, Russian text with ё, zones honoured', async () => {
      const summary = await run(SAMPLE);
      expect(summary).toMatchObject({
        imported: [
          { xmltvId: 'novosti.kadr.tv', key: 'kadr-novosti', programmes: 6 },
          { xmltvId: 'kino.kadr.tv', key: 'kadr-kino', programmes: 1 },
        ],
        unknown: [{ xmltvId: 'sport.example.ru', name: 'Спорт Плюс', programmes: 1 }],
        programmes: { created: 7, updated: 0, unchanged: 0, deleted: 0, pruned: 0 },
        withoutStop: 1,
        beforeArchive: 0,
      });
      expect(formatGuideSummary(summary)).toEqual([
        'channels: novosti.kadr.tv → kadr-novosti (6), kino.kadr.tv → kadr-kino (1)',
        'programmes: 7 new, 0 updated, 0 unchanged, 0 deleted',
        'not in the catalogue, skipped: sport.example.ru «Спорт Плюс» (1)',
        'left out: 1 programme(s) without stop (the last of a channel, or before a gap of over 24 h)',
      ]);

      const t = await api.setup({ DATA_DIR: dataDir });
      const { access_token: token } = await t.anonymous();
      const day = async (stream_id: number) =>
        (
          await t.call<{ items: unknown[] }>('POST', PATH, {
            token,
            body: { tv_schedule_day_start_utc0: DAY_15, stream_id },
          })
        ).body.response.items;
      const item = (start: string, end: string, title: string, description: string, images: object = {}) => ({
        tv_air_date_start: start,
        tv_air_date_end: end,
        EK_title: title,
        EK_description: description,
        tv_channel_title: 'Кадр Новости',
        poster_url: null,
        announce_url: null,
        ...images,
      });
      expect(await day(1)).toEqual([
        item('2030-01-14T20:30:00.000Z', '2030-01-14T21:30:00.000Z', 'Ночные новости', 'Главное за вечер.'),
        item(
          '2030-01-14T21:30:00.000Z',
          '2030-01-15T03:00:00.000Z',
          'Ночной эфир',
          'Музыка и разговоры до утра.',
        ),
        item(
          '2030-01-15T03:00:00.000Z',
          '2030-01-15T06:00:00.000Z',
          'Утро на Кадре. Выпуск от 15 января',
          'Всё самое важное — ещё до завтрака.',
          { announce_url: 'https://img.kadr.example/programmes/utro.jpg' },
        ),
        item(
          '2030-01-15T06:00:00.000Z',
          '2030-01-15T06:30:00.000Z',
          'Новости; Погода',
          'Главное к этому часу. Прогноз на день.',
        ),
        item(
          '2030-01-15T06:30:00.000Z',
          '2030-01-15T18:00:00.000Z',
          'Большой эфир',
          'Весь день в прямом эфире.',
          {
            poster_url: 'https://img.kadr.example/programmes/efir-poster.jpg',
          },
        ),
        item(
          '2030-01-15T18:00:00.000Z',
          '2030-01-15T21:30:00.000Z',
          'Итоги дня',
          'Что случилось за день. Переходит за полночь.',
        ),
      ]);
      // 08:00–10:00 in Yekaterinburg (+0500) is 03:00–05:00Z.
      expect(await day(2)).toEqual([
        {
          ...item(
            '2030-01-15T03:00:00.000Z',
            '2030-01-15T05:00:00.000Z',
            'Ирония судьбы, или С лёгким паром!',
            'Новогодняя история о случайной встрече.',
          ),
          tv_channel_title: 'Кадр Кино',
        },
      ]);
    });

    it('changes nothing when the same file is imported again (gzipped too)', async () => {
      await run(SAMPLE);
      const before = await table();
      const again = await run(SAMPLE);
      expect(again.programmes).toEqual({ created: 0, updated: 0, unchanged: 7, deleted: 0, pruned: 0 });
      const zipped = await run(guideFile(gzipSync(readFileSync(SAMPLE)), 'guide.xml.gz'));
      expect(zipped.programmes).toEqual({ created: 0, updated: 0, unchanged: 7, deleted: 0, pruned: 0 });
      expect(await table()).toEqual(before);
    });

    it("replaces the span a file covers: an updated file's changes, and the demo fill's rows in it", async () => {
      await fillDemoSchedule(db(), NOW);
      const demoRows = (await titlesOf(1)).length;
      await run(SAMPLE);
      expect(await overlaps()).toBe(0);
      const titles = await titlesOf(1);
      // The file's span on channel 1 is 14 23:30 – 16 00:30 (Moscow): the demo's programmes before and
      // after it stay, those on air at some moment of it (one began before it) are gone.
      const span = titles.filter((t) => t >= '14 23:30' && t < '16 00:30');
      expect(span).toEqual([
        '14 23:30 Ночные новости',
        '15 00:30 Ночной эфир',
        '15 06:00 Утро на Кадре. Выпуск от 15 января',
        '15 09:00 Новости; Погода',
        '15 09:30 Большой эфир',
        '15 21:00 Итоги дня',
      ]);
      expect(titles.length).toBeGreaterThan(span.length);
      expect(titles.length).toBeLessThan(demoRows);
      // A later fill keeps off the imported span (its overlap rule), and fills nothing new.
      expect((await fillDemoSchedule(db(), NOW)).written).toBe(0);

      // The provider's update: the evening moves to 21:30, «Ночной эфир» loses its description, and
      // «Новости; Погода» is one programme again.
      const updated = SAMPLE_TEXT.replace('<desc lang="ru">Музыка и разговоры до утра.</desc>', '')
        .replace(
          /<!-- A clump[\s\S]*?<\/programme>\s*<programme[^>]*clumpidx="0\/2">/,
          '<programme start="20300115090000 +0300" stop="20300115093000 +0300" channel="novosti.kadr.tv">',
        )
        .replace(
          'start="20300115093000 +0300" stop="20300115210000 +0300"',
          'start="20300115093000 +0300" stop="20300115213000 +0300"',
        )
        .replace('start="20300115210000 +0300"', 'start="20300115213000 +0300"');
      const before = await table();
      const summary = await run(guideFile(updated));
      expect(summary.programmes).toEqual({ created: 1, updated: 3, unchanged: 3, deleted: 1, pruned: 0 });
      expect(await overlaps()).toBe(0);
      expect((await titlesOf(1)).filter((t) => t >= '15 09' && t < '16 00:30')).toEqual([
        '15 09:00 Новости',
        '15 09:30 Большой эфир',
        '15 21:30 Итоги дня',
      ]);
      const kept = (await table()).filter((row) => before.some((b) => b.id === row.id));
      expect(kept.length).toBe(before.length - 1);
    });

    it('refuses an invalid file naming the element and line, and writes nothing', async () => {
      await run(SAMPLE);
      const before = await table();
      const overlapping = SAMPLE_TEXT.replace(
        'start="20300115093000 +0300" stop="20300115210000 +0300"',
        'start="20300115093000 +0300" stop="20300115220000 +0300"',
      ).replace('<title lang="ru">Ночной фильм</title>', '<title lang="ru"></title>');
      expect(await problemsOf(guideFile(overlapping))).toEqual([
        'line 69: programme[8] (channel "kino.kadr.tv", start "20300115100000 +0500"): title is required and must not be empty',
      ]);
      expect(
        await problemsOf(guideFile(overlapping.replace('<title lang="ru"></title>', '<title>Фильм</title>'))),
      ).toEqual([
        'line 50: programme[5] (channel "novosti.kadr.tv", start "20300115093000 +0300"): stop "20300115220000 +0300" is after the start of programme[6] (line 57), "20300115210000 +0300"',
      ]);
      expect(await problemsOf(guideFile(SAMPLE_TEXT.replace('</tv>', '</guide>')))).toEqual([
        'line 76, column 8: not well-formed XML: unexpected close tag.',
      ]);
      expect(await problemsOf(join(dataDir, 'missing.xml'))).toEqual([
        `file not found: ${join(dataDir, 'missing.xml')}`,
      ]);
      expect(await problemsOf(guideFile('not gzip', 'guide.xml.gz'))).toEqual([
        expect.stringMatching(/^not a valid gzip file/),
      ]);
      expect(await table()).toEqual(before);
    });

    it('refuses a file none of whose channels is in the catalogue, and one without programmes', async () => {
      const foreign = SAMPLE_TEXT.replaceAll('novosti.kadr.tv', 'perviy.example.ru').replaceAll(
        'kino.kadr.tv',
        'vtoroy.example.ru',
      );
      expect(await problemsOf(guideFile(foreign))).toEqual([
        `none of the file's channels is a catalogue channel's xmltv_id (docs/catalogue-manifest.md): "perviy.example.ru", "vtoroy.example.ru", "sport.example.ru"`,
      ]);
      expect(
        await problemsOf(guideFile('<tv><channel id="a.ru"><display-name>А</display-name></channel></tv>')),
      ).toEqual(['the file has no <programme>: nothing to import']);
      expect(await table()).toEqual([]);
    });

    it('names the first 20 skipped channels and counts the rest', async () => {
      const others = Array.from(
        { length: 23 },
        (_, i) =>
          `<programme start="20300115060000 +0300" stop="20300115070000 +0300" channel="c${i}.example.ru"><title>П</title></programme>`,
      );
      const summary = await run(guideFile(SAMPLE_TEXT.replace('</tv>', `${others.join('\n')}\n</tv>`)));
      const line = formatGuideSummary(summary).find((l) => l.startsWith('not in the catalogue'));
      expect(line).toBe(
        `not in the catalogue, skipped: sport.example.ru «Спорт Плюс» (1), ${Array.from({ length: 19 }, (_, i) => `c${i}.example.ru (1)`).join(', ')} and 4 more`,
      );
    });

    it('counts a mapped channel whose only programme has no stop as imported, with nothing written', async () => {
      const summary = await run(
        guideFile(
          '<tv><programme start="20300115060000 +0300" channel="kino.kadr.tv"><title>Фильм</title></programme></tv>',
        ),
      );
      expect(summary).toMatchObject({
        imported: [{ xmltvId: 'kino.kadr.tv', key: 'kadr-kino', programmes: 0 }],
        programmes: { created: 0, updated: 0, unchanged: 0, deleted: 0, pruned: 0 },
        withoutStop: 1,
      });
      expect(await table()).toEqual([]);
    });

    it("with prune, also deletes the channel's programmes after the file and before its archive", async () => {
      await fillDemoSchedule(db(), NOW);
      // Days 12–25 on channel 1 (the demo fill's window); the archive is 3 days, so before 12 10:00Z
      // ended programmes go. The file's span on channel 1 ends 16 00:30 (Moscow).
      const summary = await run(SAMPLE, { prune: true });
      expect(summary.programmes.pruned).toBeGreaterThan(0);
      const [span] = await query<{ first: Date | string; last: Date | string }>(
        'select min(ends_at) as first, max(ends_at) as last from tv_programmes where channel_id = 1',
      );
      expect(new Date(span!.first).getTime()).toBeGreaterThan(Date.parse('2030-01-12T10:00:00Z'));
      expect(new Date(span!.last).toISOString()).toBe('2030-01-15T21:30:00.000Z');
      // Channel 2's demo programmes after its span (08:00–10:00 in Yekaterinburg) went too; those
      // before it stay, within the archive.
      const kino = await titlesOf(2);
      expect(kino.at(-1)).toBe('15 06:00 Ирония судьбы, или С лёгким паром!');
      expect(kino.length).toBeGreaterThan(1);
      expect(await overlaps()).toBe(0);

      // A file reaching back past the archive: its old programmes are left out, not written and pruned;
      // one without stop whose next starts 13 days later has no known end: left out too, not written
      // as a 317-hour programme.
      const old = SAMPLE_TEXT.replace(
        'start="20300114233000 +0300" stop="20300115003000 +0300"',
        'start="20300101233000 +0300" stop="20300102003000 +0300"',
      ).replace('start="20300115003000 +0300"', 'start="20300102003000 +0300"');
      const again = await run(guideFile(old), { prune: true });
      expect(again.beforeArchive).toBe(1);
      expect(again.withoutStop).toBe(summary.withoutStop + 1);
      expect(await titlesOf(1)).not.toContain('02 00:30 Ночной эфир');
    });
  });
}
