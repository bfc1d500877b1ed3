import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureData, loadFixtureData } from '../../test/catalogue-fixture';
import { backends, listeningClient, type TestApi, type Tokens, useApi } from '../../test/harness';
import { WATCHLIST_MAX } from './service';

// The fixture catalogue's ids: 1 film «Тихий дом» (5400 s, preview), 2 series «Москва слезам» (season
// 1: two episodes of 2700 s; season 2: one of 2800 s and an announced one), 3 film (5900 s), 4 film
// «Ночь» (made vendor-less here), 5 channel title, 6 TV show; channel 1 with two programmes here.
const FILM = 1;
const SERIES = 2;
const OTHER_FILM = 3;
const NO_VENDOR = 4;
const CHANNEL_TITLE = 5;
const CHANNEL = 1;
const AIRED = '2030-01-15T09:00:00Z';
const FUTURE = '2030-01-15T11:00:00Z';

interface Progress {
  position: number;
  duration: number;
  fraction: number;
  watched: boolean;
  updated_at: string;
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`viewing memory (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-viewing-'));
    // Episodes by (season, order): s1e1, s1e2, s2e1, s2e2 (announced), the film's trailer.
    const ep = { s1e1: 0, s1e2: 0, s2e1: 0, announce: 0, trailer: 0, show: 0 };

    beforeAll(async () => {
      if (!backend.available) return;
      const db = api.database.db;
      await loadFixtureData(db, fixtureData(), join(dataDir, 'images'), new Date('2030-01-15T10:00:00Z'));
      await db.execute(sql`update contents set vendor_id = null where id = ${NO_VENDOR}`);
      await db.execute(sql`truncate tv_programmes restart identity`);
      await db.execute(sql`
        insert into tv_programmes (channel_id, starts_at, ends_at, title)
        values (${CHANNEL}, ${AIRED}, '2030-01-15T09:30:00Z', 'Утренние новости'),
               (${CHANNEL}, ${FUTURE}, '2030-01-15T11:30:00Z', 'Дневные новости')`);
      const { rows } = (await db.execute(sql`
        select e.id, e.content_id, e.is_trailer, e.is_announce, s.number as season, e.order_number
        from episodes e left join seasons s on s.id = e.season_id order by e.id`)) as unknown as {
        rows: Array<{
          id: number;
          content_id: number;
          is_trailer: boolean;
          is_announce: boolean;
          season: number | null;
          order_number: number;
        }>;
      };
      const find = (content: number, season: number | null, order: number) =>
        rows.find((r) => r.content_id === content && r.season === season && r.order_number === order)?.id ??
        0;
      ep.s1e1 = find(SERIES, 1, 1);
      ep.s1e2 = find(SERIES, 1, 2);
      ep.s2e1 = find(SERIES, 2, 1);
      ep.announce = find(SERIES, 2, 2);
      ep.trailer = rows.find((r) => r.content_id === FILM && r.is_trailer)?.id ?? 0;
      ep.show = find(6, 1, 1);
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    /** A report body: a film by default, a fresh playback, seq 1. */
    function report(change: Record<string, unknown> = {}) {
      return { EK_id: FILM, position: 600, duration: 5400, playback_id: randomUUID(), seq: 1, ...change };
    }

    function save(t: TestApi, token: string, body: unknown) {
      return t.call<{ saved: boolean; progress: Progress; error?: string; details?: unknown }>(
        'POST',
        '/v1/agregator/saveWatchProgress',
        { token, body },
      );
    }

    async function title(t: TestApi, token: string, body: Record<string, unknown>) {
      const res = await t.call<{
        resume: {
          episode: { EP_id: number; season_number: number; EP_order_number: number } | null;
          position: number;
          duration: number | null;
        } | null;
        watched: boolean;
        episodes: Array<{ EP_id: number; progress: Progress }>;
        in_watchlist: boolean;
      }>('POST', '/v1/agregator/getTitleViewing', { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response;
    }

    async function list(t: TestApi, token: string, call: string, body?: unknown) {
      const res = await t.call<{ items: Array<Record<string, unknown>>; has_more: boolean }>(
        'POST',
        `/v1/agregator/${call}`,
        { token, body },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response;
    }

    async function ok(t: TestApi, token: string, call: string, body?: unknown) {
      const res = await t.call('POST', `/v1/agregator/${call}`, { token, body });
      expect(res.body, call).toEqual({ code: 200, success: true, response: { ok: true } });
    }

    describe('saving progress', () => {
      it('saves a film position and offers it on the title page, from another device of the account', async () => {
        const t = await api.setup();
        const phone = await t.signIn('79160000001');
        const res = await save(t, phone.access_token, report({ position: 2400 }));
        expect(res.body).toMatchObject({
          code: 200,
          response: {
            saved: true,
            progress: { position: 2400, duration: 5400, fraction: 0.444, watched: false },
          },
        });
        t.clock.advance(61);
        const other = await t.signIn('79160000001');
        expect(other.profile_id).toBe(phone.profile_id);
        expect(await title(t, other.access_token, { EK_id: FILM })).toEqual({
          resume: { episode: null, position: 2400, duration: 5400 },
          watched: false,
          episodes: [],
          in_watchlist: false,
        });
      });

      it('is idempotent: a replayed report changes nothing and answers saved: false with what is kept', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const body = report({ position: 700, seq: 5 });
        expect((await save(t, anon.access_token, body)).body.response.saved).toBe(true);
        t.clock.advance(5);
        const again = await save(t, anon.access_token, body);
        expect(again.status).toBe(200);
        expect(again.body.response).toMatchObject({ saved: false, progress: { position: 700 } });
        expect(again.body.response.progress.updated_at).toBe('2030-01-15T10:00:00.000Z');
      });

      it('keeps order: an older seq of the same playback arriving late never moves the position back', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const playback_id = randomUUID();
        await save(t, anon.access_token, report({ playback_id, seq: 3, position: 900 }));
        const late = await save(t, anon.access_token, report({ playback_id, seq: 2, position: 300 }));
        expect(late.body.response).toMatchObject({ saved: false, progress: { position: 900 } });
        // A seek backwards within the playback is a newer report: it is saved.
        const seek = await save(t, anon.access_token, report({ playback_id, seq: 4, position: 120 }));
        expect(seek.body.response).toMatchObject({ saved: true, progress: { position: 120 } });
      });

      it('a newer playback takes over; a late report of the old one is refused as stale, forever after', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const old = randomUUID();
        await save(t, anon.access_token, report({ playback_id: old, seq: 10, position: 2400 }));
        const fresh = randomUUID();
        expect(
          (await save(t, anon.access_token, report({ playback_id: fresh, seq: 1, position: 2460 }))).body
            .response.saved,
        ).toBe(true);
        for (const seq of [11, 12, 1000]) {
          const late = await save(t, anon.access_token, report({ playback_id: old, seq, position: 2405 }));
          expect(late.body.response).toMatchObject({ saved: false, progress: { position: 2460 } });
        }
        expect(
          (await save(t, anon.access_token, report({ playback_id: fresh, seq: 2, position: 2470 }))).body
            .response.saved,
        ).toBe(true);
      });

      it('marks a title watched at 95 % of its duration, and a rewatch from the start unmarks it', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const at = async (position: number, seq: number, playback_id: string) =>
          (await save(t, anon.access_token, report({ position, seq, playback_id }))).body.response.progress;
        const first = randomUUID();
        expect((await at(5129, 1, first)).watched).toBe(false);
        expect((await at(5130, 2, first)).watched).toBe(true);
        expect(await title(t, anon.access_token, { EK_id: FILM })).toMatchObject({
          resume: null,
          watched: true,
        });
        expect((await at(30, 1, randomUUID())).watched).toBe(false);
        expect((await title(t, anon.access_token, { EK_id: FILM })).resume).toMatchObject({ position: 30 });
      });

      it('refuses a position beyond the reported duration, or a duration beyond the catalogue’s', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const beyond = await save(t, anon.access_token, report({ position: 5401, duration: 5400 }));
        expect(beyond.status).toBe(400);
        expect(beyond.body).toMatchObject({
          code: 400,
          success: false,
          response: {
            error: 'position_out_of_range',
            message: 'Позиция просмотра за пределами длительности видео',
            details: [{ path: 'position' }],
          },
        });
        // The catalogue says 5400 s: 1 % (54 s) is allowed for the media's own length, no more.
        expect((await save(t, anon.access_token, report({ position: 5454, duration: 5454 }))).status).toBe(
          200,
        );
        const longer = await save(t, anon.access_token, report({ position: 5455, duration: 5455 }));
        expect(longer.body).toMatchObject({
          code: 400,
          response: { error: 'position_out_of_range', details: [{ path: 'duration' }] },
        });
        // An episode's own duration (2700 s) bounds it, not the series'.
        const episode = await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 2800, duration: 2800 }),
        );
        expect(episode.body.response.error).toBe('position_out_of_range');
        // A programme's length (09:00–09:30) bounds it too.
        const programme = await save(t, anon.access_token, {
          ...report({ position: 1900, duration: 1900 }),
          EK_id: undefined,
          stream_id: CHANNEL,
          archive_start: AIRED,
        });
        expect(programme.body.response.error).toBe('position_out_of_range');
        const rows = await t.database.db.execute(sql`select count(*)::int as n from viewing_progress`);
        expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
      });

      it('refuses content the profile cannot address: unknown, vendor-less, a channel, a trailer, another title’s episode, an announced episode', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const cases: Array<[Record<string, unknown>, number, string]> = [
          [{ EK_id: 999 }, 404, 'no_content'],
          [{ EK_id: NO_VENDOR }, 404, 'no_vendor'],
          [{ EK_id: CHANNEL_TITLE }, 404, 'not_playable'],
          [{ EK_id: SERIES }, 400, 'episode_required'],
          [{ EK_id: FILM, EP_id: ep.trailer }, 404, 'episode_not_found'],
          [{ EK_id: OTHER_FILM, EP_id: ep.s1e1 }, 404, 'episode_not_found'],
          [{ EK_id: 6, EP_id: ep.s1e1 }, 404, 'episode_not_found'],
          [{ EK_id: SERIES, EP_id: 99_999 }, 404, 'episode_not_found'],
          [{ EK_id: SERIES, EP_id: ep.announce }, 404, 'not_playable'],
        ];
        for (const [change, status, error] of cases) {
          const res = await save(t, anon.access_token, report({ position: 10, duration: 100, ...change }));
          expect({ status: res.status, error: res.body.response.error }, JSON.stringify(change)).toEqual({
            status,
            error,
          });
        }
        const programme = (extra: Record<string, unknown>) =>
          save(t, anon.access_token, {
            position: 10,
            duration: 100,
            playback_id: randomUUID(),
            seq: 1,
            ...extra,
          });
        expect((await programme({ stream_id: 99, archive_start: AIRED })).body.response.error).toBe(
          'channel_not_found',
        );
        expect(
          (await programme({ stream_id: CHANNEL, archive_start: '2030-01-15T08:00:00Z' })).body.response
            .error,
        ).toBe('programme_not_found');
        expect((await programme({ stream_id: CHANNEL, archive_start: FUTURE })).body.response.error).toBe(
          'archive_in_future',
        );
        const rows = await t.database.db.execute(sql`select count(*)::int as n from viewing_progress`);
        expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
      });

      it('refuses malformed bodies with 400 and the field, a text/plain beacon with 415, no session with 910', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const bad: Array<[unknown, string]> = [
          [{ ...report(), position: -5 }, 'position'],
          [{ ...report(), position: '600' }, 'position'],
          [{ ...report(), duration: 0 }, 'duration'],
          [{ ...report(), playback_id: 'x' }, 'playback_id'],
          [{ ...report(), seq: 1.5 }, 'seq'],
          [{ ...report(), EK_id: undefined }, 'EK_id'],
          [{ ...report(), stream_id: CHANNEL }, 'stream_id'],
          [
            { ...report(), EK_id: undefined, stream_id: CHANNEL, archive_start: '2030-02-30T09:00:00Z' },
            'archive_start',
          ],
        ];
        for (const [body, path] of bad) {
          const res = await save(t, anon.access_token, body);
          expect({ status: res.status, code: res.body.code, error: res.body.response.error }, path).toEqual({
            status: 400,
            code: 400,
            error: 'validation_error',
          });
          expect(JSON.stringify(res.body.response.details), path).toContain(path);
        }
        const beacon = await t.app.inject({
          method: 'POST',
          url: '/v1/agregator/saveWatchProgress',
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            authorization: `Bearer ${anon.access_token}`,
          },
          payload: JSON.stringify(report()),
        });
        expect(beacon.statusCode).toBe(415);
        const none = await save(t, '', report());
        expect(none.body.code).toBe(910);
      });

      it('keeps each profile’s progress its own: another profile’s report, ids or body fields never touch it', async () => {
        const t = await api.setup();
        const owner = await t.signIn('79160000001');
        const other = await t.anonymous();
        const playback_id = randomUUID();
        await save(t, owner.access_token, report({ playback_id, seq: 1, position: 2000 }));
        // The same playback id and a higher seq from another profile: its own row, not the owner's.
        await save(t, other.access_token, {
          ...report({ playback_id, seq: 2, position: 100 }),
          profile_id: owner.profile_id,
        });
        expect((await title(t, owner.access_token, { EK_id: FILM })).resume?.position).toBe(2000);
        expect((await title(t, other.access_token, { EK_id: FILM })).resume?.position).toBe(100);
        // Removing and clearing act on the caller's rows only.
        await ok(t, other.access_token, 'removeWatchHistory', { EK_id: FILM, profile_id: owner.profile_id });
        await ok(t, other.access_token, 'clearWatchHistory', { profile_id: owner.profile_id });
        await ok(t, other.access_token, 'removeContinueWatching', { EK_id: FILM });
        expect((await list(t, owner.access_token, 'getContinueWatching')).items).toHaveLength(1);
        expect((await list(t, owner.access_token, 'getWatchHistory')).items).toHaveLength(1);
      });
    });

    describe('resume and «Продолжить просмотр»', () => {
      it('resumes a series at the episode in progress, then the next one once it is watched, then nothing', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const episode = (EP_id: number, position: number, duration: number) =>
          save(t, anon.access_token, report({ EK_id: SERIES, EP_id, position, duration }));
        await episode(ep.s1e1, 2700, 2700);
        t.clock.advance(60);
        await episode(ep.s1e2, 1200, 2700);
        let state = await title(t, anon.access_token, { EK_id: SERIES });
        expect(state.resume).toMatchObject({
          episode: { EP_id: ep.s1e2, season_number: 1, EP_order_number: 2 },
          position: 1200,
        });
        expect(state.episodes.map((e) => [e.EP_id, e.progress.watched])).toEqual([
          [ep.s1e2, false],
          [ep.s1e1, true],
        ]);
        t.clock.advance(60);
        await episode(ep.s1e2, 2600, 2700);
        state = await title(t, anon.access_token, { EK_id: SERIES });
        // Watched to its end: the next episode out is season 2's first, from its start.
        expect(state.resume).toMatchObject({
          episode: { EP_id: ep.s2e1, season_number: 2, EP_order_number: 1 },
          position: 0,
          duration: 2800,
        });
        const rail = await list(t, anon.access_token, 'getContinueWatching');
        expect(rail.items).toEqual([
          expect.objectContaining({
            kind: 'episode',
            card: expect.objectContaining({ EK_id: SERIES, EK_title: 'Москва слезам' }),
            episode: expect.objectContaining({ EP_id: ep.s2e1, season_number: 2, EP_order_number: 1 }),
            progress: expect.objectContaining({ position: 0, fraction: 0 }),
          }),
        ]);
        t.clock.advance(60);
        await episode(ep.s2e1, 2800, 2800);
        // The last episode out (the next one is only announced) was watched: the series is finished.
        state = await title(t, anon.access_token, { EK_id: SERIES });
        expect(state).toMatchObject({ resume: null, watched: true });
        expect((await list(t, anon.access_token, 'getContinueWatching')).items).toEqual([]);
      });

      it('lists titles most recent first with their progress, leaves out watched films and barely started ones, and pages', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        await save(t, anon.access_token, report({ EK_id: FILM, position: 2700 }));
        t.clock.advance(10);
        await save(t, anon.access_token, report({ EK_id: OTHER_FILM, position: 5900, duration: 5900 }));
        t.clock.advance(10);
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 600, duration: 2700 }),
        );
        t.clock.advance(10);
        await save(t, anon.access_token, report({ EK_id: 6, EP_id: ep.show, position: 5, duration: 3000 }));
        t.clock.advance(10);
        await save(t, anon.access_token, {
          ...report({ position: 900, duration: 1800 }),
          EK_id: undefined,
          stream_id: CHANNEL,
          archive_start: AIRED,
        });
        const rail = await list(t, anon.access_token, 'getContinueWatching');
        expect(rail.has_more).toBe(false);
        expect(
          rail.items.map((i) => [
            i.kind,
            (i.card as { EK_id: number } | null)?.EK_id ?? null,
            (i.progress as Progress).fraction,
          ]),
        ).toEqual([
          ['programme', null, 0.5],
          ['episode', SERIES, 0.222],
          ['film', FILM, 0.5],
        ]);
        expect(rail.items[0]?.programme).toEqual({
          stream_id: CHANNEL,
          chan_name: 'Кадр Новости',
          chan_logo_url: expect.any(String),
          archive_start: '2030-01-15T09:00:00.000Z',
          title: 'Утренние новости',
          poster_url: null,
        });
        const first = await list(t, anon.access_token, 'getContinueWatching', { limit: 2 });
        expect(first.items).toHaveLength(2);
        expect(first.has_more).toBe(true);
        const second = await list(t, anon.access_token, 'getContinueWatching', { limit: 2, page_number: 1 });
        expect(second).toMatchObject({ has_more: false, items: [{ kind: 'film' }] });
        // The programme's title page resumes it.
        expect(
          (await title(t, anon.access_token, { stream_id: CHANNEL, archive_start: AIRED })).resume,
        ).toEqual({
          episode: null,
          position: 900,
          duration: 1800,
        });
      });

      it('answers the progress bars of a rail’s cards: films and series begun, others left out', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        await save(t, anon.access_token, report({ EK_id: FILM, position: 2700 }));
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 2700, duration: 2700 }),
        );
        t.clock.advance(10);
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e2, position: 270, duration: 2700 }),
        );
        const res = await t.call<{
          items: Array<{ EK_id: number; EP_id: number | null; progress: Progress }>;
        }>('POST', '/v1/agregator/getTitlesProgress', {
          token: anon.access_token,
          body: { EK_ids: [SERIES, FILM, OTHER_FILM, 999] },
        });
        expect(
          res.body.response.items
            .map((i) => [i.EK_id, i.EP_id, i.progress.fraction])
            .sort((a, b) => Number(a[0]) - Number(b[0])),
        ).toEqual([
          [FILM, null, 0.5],
          [SERIES, ep.s1e2, 0.1],
        ]);
        const other = await t.anonymous();
        const none = await t.call('POST', '/v1/agregator/getTitlesProgress', {
          token: other.access_token,
          body: { EK_ids: [FILM] },
        });
        expect(none.body.response).toEqual({ items: [] });
      });

      it('removes a title from the rail only: history and the resume position stay; the next playback brings it back', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const playback_id = randomUUID();
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 600, duration: 2700, playback_id }),
        );
        await ok(t, anon.access_token, 'removeContinueWatching', { EK_id: SERIES });
        await ok(t, anon.access_token, 'removeContinueWatching', { EK_id: SERIES });
        expect((await list(t, anon.access_token, 'getContinueWatching')).items).toEqual([]);
        expect((await list(t, anon.access_token, 'getWatchHistory')).items).toHaveLength(1);
        expect((await title(t, anon.access_token, { EK_id: SERIES })).resume?.position).toBe(600);
        // The same playback going on keeps it off the rail; a new one brings it back.
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 610, duration: 2700, playback_id, seq: 2 }),
        );
        expect((await list(t, anon.access_token, 'getContinueWatching')).items).toEqual([]);
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 620, duration: 2700 }),
        );
        expect((await list(t, anon.access_token, 'getContinueWatching')).items).toHaveLength(1);
      });
    });

    describe('«История просмотров»', () => {
      it('lists each film, episode and programme watched, with how far and when, the last first', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 2700, duration: 2700 }),
        );
        t.clock.advance(60);
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e2, position: 100, duration: 2700 }),
        );
        t.clock.advance(60);
        await save(t, anon.access_token, report({ EK_id: FILM, position: 5400 }));
        const history = await list(t, anon.access_token, 'getWatchHistory');
        expect(
          history.items.map((i) => [
            i.kind,
            (i.episode as { EP_id: number } | null)?.EP_id ?? null,
            (i.progress as Progress).watched,
          ]),
        ).toEqual([
          ['film', null, true],
          ['episode', ep.s1e2, false],
          ['episode', ep.s1e1, true],
        ]);
        expect((history.items[0]?.progress as Progress | undefined)?.updated_at).toBe(
          '2030-01-15T10:02:00.000Z',
        );
      });

      it('removes one entry with its resume position; a late report of its playback does not bring it back', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const playback_id = randomUUID();
        await save(t, anon.access_token, report({ position: 2000, playback_id, seq: 1 }));
        await save(t, anon.access_token, report({ EK_id: OTHER_FILM, position: 100, duration: 5900 }));
        await ok(t, anon.access_token, 'removeWatchHistory', { EK_id: FILM });
        expect(
          (await list(t, anon.access_token, 'getWatchHistory')).items.map(
            (i) => (i.card as { EK_id: number }).EK_id,
          ),
        ).toEqual([OTHER_FILM]);
        expect(await title(t, anon.access_token, { EK_id: FILM })).toMatchObject({
          resume: null,
          watched: false,
        });
        expect((await list(t, anon.access_token, 'getContinueWatching')).items).toHaveLength(1);
        const late = await save(t, anon.access_token, report({ position: 2010, playback_id, seq: 2 }));
        expect(late.body.response).toMatchObject({ saved: false, progress: { position: 0 } });
        expect(await title(t, anon.access_token, { EK_id: FILM })).toMatchObject({ resume: null });
        // Removing what is not there is no error; watching again brings it back.
        await ok(t, anon.access_token, 'removeWatchHistory', { EK_id: FILM });
        await ok(t, anon.access_token, 'removeWatchHistory', { EK_id: 999 });
        await save(t, anon.access_token, report({ position: 50 }));
        expect((await list(t, anon.access_token, 'getWatchHistory')).items).toHaveLength(2);
      });

      it('clears everything: history, rail and every resume position', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        await save(t, anon.access_token, report({ position: 2000 }));
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 600, duration: 2700 }),
        );
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e2, position: 300, duration: 2700 }),
        );
        // A series named without an episode leaves the history whole.
        await ok(t, anon.access_token, 'removeWatchHistory', { EK_id: SERIES });
        expect((await list(t, anon.access_token, 'getWatchHistory')).items.map((i) => i.kind)).toEqual([
          'film',
        ]);
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 700, duration: 2700 }),
        );
        await ok(t, anon.access_token, 'clearWatchHistory');
        expect(await list(t, anon.access_token, 'getWatchHistory')).toEqual({ items: [], has_more: false });
        expect(await list(t, anon.access_token, 'getContinueWatching')).toEqual({
          items: [],
          has_more: false,
        });
        expect((await title(t, anon.access_token, { EK_id: SERIES })).resume).toBeNull();
        await ok(t, anon.access_token, 'clearWatchHistory', {});
      });
    });

    describe('«Буду смотреть»', () => {
      it('adds, lists the last added first, shows membership, removes; both idempotent', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: FILM });
        t.clock.advance(5);
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: SERIES });
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: FILM });
        const listed = await list(t, anon.access_token, 'getWatchlist');
        expect(listed.items).toEqual([
          { card: expect.objectContaining({ EK_id: SERIES }), added_at: '2030-01-15T10:00:05.000Z' },
          {
            card: expect.objectContaining({ EK_id: FILM, EK_title: 'Тихий дом' }),
            added_at: '2030-01-15T10:00:00.000Z',
          },
        ]);
        expect((await title(t, anon.access_token, { EK_id: FILM })).in_watchlist).toBe(true);
        await ok(t, anon.access_token, 'removeFromWatchlist', { EK_id: FILM });
        await ok(t, anon.access_token, 'removeFromWatchlist', { EK_id: FILM });
        expect((await title(t, anon.access_token, { EK_id: FILM })).in_watchlist).toBe(false);
        expect((await list(t, anon.access_token, 'getWatchlist', { limit: 1 })).items).toHaveLength(1);
      });

      it('refuses unknown and vendor-less titles and a malformed id; keeps lists per profile', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const other = await t.anonymous();
        const add = (EK_id: unknown) =>
          t.call('POST', '/v1/agregator/addToWatchlist', { token: anon.access_token, body: { EK_id } });
        expect((await add(999)).body).toMatchObject({ code: 900, response: { error: 'no_content' } });
        expect((await add(NO_VENDOR)).body).toMatchObject({ code: 900, response: { error: 'no_vendor' } });
        expect((await add('1')).body).toMatchObject({ code: 400, response: { error: 'validation_error' } });
        expect((await add(0)).body).toMatchObject({ code: 400, response: { error: 'validation_error' } });
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: FILM });
        expect((await list(t, other.access_token, 'getWatchlist')).items).toEqual([]);
        await ok(t, other.access_token, 'removeFromWatchlist', { EK_id: FILM });
        expect((await list(t, anon.access_token, 'getWatchlist')).items).toHaveLength(1);
      });

      it('refuses a title beyond the list’s limit with its message', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const db = t.database.db;
        await db.execute(sql`
          insert into contents (key, type, title, description, poster_url, search_text, vendor_id)
          select 'filler-' || n, 'film', 'Фильм ' || n, '', '/p.png', '', 'filler-' || n
          from generate_series(1, ${WATCHLIST_MAX}) n`);
        try {
          await db.execute(sql`
            insert into watchlist (profile_id, content_id, added_at)
            select ${anon.profile_id}::int, id, now() from contents where key like 'filler-%'`);
          const full = await t.call('POST', '/v1/agregator/addToWatchlist', {
            token: anon.access_token,
            body: { EK_id: FILM },
          });
          expect({ status: full.status, body: full.body }).toEqual({
            status: 409,
            body: {
              code: 424,
              success: false,
              response: {
                error: 'watchlist_full',
                message:
                  'В списке «Буду смотреть» нет места: уберите из него что-нибудь, чтобы добавить новое',
              },
            },
          });
          // A title already there is still «added» (nothing changes); after a removal there is room.
          const [some] = (
            (await db.execute(sql`select id from contents where key = 'filler-1'`)) as unknown as {
              rows: Array<{ id: number }>;
            }
          ).rows;
          await ok(t, anon.access_token, 'addToWatchlist', { EK_id: some?.id });
          await ok(t, anon.access_token, 'removeFromWatchlist', { EK_id: some?.id });
          await ok(t, anon.access_token, 'addToWatchlist', { EK_id: FILM });
        } finally {
          await db.execute(sql`delete from contents where key like 'filler-%'`);
        }
      });
    });

    describe('sign-in moves the anonymous memory into the account (decision 019)', () => {
      it('moves progress (the newer of two wins) and «Буду смотреть» into the existing account', async () => {
        const t = await api.setup();
        const phone = await t.signIn('79160000001');
        await save(t, phone.access_token, report({ EK_id: FILM, position: 1000 }));
        await save(t, phone.access_token, report({ EK_id: OTHER_FILM, position: 3000, duration: 5900 }));
        await ok(t, phone.access_token, 'addToWatchlist', { EK_id: SERIES });
        t.clock.advance(120);
        const anon = await t.anonymous();
        // Newer on the anonymous profile: wins. Older: the account's stays.
        await save(t, anon.access_token, report({ EK_id: FILM, position: 2000 }));
        await t.database.db.execute(sql`
          insert into viewing_progress (profile_id, item, kind, content_id, position, duration, watched, playback_id, seq, updated_at)
          values (${anon.profile_id}, ${`f${OTHER_FILM}`}, 'film', ${OTHER_FILM}, 100, 5900, false, ${randomUUID()}, 1, '2030-01-14T10:00:00Z')`);
        await save(
          t,
          anon.access_token,
          report({ EK_id: SERIES, EP_id: ep.s1e1, position: 500, duration: 2700 }),
        );
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: SERIES });
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: FILM });

        t.clock.advance(61);
        const sent = await t.sendAuth('79160000001', anon.access_token);
        expect(sent.status).toBe(200);
        const signed = await t.authApp('79160000001', await t.lastCode('79160000001'), anon.access_token);
        expect(signed.status).toBe(200);
        const token = (signed.body.response as unknown as Tokens).access_token;
        expect((signed.body.response as unknown as Tokens).profile_id).toBe(phone.profile_id);

        expect((await title(t, token, { EK_id: FILM })).resume?.position).toBe(2000);
        expect((await title(t, token, { EK_id: OTHER_FILM })).resume?.position).toBe(3000);
        expect((await title(t, token, { EK_id: SERIES })).resume).toMatchObject({
          episode: { EP_id: ep.s1e1 },
          position: 500,
        });
        const watchlist = await list(t, token, 'getWatchlist');
        expect(watchlist.items.map((i) => [(i.card as { EK_id: number }).EK_id, i.added_at])).toEqual([
          [FILM, '2030-01-15T10:02:00.000Z'],
          [SERIES, '2030-01-15T10:00:00.000Z'],
        ]);
        const left = await t.database.db.execute(sql`
          select (select count(*) from viewing_progress where profile_id = ${anon.profile_id})::int as progress,
                 (select count(*) from watchlist where profile_id = ${anon.profile_id})::int as watchlist`);
        expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ progress: 0, watchlist: 0 });
        // The anonymous session ended at sign-in: its late report is refused, not saved anywhere.
        const late = await save(t, anon.access_token, report({ EK_id: FILM, position: 100 }));
        expect(late.status).toBe(401);
        expect((await title(t, token, { EK_id: FILM })).resume?.position).toBe(2000);
      });

      it('keeps everything when the anonymous profile becomes the account (first sign-in of the phone)', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        await save(t, anon.access_token, report({ EK_id: FILM, position: 1500 }));
        await ok(t, anon.access_token, 'addToWatchlist', { EK_id: SERIES });
        await t.sendAuth('79160000002', anon.access_token);
        const signed = await t.authApp('79160000002', await t.lastCode('79160000002'), anon.access_token);
        const token = (signed.body.response as unknown as Tokens).access_token;
        expect((await title(t, token, { EK_id: FILM })).resume?.position).toBe(1500);
        expect((await list(t, token, 'getWatchlist')).items).toHaveLength(1);
      });
    });

    it('serves the calls through @kadr/api-client as the web app sends them', async () => {
      const t = await api.setup();
      const { client, tokens } = await listeningClient(t.app, 'web_viewingclient0001');
      tokens.setTokens(
        await client.call('anonymousAuth', { params: { device_uid: 'web_viewingclient0001' } }),
      );
      const saved = await client.call('saveWatchProgress', { body: report({ position: 1200 }) });
      expect(saved).toMatchObject({ saved: true, progress: { position: 1200 } });
      await client.call('addToWatchlist', { body: { EK_id: FILM } });
      expect(await client.call('getTitleViewing', { body: { EK_id: FILM } })).toMatchObject({
        resume: { position: 1200 },
        in_watchlist: true,
      });
      expect((await client.call('getContinueWatching', undefined)).items).toHaveLength(1);
    });

    // Many connections at once: only PostgreSQL has them (PGlite runs one statement at a time).
    if (backend.name === 'PostgreSQL') {
      it('keeps the highest seq of reports arriving at once and out of order over many connections', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const playback_id = randomUUID();
        const seqs = Array.from({ length: 40 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
        const answers = await Promise.all(
          seqs.map((seq) => save(t, anon.access_token, report({ playback_id, seq, position: seq * 10 }))),
        );
        expect(answers.every((a) => a.status === 200)).toBe(true);
        expect((await title(t, anon.access_token, { EK_id: FILM })).resume?.position).toBe(400);
      });

      it('lets one of two playbacks starting at once own the row, and refuses the other’s later reports', async () => {
        const t = await api.setup();
        const anon = await t.anonymous();
        const [a, b] = [randomUUID(), randomUUID()];
        await Promise.all([
          save(t, anon.access_token, report({ playback_id: a, seq: 1, position: 100 })),
          save(t, anon.access_token, report({ playback_id: b, seq: 1, position: 200 })),
        ]);
        const owner = (await title(t, anon.access_token, { EK_id: FILM })).resume?.position === 100 ? a : b;
        const loser = owner === a ? b : a;
        expect(
          (await save(t, anon.access_token, report({ playback_id: loser, seq: 2, position: 300 }))).body
            .response.saved,
        ).toBe(false);
        expect(
          (await save(t, anon.access_token, report({ playback_id: owner, seq: 2, position: 400 }))).body
            .response.saved,
        ).toBe(true);
      });
    }
  });
}
