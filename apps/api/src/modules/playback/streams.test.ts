import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { fixtureData, loadFixtureData } from '../../test/catalogue-fixture';
import { writeFixtureAsset } from '../../test/fixture-media';
import { backends, FakeClock, type TestApi, type Tokens, useApi } from '../../test/harness';
import { grantPackage } from '../billing';
import { GRANT_CHECK_SECONDS } from './grant-guard';
import { limitMessage, STREAM_IDLE_SECONDS } from './streams';

// The stream limit (docs/decisions/057): at most STREAM_LIMIT full playbacks of sold titles at once per
// profile, counted in the database by every instance; previews, trailers and free titles not counted.

const MEDIA_SECRET = 'test-media-secret-test-media-secret-0123';
const FILM = '1?dev_type=PCWEB&dev_model=web';

interface Release {
  content_url: string;
  preview_timer: number | null;
}
interface Stream {
  device_id: string;
  platform: string | null;
  device_name: string;
  content_id: number | null;
  episode_id: number | null;
  channel_id: number | null;
  title: string;
  started_at: string;
  last_seen_at: string;
  is_current: boolean;
}
interface Refusal {
  error: string;
  message: string;
  streams?: Stream[];
}

function sessionIdOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}
const grantOf = (r: Release) => r.content_url.split('/')[3]!;

describe('limitMessage', () => {
  it('names the limit with the right case of «устройство»', () => {
    expect(limitMessage(3)).toBe(
      'Смотреть одновременно можно не больше чем на 3 устройствах. Остановите просмотр на другом устройстве, чтобы смотреть здесь',
    );
    expect(limitMessage(1)).toContain('не больше чем на 1 устройстве.');
    expect(limitMessage(21)).toContain('на 21 устройстве.');
    expect(limitMessage(11)).toContain('на 11 устройствах.');
    expect(limitMessage(5)).toContain('на 5 устройствах.');
  });
});

