import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isApiError } from '@kadr/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from '../../test/catalogue-fixture';
import { anonymousClient, backends, pgliteBackend, useApi } from '../../test/harness';
import { fillDemoSchedule } from './demo-schedule-fill';

// The fixture catalogue: channel 1 «Кадр Новости» (content 5 is its channel-type title), channel 2
// «Кадр Кино»; content 1 is a film. Days below are Moscow days; 2030-01-15 00:00 MSK = 2030-01-14 21:00Z.
const PATH = '/v1/agregator/getTvSchedule';
const DAY_15 = '2030-01-15T00:00+03:00';
const DAY_16 = '2030-01-16T00:00+03:00';
const REGION = '{"timezone":"Europe/Moscow","offset":3}';

/** Programmes of channel 1 written out of order; «Ночной эфир» crosses midnight into the 16th. */
const PROGRAMMES = [
  ['2030-01-15T20:00:00Z', '2030-01-15T22:30:00Z', 'Ночной эфир', 'Музыка до утра.'],
  ['2030-01-14T21:00:00Z', '2030-01-14T21:30:00Z', 'Новости', 'Главное за ночь.'],
  ['2030-01-14T20:30:00Z', '2030-01-14T21:00:00Z', 'Вчерашний выпуск', 'Кончается ровно в полночь.'],
  ['2030-01-14T21:30:00Z', '2030-01-15T20:00:00Z', 'Большой эфир', 'Весь день в прямом эфире.'],
  ['2030-01-15T22:30:00Z', '2030-01-15T23:00:00Z', 'Утро', 'Начало дня.'],
] as const;