for (const backend of backends) {
  describe.skipIf(!backend.available)(`stream limit (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-streams-'));
    const ids = { trailer: 0, filmTitle: '' };

    beforeAll(async () => {
      if (!backend.available) return;
      const data = fixtureData();
      const film = data.titles.find((t) => t.key === 'tikhiy-dom') as Record<string, unknown>;
      Object.assign(film, { is_preview: true, preview_timer: 10 });
      data.packages = [{ key: 'kadr', name: 'Подписка Кадр', pay_text: 'Оформить подписку', cost: 299 }];
      const db = api.database.db;
      await loadFixtureData(db, data, join(dataDir, 'media', 'images'), new Date('2030-01-15T10:00:00Z'));
      const [trailer] = rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from episodes where content_id = 1 and is_trailer order by id limit 1`,
        ),
      );
      ids.trailer = trailer!.id;
      const [title] = rowsOf<{ title: string }>(
        await db.execute(sql`select title from contents where id = 1`),
      );
      ids.filmTitle = title!.title;
      writeFixtureAsset(dataDir, 'ek-1');
      writeFixtureAsset(dataDir, `ep-${ids.trailer}`, { segments: 2 });
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    /** An app on the suite's database; `clock` shared when given (instances behind one balancer). */
    async function setup(env: Record<string, string> = {}, clock?: FakeClock) {
      return api.setup({ DATA_DIR: dataDir, MEDIA_SECRET, ...env }, clock ? { clock } : {});
    }

    /** `count` sessions (tabs, devices) of one anonymous profile; it holds the package when `bought`. */
    async function viewer(t: TestApi, count: number, bought = true): Promise<Tokens[]> {
      const device = `web_${randomBytes(8).toString('hex')}`;
      const tabs: Tokens[] = [];
      for (let i = 0; i < count; i++) tabs.push(await t.anonymous(device));
      if (bought)
        await grantPackage(t.database.db, {
          profile: { profileId: tabs[0]!.profile_id },
          packageId: 1,
          until: null,
          now: t.clock.now(),
          source: 'operator',
        });
      return tabs;
    }

    const play = (t: TestApi, tab: Tokens, platform?: string, path = FILM) =>
      t.call<Release & Refusal>('GET', `/web/1/releases/${path}`, {
        token: tab.access_token,
        headers: platform ? { 'x-device-platform': platform } : {},
      });
    const key = (t: TestApi, r: Release, index = 0) =>
      t.app.inject({ method: 'GET', url: `/media/key/${grantOf(r)}/ek-1/${index}` });
    const streamsOf = async (t: TestApi, tab: Tokens) =>
      (
        await t.call<{ limit: number; streams: Stream[] }>('POST', '/v1/agregator/getActiveStreams', {
          token: tab.access_token,
          body: {},
        })
      ).body.response;
    const stop = (t: TestApi, tab: Tokens, deviceId: unknown) =>
      t.call<Refusal>('POST', '/v1/agregator/stopStream', {
        token: tab.access_token,
        body: { device_id: deviceId },
      });

    it('refuses the next full playback past the limit, naming it, with the playbacks one may stop', async () => {
      const t = await setup();
      const tabs = await viewer(t, 4);
      const platforms = ['PC_WEB', 'IOS_WEB', 'ANDROID_WEB'];
      for (const [i, platform] of platforms.entries()) {
        const r = await play(t, tabs[i]!, platform);
        expect([i, r.status, r.body.response.preview_timer]).toEqual([i, 200, null]);
        t.clock.advance(1);
      }
      const refused = await play(t, tabs[3]!, 'PC_WEB');
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(424);
      expect(refused.body.response.error).toBe('stream_limit');
      expect(refused.body.response.message).toBe(limitMessage(3));
      expect(refused.body.response.message).toContain('не больше чем на 3 устройствах');
      const streams = refused.body.response.streams!;
      expect(streams.map((s) => [s.device_id, s.platform, s.device_name, s.is_current])).toEqual([
        [sessionIdOf(tabs[0]!.access_token), 'PC_WEB', 'Браузер на компьютере', false],
        [sessionIdOf(tabs[1]!.access_token), 'IOS_WEB', 'Браузер на iPhone или iPad', false],
        [sessionIdOf(tabs[2]!.access_token), 'ANDROID_WEB', 'Браузер на Android', false],
      ]);
      expect(streams[0]).toMatchObject({
        content_id: 1,
        episode_id: null,
        channel_id: null,
        title: ids.filmTitle,
        started_at: new Date(t.clock.now().getTime() - 3000).toISOString(),
      });
      // The list call answers the same, with the caller marked, and the limit.
      const listed = await streamsOf(t, tabs[1]!);
      expect(listed.limit).toBe(3);
      expect(listed.streams.map((s) => s.is_current)).toEqual([false, true, false]);
    });

    it('keeps the place of a device that asks again (a renewed grant, the next episode) at the limit', async () => {
      const t = await setup();
      const tabs = await viewer(t, 3);
      for (const tab of tabs) expect((await play(t, tab)).status).toBe(200);
      t.clock.advance(30);
      for (const tab of tabs) expect((await play(t, tab)).status).toBe(200);
      expect((await streamsOf(t, tabs[0]!)).streams).toHaveLength(3);
    });

    it('counts no preview, no trailer: a viewer without the package plays on any number of devices', async () => {
      const t = await setup();
      const guests = await viewer(t, 5, false);
      for (const g of guests) {
        const r = await play(t, g);
        expect([r.status, r.body.response.preview_timer]).toEqual([200, 10]);
        expect((await key(t, r.body.response)).statusCode).toBe(200);
      }
      expect((await streamsOf(t, guests[0]!)).streams).toEqual([]);
      // A buyer at the limit still plays the trailer.
      const tabs = await viewer(t, 4);
      for (const tab of tabs.slice(0, 3)) expect((await play(t, tab)).status).toBe(200);
      expect((await play(t, tabs[3]!, undefined, `${FILM}&EP_id=${ids.trailer}`)).status).toBe(200);
      expect((await play(t, tabs[3]!)).status).toBe(409);
    });

    it("stops another device's playback: its place is free at once, its keys are refused, a replay is 404", async () => {
      const t = await setup();
      const tabs = await viewer(t, 4);
      const grants: Release[] = [];
      for (const tab of tabs.slice(0, 3)) grants.push((await play(t, tab)).body.response);
      for (const g of grants) expect((await key(t, g)).statusCode).toBe(200);
      expect((await play(t, tabs[3]!)).status).toBe(409);

      const stopped = await stop(t, tabs[3]!, sessionIdOf(tabs[1]!.access_token));
      expect(stopped.body).toEqual({ code: 200, success: true, response: { ok: true } });
      expect((await play(t, tabs[3]!)).status).toBe(200);

      t.clock.advance(GRANT_CHECK_SECONDS + 1);
      const refused = await key(t, grants[1]!, 1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().response).toMatchObject({
        error: 'stream_stopped',
        message: 'Просмотр на этом устройстве остановлен с другого устройства',
      });
      expect((await key(t, grants[0]!, 1)).statusCode).toBe(200);
      // Asked for again, the stopped device is a new start: refused while the others play.
      const again = await play(t, tabs[1]!);
      expect([again.status, again.body.response.error]).toEqual([409, 'stream_limit']);

      const replay = await stop(t, tabs[3]!, sessionIdOf(tabs[1]!.access_token));
      expect([replay.status, replay.body.response]).toEqual([
        404,
        { error: 'stream_not_found', message: 'На этом устройстве сейчас ничего не смотрят' },
      ]);
    });

    it("answers 404 for another profile's playback, an unknown id and a device not playing; 400 for a malformed id", async () => {
      const t = await setup();
      const [mine, idle] = await viewer(t, 2);
      const [stranger] = await viewer(t, 1);
      const theirs = (await play(t, stranger!)).body.response;
      expect((await play(t, mine!)).status).toBe(200);
      for (const id of [sessionIdOf(stranger!.access_token), randomUUID(), sessionIdOf(idle!.access_token)]) {
        const res = await stop(t, mine!, id);
        expect([id, res.status, res.body.response.error]).toEqual([id, 404, 'stream_not_found']);
      }
      t.clock.advance(GRANT_CHECK_SECONDS + 1);
      expect((await key(t, theirs, 1)).statusCode).toBe(200);
      expect((await streamsOf(t, stranger!)).streams).toHaveLength(1);
      for (const bad of ['x', '', 7, null]) expect((await stop(t, mine!, bad)).status).toBe(400);
      const noSession = await t.call('POST', '/v1/agregator/getActiveStreams', { body: {} });
      expect(noSession.body.code).toBe(910);
    });

    it('frees the place of a playback silent for a minute; one fetching keys keeps it (a controlled clock)', async () => {
      const t = await setup();
      const tabs = await viewer(t, 4);
      const grants: Release[] = [];
      for (const tab of tabs.slice(0, 3)) grants.push((await play(t, tab)).body.response);

      t.clock.advance(STREAM_IDLE_SECONDS - 20);
      // Two of them fetch keys (each a report, the guard's look-up); the third is silent.
      expect((await key(t, grants[0]!)).statusCode).toBe(200);
      expect((await key(t, grants[1]!)).statusCode).toBe(200);
      t.clock.advance(19);
      expect((await play(t, tabs[3]!)).status).toBe(409);
      t.clock.advance(2); // the third silent for over a minute
      expect((await play(t, tabs[3]!)).status).toBe(200);
      // Started at the same instant, the first three are in session id order; the fourth is last.
      const listed = (await streamsOf(t, tabs[0]!)).streams.map((s) => s.device_id);
      expect(listed[2]).toBe(sessionIdOf(tabs[3]!.access_token));
      expect(listed.slice(0, 2).sort()).toEqual([0, 1].map((i) => sessionIdOf(tabs[i]!.access_token)).sort());
      // The silent one comes back to a full house: its keys are refused with the limit.
      const back = await key(t, grants[2]!, 1);
      expect([back.statusCode, back.json().response.error]).toEqual([409, 'stream_limit']);
    });

    it('frees the place of a device that logs out at once', async () => {
      const t = await setup();
      const tabs = await viewer(t, 4);
      for (const tab of tabs.slice(0, 3)) expect((await play(t, tab)).status).toBe(200);
      await t.call('POST', '/v1/agregator/logout', { token: tabs[2]!.access_token });
      expect((await play(t, tabs[3]!)).status).toBe(200);
    });

    it('follows STREAM_LIMIT, and 0 counts nothing', async () => {
      const one = await setup({ STREAM_LIMIT: '1' });
      const [a, b] = await viewer(one, 2);
      expect((await play(one, a!)).status).toBe(200);
      const refused = await play(one, b!);
      expect(refused.body.response.message).toContain('не больше чем на 1 устройстве.');
      const off = await setup({ STREAM_LIMIT: '0' });
      for (const tab of await viewer(off, 5)) expect((await play(off, tab)).status).toBe(200);
    });

    it('counts the playbacks of every instance sharing the database, also after one is killed', async () => {
      const clock = new FakeClock();
      const a = await setup({}, clock);
      const b = await setup({}, clock);
      const tabs = await viewer(a, 4);
      expect((await play(a, tabs[0]!)).status).toBe(200);
      expect((await play(b, tabs[1]!)).status).toBe(200);
      expect((await play(a, tabs[2]!)).status).toBe(200);
      expect((await play(b, tabs[3]!)).status).toBe(409);
      await a.app.close();
      // Nothing was in a's memory alone: b still counts a's playbacks, until they go silent.
      expect((await play(b, tabs[3]!)).status).toBe(409);
      expect((await streamsOf(b, tabs[3]!)).streams).toHaveLength(3);
      clock.advance(STREAM_IDLE_SECONDS + 1);
      expect((await play(b, tabs[3]!)).status).toBe(200);
    });

    it('lets at most the limit keep playing when starts race, from their first keys on', async () => {
      const clock = new FakeClock();
      const a = await setup({}, clock);
      const b = await setup({}, clock);
      const tabs = await viewer(a, 6);
      const answers = await Promise.all(tabs.map((tab, i) => play(i % 2 === 0 ? a : b, tab)));
      const admitted = answers.filter((r) => r.status === 200).map((r) => r.body.response);
      expect(admitted.length).toBeGreaterThanOrEqual(3);
      for (const r of answers) if (r.status !== 200) expect(r.body.response.error).toBe('stream_limit');
      const keys = [];
      for (const r of admitted) keys.push((await key(a, r)).statusCode);
      expect(keys.filter((s) => s === 200)).toHaveLength(3);
    });
  });
}