type Item = Record<string, unknown>;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`getTvSchedule (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-tv-'));

    beforeAll(async () => {
      if (!backend.available) return;
      await loadFixtureCatalogue(
        api.database.db,
        join(dataDir, 'media', 'images'),
        new Date('2030-01-15T10:00:00Z'),
      );
    });
    beforeEach(async () => {
      if (!backend.available) return;
      const db = api.database.db;
      await db.execute(sql`truncate tv_programmes restart identity`);
      for (const [start, end, title, description] of PROGRAMMES) {
        await db.execute(sql`
          insert into tv_programmes (channel_id, starts_at, ends_at, title, description, announce_url)
          values (1, ${start}::timestamptz, ${end}::timestamptz, ${title}, ${description},
                  ${title === 'Большой эфир' ? '/media/images/announce.png' : null})`);
      }
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    async function setup() {
      const t = await api.setup({ DATA_DIR: dataDir });
      const { access_token: token } = await t.anonymous();
      const schedule = (body: unknown) => t.call<{ items: Item[] }>('POST', PATH, { token, body });
      const titles = async (body: unknown) =>
        (await schedule(body)).body.response.items.map((i) => i.EK_title);
      return { t, token, schedule, titles };
    }

    it('answers a day of a channel by stream_id: programmes on air that day, by start', async () => {
      const { schedule } = await setup();
      const res = await schedule({ tv_schedule_day_start_utc0: DAY_15, stream_id: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: 200,
        success: true,
        response: {
          archive_days: 3,
          items: [
            {
              tv_air_date_start: '2030-01-14T21:00:00.000Z',
              tv_air_date_end: '2030-01-14T21:30:00.000Z',
              EK_title: 'Новости',
              EK_description: 'Главное за ночь.',
              tv_channel_title: 'Кадр Новости',
              poster_url: null,
              announce_url: null,
            },
            expect.objectContaining({ EK_title: 'Большой эфир', announce_url: '/media/images/announce.png' }),
            expect.objectContaining({
              EK_title: 'Ночной эфир',
              tv_air_date_start: '2030-01-15T20:00:00.000Z',
              tv_air_date_end: '2030-01-15T22:30:00.000Z',
            }),
          ],
        },
      });
    });

    it('answers the same day by the channel-type content (EK_id with region_info)', async () => {
      const { schedule } = await setup();
      const byStream = await schedule({ tv_schedule_day_start_utc0: DAY_15, stream_id: 1 });
      const byContent = await schedule({ tv_schedule_day_start_utc0: DAY_15, EK_id: 5, region_info: REGION });
      expect(byContent.status).toBe(200);
      expect(byContent.body).toEqual(byStream.body);
    });

    it('shows a programme crossing midnight on both days, and one ending at midnight on its day only', async () => {
      const { titles } = await setup();
      expect(await titles({ tv_schedule_day_start_utc0: DAY_15, stream_id: 1 })).toContain('Ночной эфир');
      expect(await titles({ tv_schedule_day_start_utc0: DAY_16, stream_id: 1 })).toEqual([
        'Ночной эфир',
        'Утро',
      ]);
      expect(await titles({ tv_schedule_day_start_utc0: DAY_15, stream_id: 1 })).not.toContain(
        'Вчерашний выпуск',
      );
    });

    it('takes the day from the offset the client sends', async () => {
      const { titles } = await setup();
      // The same instant as DAY_15 written in UTC.
      expect(await titles({ tv_schedule_day_start_utc0: '2030-01-14T21:00:00Z', stream_id: 1 })).toEqual(
        await titles({ tv_schedule_day_start_utc0: DAY_15, stream_id: 1 }),
      );
      // A UTC day runs three hours later: the Moscow night's news is gone, the Moscow morning is in.
      expect(await titles({ tv_schedule_day_start_utc0: '2030-01-15T00:00Z', stream_id: 1 })).toEqual([
        'Большой эфир',
        'Ночной эфир',
        'Утро',
      ]);
    });

    it('answers no items for a day without programmes and for a channel without any', async () => {
      const { schedule } = await setup();
      for (const body of [
        { tv_schedule_day_start_utc0: '2030-02-01T00:00+03:00', stream_id: 1 },
        { tv_schedule_day_start_utc0: DAY_15, stream_id: 2 },
        { tv_schedule_day_start_utc0: '0000-01-01T00:00Z', stream_id: 1 },
        { tv_schedule_day_start_utc0: '9999-12-31T00:00Z', stream_id: 1 },
      ]) {
        const res = await schedule(body);
        expect(res.body, JSON.stringify(body)).toEqual({
          code: 200,
          success: true,
          response: { items: [], archive_days: 3 },
        });
      }
    });

    it("answers the channel's archive days, within ARCHIVE_DAYS", async () => {
      const { schedule } = await setup();
      const body = { tv_schedule_day_start_utc0: DAY_15, stream_id: 1 };
      await api.database.db.execute(sql`update channels set archive_days = 7 where id = 1`);
      try {
        expect((await schedule(body)).body.response).toMatchObject({ archive_days: 7 });
        const capped = await api.setup({ DATA_DIR: dataDir, ARCHIVE_DAYS: '2' });
        const { access_token: token } = await capped.anonymous();
        const res = await capped.call<{ archive_days: number }>('POST', PATH, { token, body });
        expect(res.body.response.archive_days).toBe(2);
        await api.database.db.execute(sql`update channels set archive_days = 0 where id = 1`);
        expect((await schedule(body)).body.response).toMatchObject({ archive_days: 0 });
      } finally {
        await api.database.db.execute(sql`update channels set archive_days = 3 where id = 1`);
      }
    });

    it('answers code 900 for an unknown content item, as getContent does', async () => {
      const { schedule } = await setup();
      const res = await schedule({ tv_schedule_day_start_utc0: DAY_15, EK_id: 999, region_info: REGION });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 900,
        success: false,
        response: { error: 'no_content', message: 'Контент не найден' },
      });
    });

    it('answers not found for a content item that is not a channel', async () => {
      const { schedule } = await setup();
      const res = await schedule({ tv_schedule_day_start_utc0: DAY_15, EK_id: 1, region_info: REGION });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 404,
        success: false,
        response: { error: 'not_a_channel', message: 'Контент не является телеканалом' },
      });
    });

    it('answers not found for an unknown stream_id and for a channel-type title that lost its channel', async () => {
      const { t, schedule } = await setup();
      const unknown = await schedule({ tv_schedule_day_start_utc0: DAY_15, stream_id: 999 });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        code: 404,
        success: false,
        response: { error: 'channel_not_found', message: 'Телеканал не найден' },
      });
      const db = t.database.db;
      await db.execute(sql`update contents set channel_id = null where id = 5`);
      try {
        const orphan = await schedule({ tv_schedule_day_start_utc0: DAY_15, EK_id: 5, region_info: REGION });
        expect(orphan.body).toMatchObject({ code: 404, response: { error: 'channel_not_found' } });
      } finally {
        await db.execute(sql`update contents set channel_id = 1 where id = 5`);
      }
    });

    it('refuses a malformed body with the 400 validation envelope', async () => {
      const { schedule } = await setup();
      for (const body of [
        undefined,
        {},
        { stream_id: 1 },
        { tv_schedule_day_start_utc0: DAY_15 },
        { tv_schedule_day_start_utc0: '15.01.2030', stream_id: 1 },
        { tv_schedule_day_start_utc0: '2030-13-45T00:00Z', stream_id: 1 },
        { tv_schedule_day_start_utc0: '2030-01-15T25:00+03:00', stream_id: 1 },
        { tv_schedule_day_start_utc0: DAY_15, stream_id: '1' },
        { tv_schedule_day_start_utc0: DAY_15, stream_id: 0 },
        { tv_schedule_day_start_utc0: DAY_15, stream_id: 2 ** 31 },
        { tv_schedule_day_start_utc0: DAY_15, EK_id: 5 },
        { tv_schedule_day_start_utc0: DAY_15, EK_id: 5, region_info: '{' },
        { tv_schedule_day_start_utc0: DAY_15, EK_id: 1.5, region_info: REGION },
        [1, 2],
      ]) {
        const res = await schedule(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body, JSON.stringify(body)).toMatchObject({
          code: 400,
          success: false,
          response: { error: 'validation_error' },
        });
      }
    });

    it('refuses a day that is not on the calendar (30 February, 31 April, 29 February of 2030) with the 400 envelope', async () => {
      const { schedule } = await setup();
      for (const day of ['2030-02-30T00:00+03:00', '2030-04-31T00:00:00Z', '2030-02-29T00:00+03:00']) {
        const res = await schedule({ tv_schedule_day_start_utc0: day, stream_id: 1 });
        expect(res.status, day).toBe(400);
        expect(res.body, day).toMatchObject({
          code: 400,
          success: false,
          response: { error: 'validation_error' },
        });
      }
    });

    it('accepts 29 February of a leap year', async () => {
      const { schedule } = await setup();
      const res = await schedule({ tv_schedule_day_start_utc0: '2032-02-29T00:00+03:00', stream_id: 1 });
      expect(res.status).toBe(200);
    });

    it('answers without a session, but refuses a bad token (decision 047)', async () => {
      const { t } = await setup();
      const body = { tv_schedule_day_start_utc0: DAY_15, stream_id: 1 };
      expect((await t.call('POST', PATH, { body })).status).toBe(200);
      expect((await t.call('POST', PATH, { body, token: 'not-a-token' })).body.code).toBe(910);
    });

    it('answers the demo EPG for a whole day: contiguous, from before midnight to after the next', async () => {
      const { t, schedule } = await setup();
      await t.database.db.execute(sql`truncate tv_programmes restart identity`);
      await fillDemoSchedule(t.database.db, t.clock.now());
      const res = await schedule({ tv_schedule_day_start_utc0: DAY_16, EK_id: 5, region_info: REGION });
      const items = res.body.response.items as Array<{
        tv_air_date_start: string;
        tv_air_date_end: string;
        tv_channel_title: string;
      }>;
      expect(items.length).toBeGreaterThan(10);
      expect(Date.parse(items[0]!.tv_air_date_start)).toBeLessThanOrEqual(Date.parse(DAY_16));
      expect(Date.parse(items.at(-1)!.tv_air_date_end)).toBeGreaterThanOrEqual(
        Date.parse(DAY_16) + 24 * 3_600_000,
      );
      for (let i = 1; i < items.length; i++)
        expect(items[i]!.tv_air_date_start).toBe(items[i - 1]!.tv_air_date_end);
      expect(new Set(items.map((i) => i.tv_channel_title))).toEqual(new Set(['Кадр Новости']));
    });
  });
}

// The call as the web app makes it: through @kadr/api-client, a week of days in parallel.
describe('getTvSchedule through @kadr/api-client (PGlite)', () => {
  const api = useApi(pgliteBackend);

  beforeAll(async () => {
    await loadFixtureCatalogue(
      api.database.db,
      join(api.tempDir(), 'images'),
      new Date('2030-01-15T10:00:00Z'),
    );
  });

  async function setup() {
    const t = await api.setup();
    await fillDemoSchedule(t.database.db, t.clock.now());
    const { client } = await anonymousClient(t.app, 'web_tvscheduletest01');
    return { client };
  }

  it('answers seven days, today plus 6, each with programmes', async () => {
    const { client } = await setup();
    const days = Array.from(
      { length: 7 },
      (_, n) => `2030-01-${String(15 + n).padStart(2, '0')}T00:00+03:00`,
    );
    const answers = await Promise.all(
      days.map((day) =>
        client.call('getTvSchedule', {
          body: { tv_schedule_day_start_utc0: day, EK_id: 5, region_info: REGION },
        }),
      ),
    );
    for (const answer of answers) expect(answer.items.length).toBeGreaterThan(10);
  });

  it('surfaces code 900 for an unknown title as an ApiError', async () => {
    const { client } = await setup();
    const error = await client
      .call('getTvSchedule', {
        body: { tv_schedule_day_start_utc0: DAY_15, EK_id: 999, region_info: REGION },
      })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe(900);
  });
});
