import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../metrics/metrics';
import { fixtureData, loadFixtureData } from '../../test/catalogue-fixture';
import { writeFixtureLoop } from '../../test/fixture-media';
import { backends, FakeClock, type Tokens, useApi } from '../../test/harness';
import { grantPackage } from '../billing';
import { signedSegmentUrl } from '../playback';
import { discontinuitySequenceOf, liveEdge, segmentAt } from './live-clock';

const MEDIA_SECRET = 'test-media-secret-test-media-secret-0123';
const RELEASE = '/v1/agregator/getReleaseChannel';
const SCHEDULE = '/v1/agregator/getTvSchedule';
const at = (iso: string) => Date.parse(iso);
/** The test clock starts at 2030-01-15T10:00:00Z; seconds from there to a moment. */
const secondsTo = (iso: string) => (at(iso) - at('2030-01-15T10:00:00Z')) / 1000;

// Channel 1 «Кадр Новости»: content 5 stands for it, sold by «Подписка Кадр» (package 1), previewable
// (60 s: no preview_timer). Channel 2 «Кадр Кино»: no title stands for it, so it is free.
// Moscow days: 15 January runs 2030-01-14T21:00Z–2030-01-15T21:00Z. Looks alternate within a day.
const PROGRAMMES = [
  ['2030-01-10T09:00:00Z', '2030-01-10T10:00:00Z', 'Архивный выпуск'], // older than 3 days
  ['2030-01-12T10:00:00Z', '2030-01-12T11:00:00Z', 'Три дня назад'],
  ['2030-01-14T21:00:00Z', '2030-01-15T09:50:00Z', 'Большой эфир'], // 15th: look 0
  ['2030-01-15T09:50:00Z', '2030-01-15T10:30:00Z', 'Новости'], // look 1, on air at 10:00
  ['2030-01-15T10:30:00Z', '2030-01-15T20:00:00Z', 'Дневной эфир'], // look 0
  ['2030-01-15T20:00:00Z', '2030-01-15T21:10:00Z', 'Ночной эфир'], // look 1, crosses midnight
  ['2030-01-15T21:10:00Z', '2030-01-15T21:40:00Z', 'Полночные новости'], // 16th: look 0
  ['2030-01-15T21:40:00Z', '2030-01-15T23:00:00Z', 'Утро'], // look 1
] as const;

interface Stream {
  stream: { stream_url: string };
  drm: null;
  preview_timer: number | null;
  expires_in?: number;
}

interface PlaylistSegment {
  n: number;
  pdt: string;
  look: number;
  url: string;
  keyUrl: string;
  discontinuity: boolean;
}

/** A media playlist's header values and segments, URLs resolved against the playlist's. */
function parsePlaylist(text: string, base: string) {
  const lines = text.trim().split('\n');
  const header = (tag: string) => lines.find((l) => l.startsWith(`${tag}:`))?.slice(tag.length + 1);
  const segments: PlaylistSegment[] = [];
  let pending: Partial<PlaylistSegment> = {};
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') pending.discontinuity = true;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pending.pdt = line.slice(25);
    else if (line.startsWith('#EXT-X-KEY:'))
      pending.keyUrl = new URL(/URI="([^"]+)"/.exec(line)![1]!, `http://x${base}`).pathname;
    else if (line.startsWith('/media/live/')) {
      const [, , , , look, , file] = line.split('?')[0]!.split('/');
      segments.push({
        discontinuity: false,
        ...pending,
        n: Number(file!.slice(0, -3)),
        look: Number(look),
        url: line,
      } as PlaylistSegment);
      pending = {};
    }
  }
  return {
    lines,
    segments,
    mediaSequence: Number(header('#EXT-X-MEDIA-SEQUENCE')),
    discontinuitySequence: Number(header('#EXT-X-DISCONTINUITY-SEQUENCE')),
    type: header('#EXT-X-PLAYLIST-TYPE'),
    ended: lines.at(-1) === '#EXT-X-ENDLIST',
  };
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`live TV and its archive (${backend.name})`, () => {
    const api = useApi(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-live-'));
    const loopBytes: Record<string, (index: number) => Buffer> = {};

    beforeAll(async () => {
      if (!backend.available) return;
      const data = fixtureData();
      const title = data.titles.find((t) => t.key === 'kadr-novosti-efir')!;
      Object.assign(title, { is_preview: true });
      const db = api.database.db;
      await loadFixtureData(db, data, join(dataDir, 'media', 'images'), new Date('2030-01-15T10:00:00Z'));
      for (const channel of [1, 2])
        for (const look of [0, 1]) loopBytes[`${channel}/${look}`] = writeFixtureLoop(dataDir, channel, look);
    });
    beforeEach(async () => {
      if (!backend.available) return;
      const db = api.database.db;
      await db.execute(sql`truncate tv_programmes restart identity`);
      await db.execute(sql`update channels set archive_days = 3`);
      for (const [start, end, title] of PROGRAMMES)
        await db.execute(sql`
          insert into tv_programmes (channel_id, starts_at, ends_at, title, description)
          values (1, ${start}::timestamptz, ${end}::timestamptz, ${title}, '')`);
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    /**
     * An app whose clock starts at `startAt` (default 2030-01-15T10:00:00Z) and a guest. `advance` moves
     * the clock and gives the guest a fresh access token (the device's same profile), as the web's
     * refresh would after a long wait.
     */
    async function setup(
      env: Record<string, string> = {},
      options: { metrics?: ServiceMetrics; startAt?: string } = {},
    ) {
      const clock = new FakeClock();
      if (options.startAt) clock.advance(secondsTo(options.startAt));
      const t = await api.setup(
        { DATA_DIR: dataDir, MEDIA_SECRET, ...env },
        { metrics: options.metrics, clock },
      );
      const device = `web_${Math.random().toString(36).slice(2, 18).padEnd(16, '0')}`;
      const guest = await t.anonymous(device);
      const advance = async (seconds: number) => {
        t.clock.advance(seconds);
        Object.assign(guest, await t.anonymous(device));
      };
      const release = (body: Record<string, unknown>, who: Tokens = guest) =>
        t.call<Stream>('POST', RELEASE, { token: who.access_token, body: { dev_model: 'web', ...body } });
      const get = (url: string) => t.app.inject({ method: 'GET', url });
      /** The stream's 360p media playlist URL (through the master). */
      const mediaUrl = async (stream: Stream) => {
        const master = await get(stream.stream.stream_url);
        expect(master.statusCode, master.body).toBe(200);
        const variant = master.body.split('\n').find((l) => l.endsWith('/index.m3u8'))!;
        return new URL(variant, `http://x${stream.stream.stream_url}`).pathname;
      };
      const playlist = async (url: string) => {
        const res = await get(url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
        return parsePlaylist(res.body, url);
      };
      const buy = () =>
        grantPackage(t.database.db, {
          profile: { profileId: guest.profile_id },
          packageId: 1,
          until: null,
          now: t.clock.now(),
          source: 'operator',
        });
      const schedule = async (day: string) =>
        (
          await t.call<{
            items: Array<{ tv_air_date_start: string; tv_air_date_end: string; EK_title: string }>;
          }>('POST', SCHEDULE, {
            token: guest.access_token,
            body: { tv_schedule_day_start_utc0: day, stream_id: 1 },
          })
        ).body.response.items;
      return { t, guest, advance, release, get, mediaUrl, playlist, buy, schedule };
    }

    /** Decrypts a served segment with the key its playlist names (IV: the media sequence number). */
    async function decrypt(
      get: (url: string) => Promise<{ statusCode: number; rawPayload: Buffer }>,
      s: PlaylistSegment,
    ) {
      const [segment, key] = await Promise.all([get(s.url), get(s.keyUrl)]);
      expect(segment.statusCode).toBe(200);
      expect(key.statusCode).toBe(200);
      const iv = Buffer.alloc(16);
      iv.writeBigUInt64BE(BigInt(s.n), 8);
      const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, iv);
      return Buffer.concat([decipher.update(segment.rawPayload), decipher.final()]);
    }

    describe('getReleaseChannel', () => {
      it('gives a guest the live preview of a sold channel: no DRM, 60 s, no renewal', async () => {
        const { release } = await setup();
        const res = await release({ stream_id: 1 });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          code: 200,
          success: true,
          response: {
            stream: { stream_url: expect.stringMatching(/^\/media\/channel\/[\w.-]+\/master\.m3u8$/) },
            drm: null,
            preview_timer: 60,
          },
        });
      });

      it('gives a buyer the whole stream with a grant to renew, and a free channel to everyone', async () => {
        const { release, buy } = await setup();
        const free = await release({ stream_id: 2 });
        expect(free.body.response).toMatchObject({ preview_timer: null, expires_in: 300, drm: null });
        await buy();
        expect((await release({ stream_id: 1 })).body.response).toMatchObject({
          preview_timer: null,
          expires_in: 300,
        });
      });

      it('follows getPackageByChannel: not bought gets the preview, bought the stream', async () => {
        const { t, guest, release, buy } = await setup();
        const goods = async (stream_id: number) =>
          (
            await t.call<{ goods: { is_bought: boolean; package_id: number } }>(
              'POST',
              '/v1/agregator/getPackageByChannel',
              {
                token: guest.access_token,
                body: { stream_id },
              },
            )
          ).body.response.goods;
        expect(await goods(1)).toMatchObject({ is_bought: false, package_id: 1 });
        expect((await release({ stream_id: 1 })).body.response.preview_timer).toBe(60);
        await buy();
        expect(await goods(1)).toMatchObject({ is_bought: true, package_id: 1 });
        expect((await release({ stream_id: 1 })).body.response.preview_timer).toBeNull();
        expect(await goods(2)).toMatchObject({ is_bought: true, good_type: 'free' });
      });

      it('answers getPackageByChannel without a session as to a new visitor (decision 047)', async () => {
        const { t, buy } = await setup();
        await buy();
        const res = await t.call<{ goods: { is_bought: boolean } }>(
          'POST',
          '/v1/agregator/getPackageByChannel',
          {
            body: { stream_id: 1 },
          },
        );
        expect(res.status).toBe(200);
        expect(res.body.response.goods).toMatchObject({ is_bought: false, package_id: 1 });
      });

      it('refuses an unknown channel, and a channel whose loops are not packaged yet (503)', async () => {
        const { release } = await setup();
        expect((await release({ stream_id: 99 })).body).toMatchObject({
          code: 404,
          response: { error: 'channel_not_found', message: 'Телеканал не найден' },
        });
        const empty = await api.setup({ DATA_DIR: api.tempDir(), MEDIA_SECRET });
        const guest = await empty.anonymous();
        const res = await empty.call('POST', RELEASE, {
          token: guest.access_token,
          body: { stream_id: 2, dev_model: 'web' },
        });
        expect(res.status).toBe(503);
        expect(res.body.response).toMatchObject({ error: 'media_not_ready', retry_after: 5 });
      });
    });

    describe('live playlists', () => {
      it('slide with the clock: media and discontinuity sequence advance, a program date-time on every segment', async () => {
        const { t, release, mediaUrl, playlist, buy } = await setup();
        await buy();
        const url = await mediaUrl((await release({ stream_id: 1 })).body.response);
        const first = await playlist(url);
        const edge = liveEdge(t.clock.now().getTime());
        // 30 minutes of DVR: 450 segments up to the newest finished one.
        expect(first.segments).toHaveLength(450);
        expect(first.mediaSequence).toBe(edge - 449);
        expect(first.segments.at(-1)).toMatchObject({ n: edge, pdt: '2030-01-15T09:59:56.000Z' });
        expect(first.discontinuitySequence).toBe(discontinuitySequenceOf(edge - 449));
        expect(first.type).toBeUndefined();
        expect(first.ended).toBe(false);
        for (const s of first.segments) {
          expect(new Date(s.pdt).getTime()).toBe(s.n * 4000);
          expect(s.discontinuity).toBe(s.n % 5 === 0 && s.n !== first.mediaSequence);
        }
        t.clock.advance(4);
        expect((await playlist(url)).mediaSequence).toBe(first.mediaSequence + 1);
        t.clock.advance(56);
        const minute = await playlist(url);
        expect(minute.mediaSequence).toBe(first.mediaSequence + 15);
        expect(minute.discontinuitySequence).toBe(first.discontinuitySequence + 3);
        expect(minute.segments.at(-1)!.pdt).toBe('2030-01-15T10:00:56.000Z');
        // A segment keeps its discontinuity sequence number from one playlist to the next.
        const dsn = (p: typeof first, n: number) =>
          p.discontinuitySequence + p.segments.filter((s) => s.discontinuity && s.n <= n).length;
        const shared = minute.segments[0]!.n;
        expect(dsn(minute, shared)).toBe(dsn(first, shared));
      });

      it("plays the guide's programme at every program date-time, across the Moscow midnight", async () => {
        const { release, mediaUrl, playlist, buy, schedule } = await setup(
          {},
          { startAt: '2030-01-15T21:20:00Z' },
        );
        await buy();
        const { segments } = await playlist(await mediaUrl((await release({ stream_id: 1 })).body.response));
        expect(segments[0]!.pdt).toBe('2030-01-15T20:50:00.000Z');
        expect(segments.at(-1)!.pdt).toBe('2030-01-15T21:19:56.000Z');
        // The guide of both Moscow days the window spans.
        const items = [
          ...(await schedule('2030-01-15T00:00+03:00')),
          ...(await schedule('2030-01-16T00:00+03:00')),
        ];
        const onAir = (pdt: string) =>
          items.find((i) => i.tv_air_date_start <= pdt && pdt < i.tv_air_date_end)!.EK_title;
        const lookOf = new Map<string, number>();
        for (const s of segments) {
          const title = onAir(s.pdt);
          if (!lookOf.has(title)) lookOf.set(title, s.look);
          expect(s.look, `${s.pdt} ${title}`).toBe(lookOf.get(title));
        }
        expect([...lookOf.keys()]).toEqual(['Ночной эфир', 'Полночные новости']);
        expect(lookOf.get('Ночной эфир')).not.toBe(lookOf.get('Полночные новости'));
        // Midnight changes nothing but the loop; the next programme starts with a discontinuity.
        const byPdt = (pdt: string) => segments.find((s) => s.pdt === pdt)!;
        expect(byPdt('2030-01-15T21:00:00.000Z')).toMatchObject({
          look: lookOf.get('Ночной эфир'),
          discontinuity: true,
        });
        expect(byPdt('2030-01-15T21:10:00.000Z')).toMatchObject({
          look: lookOf.get('Полночные новости'),
          discontinuity: true,
        });
        expect(byPdt('2030-01-15T21:09:56.000Z').look).toBe(lookOf.get('Ночной эфир'));
      });

      it('serves each segment cut from its look and place in the loop, encrypted with the key of its place in time', async () => {
        const { release, mediaUrl, playlist, get } = await setup({}, { startAt: '2030-01-15T10:31:00Z' });
        // Channel 2 (free, no guide): look 0 throughout.
        const { segments } = await playlist(await mediaUrl((await release({ stream_id: 2 })).body.response));
        for (const s of segments.slice(-6)) {
          expect(s.look).toBe(0);
          expect(await decrypt(get, s)).toEqual(loopBytes['2/0']!(s.n % 5));
        }
        // A repeated loop segment is encrypted anew: another key, other bytes.
        const [a, b] = [segments.at(-1)!, segments.at(-6)!];
        expect(a.n % 5).toBe(b.n % 5);
        expect((await get(a.keyUrl)).rawPayload).not.toEqual((await get(b.keyUrl)).rawPayload);
        expect((await get(a.url)).rawPayload).not.toEqual((await get(b.url)).rawPayload);
        // Channel 1 at 10:31: «Дневной эфир» (look 0) since 10:30, «Новости» (look 1) before.
        const one = (await playlist(await mediaUrl((await release({ stream_id: 1 })).body.response)))
          .segments;
        expect(one.filter((s) => s.pdt >= '2030-01-15T10:30').every((s) => s.look === 0)).toBe(true);
        expect(one.filter((s) => s.pdt < '2030-01-15T10:30').every((s) => s.look === 1)).toBe(true);
      });
    });

    describe('caching', () => {
      it('lets a shared cache keep segments while their URL is valid, an hour at most; never keys, playlists or refusals', async () => {
        const { t, release, mediaUrl, get } = await setup({}, { startAt: '2030-01-15T10:31:00Z' });
        const cacheOf = (res: { headers: Record<string, unknown> }) => res.headers['cache-control'];
        // Full live (channel 2, free): segment URLs valid 4 h and more, kept an hour.
        const fullUrl = await mediaUrl((await release({ stream_id: 2 })).body.response);
        const full = await get(fullUrl);
        expect(cacheOf(full)).toBe('private, no-store');
        const last = parsePlaylist(full.body, fullUrl).segments.at(-1)!;
        const segment = await get(last.url);
        expect(segment.statusCode).toBe(200);
        expect(cacheOf(segment)).toBe('public, max-age=3600');
        expect(segment.headers['access-control-allow-origin']).toBe('*');
        expect(full.headers['access-control-allow-origin']).toBe('*');
        expect(cacheOf(await get(last.keyUrl))).toBe('private, no-store');
        // A live preview's URLs expire with its grant (60 s + 2 min from its start): no longer in a cache.
        const previewUrl = await mediaUrl((await release({ stream_id: 1 })).body.response);
        const preview = parsePlaylist((await get(previewUrl)).body, previewUrl).segments.at(-1)!;
        const expires = Number(new URL(preview.url, 'http://x').searchParams.get('expires'));
        t.clock.advance(30);
        const now = Math.floor(t.clock.now().getTime() / 1000);
        expect(cacheOf(await get(preview.url))).toBe(`public, max-age=${expires - now}`);
        expect(expires - now).toBeLessThan(180);
        // A refusal (a segment past the edge, signed by hand) is never kept: it exists a moment later.
        const early = signedSegmentUrl(
          MEDIA_SECRET,
          `/media/live/2/0/360p/${last.n + 100}.ts`,
          expires + 3600,
        );
        const refused = await get(early);
        expect(refused.statusCode).toBe(404);
        expect(cacheOf(refused)).toBe('no-store');
      });
    });

    describe('the live preview', () => {
      it('is cut by the server: keys and segments past 60 s from the grant are refused, the playlist ends', async () => {
        const { t, release, mediaUrl, playlist, get } = await setup();
        const stream = (await release({ stream_id: 1 })).body.response;
        const url = await mediaUrl(stream);
        const start = await playlist(url);
        // At the grant's start: the 3 segments behind the edge (where hls.js starts), no DVR.
        expect(start.segments).toHaveLength(3);
        expect(start.segments[0]!.pdt).toBe('2030-01-15T09:59:48.000Z');
        const firstAllowed = start.segments[0]!.n;
        // 15 segments, 60 s of video, from 09:59:48: the last starts at 10:00:44.
        const lastAllowed = segmentAt(at('2030-01-15T10:00:44Z'));
        t.clock.advance(30);
        const middle = await playlist(url);
        expect(middle.segments).toHaveLength(6);
        expect(middle.ended).toBe(false);
        t.clock.advance(90);
        const after = await playlist(url);
        expect(after.ended).toBe(true);
        expect(after.segments.at(-1)).toMatchObject({ n: lastAllowed, pdt: '2030-01-15T10:00:44.000Z' });
        // Every listed segment decrypts with its key; keys outside the preview are refused.
        const last = after.segments.at(-1)!;
        expect((await decrypt(get, last)).subarray(0, 12).toString()).toBe(`lv-1-1/360p/`);
        const keyOf = (n: number) => last.keyUrl.replace(/\/key\/\d+$/, `/key/${n}`);
        for (const n of [lastAllowed + 1, lastAllowed + 100, firstAllowed - 1, 0]) {
          const res = await get(keyOf(n));
          expect(res.statusCode, String(n)).toBe(403);
          expect(res.json().response.error).toBe('past_preview');
        }
        // A segment URL moved past the preview (or to another look) is not signed; nor is an unsigned one.
        for (const tampered of [
          last.url.replace(`/${lastAllowed}.ts`, `/${lastAllowed + 1}.ts`),
          last.url.replace('/1/1/360p/', '/1/0/360p/'),
          last.url.split('?')[0]!,
          `${last.url}&lim=99`,
        ]) {
          const res = await get(tampered);
          expect(res.statusCode, tampered).toBe(403);
          expect(res.json().response.error).toBe('signature_invalid');
        }
        // A grant whose start was moved later (a later preview) is forged.
        const grant = stream.stream.stream_url.split('/')[3]!;
        const moved = grant.replace(/\.l(\d+)\./, (_, s: string) => `.l${Number(s) + 600}.`);
        expect((await get(keyOf(lastAllowed + 10).replace(grant, moved))).json().response.error).toBe(
          'grant_invalid',
        );
        // Replayed after its time: the grant (preview + 2 min) and the segment URLs have expired.
        t.clock.advance(61);
        const expiredKey = await get(last.keyUrl);
        expect(expiredKey.statusCode).toBe(410);
        expect(expiredKey.json().response.error).toBe('grant_expired');
        expect((await get(url)).statusCode).toBe(410);
        const expiredSegment = await get(last.url);
        expect(expiredSegment.statusCode).toBe(410);
        expect(expiredSegment.json().response.error).toBe('signature_expired');
      });

      // The outside test of issue 24 got 84–88 s of video from a 60 s preview: the live window at the
      // grant (24 s) was listed on top of the 60 s after it. Everything a preview grant ever lists, over
      // its whole life, wherever in a segment it starts, is its seconds + less than one segment.
      for (const startAt of ['2030-01-15T10:00:00Z', '2030-01-15T10:00:03.900Z'])
        it(`yields at most 60 s + one segment of video over its whole life (granted at ${startAt.slice(11)})`, async () => {
          const { t, release, mediaUrl, get } = await setup({}, { startAt });
          const grantedAt = t.clock.now().getTime();
          const url = await mediaUrl((await release({ stream_id: 1 })).body.response);
          const played = new Map<number, number>();
          let ended = false;
          // A player asking every 2 s (half a target duration) until the grant is refused.
          for (let s = 0; s < 60 + 120 + 10; s += 2) {
            const res = await get(url);
            if (res.statusCode !== 200) {
              expect(res.json().response.error).toBe('grant_expired');
              break;
            }
            const listed = parsePlaylist(res.body, url);
            ended ||= listed.ended;
            const durations = listed.lines.filter((l) => l.startsWith('#EXTINF:'));
            expect(durations.length).toBe(listed.segments.length);
            for (const [i, segment] of listed.segments.entries()) {
              if (played.has(segment.n)) continue;
              await decrypt(get, segment);
              played.set(segment.n, Number.parseFloat(durations[i]!.slice(8)));
            }
            t.clock.advance(2);
          }
          expect(ended).toBe(true);
          const seconds = [...played.values()].reduce((a, b) => a + b, 0);
          expect(seconds).toBeGreaterThanOrEqual(60);
          expect(seconds).toBeLessThanOrEqual(60 + 4);
          // What it plays is live: it starts at most 3 segments (12 s) before the grant, plus the one airing.
          const firstStart = Math.min(...played.keys()) * 4000;
          expect(grantedAt - firstStart).toBeLessThan(16_000);
        });

      it('is given three times an hour per channel, then refused until the hour has room again', async () => {
        const { advance, release } = await setup();
        for (let i = 0; i < 3; i++) expect((await release({ stream_id: 1 })).status).toBe(200);
        const refused = await release({ stream_id: 1 });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          code: 424,
          response: {
            error: 'preview_spent',
            message: 'Бесплатный просмотр канала закончился. Оформите подписку, чтобы смотреть дальше',
            retry_after: expect.any(Number),
          },
        });
        // Archive previews start at the programme's start: not limited.
        expect((await release({ stream_id: 1, archive_start: '2030-01-14T21:00:00Z' })).status).toBe(200);
        await advance((refused.body.response as unknown as { retry_after: number }).retry_after);
        expect((await release({ stream_id: 1 })).status).toBe(200);
      });

      it('is counted per client network too: fresh anonymous profiles do not add up to the stream', async () => {
        const { t, release } = await setup({ LIVE_PREVIEWS_PER_NETWORK_HOUR: '4' });
        const fromNetwork = async (ip: string) => {
          const profile = await t.anonymous();
          return t.call('POST', RELEASE, {
            token: profile.access_token,
            ip,
            body: { dev_model: 'web', stream_id: 1 },
          });
        };
        // Four profiles of one address (an IPv6 /64 counts as one) get four previews, the fifth none.
        for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::3', '2001:db8:1:2::4'])
          expect((await fromNetwork(ip)).status).toBe(200);
        const refused = await fromNetwork('2001:db8:1:2::5');
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ response: { error: 'preview_spent' } });
        // Other networks (another /64, the guest's IPv4 address) still get theirs.
        expect((await fromNetwork('2001:db8:9:9::1')).status).toBe(200);
        expect((await release({ stream_id: 1 })).status).toBe(200);
      });

      it('is counted per client subnet too: rotating IPv4 addresses of one /24 meet one budget', async () => {
        const { t } = await setup({
          LIVE_PREVIEWS_PER_NETWORK_HOUR: '2',
          LIVE_PREVIEWS_PER_SUBNET_HOUR: '3',
        });
        const fromAddress = async (ip: string) => {
          const profile = await t.anonymous();
          return t.call('POST', RELEASE, {
            token: profile.access_token,
            ip,
            body: { dev_model: 'web', stream_id: 1 },
          });
        };
        for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
          expect((await fromAddress(ip)).status).toBe(200);
        // A fourth address of the /24: the subnet's budget is spent; another subnet is not limited.
        expect((await fromAddress('198.51.100.4')).body).toMatchObject({
          response: { error: 'preview_spent' },
        });
        expect((await fromAddress('198.51.101.4')).status).toBe(200);
      });
    });

    describe('the archive', () => {
      it('plays a programme that crossed midnight as VOD from its start, with program date-times', async () => {
        const { release, mediaUrl, playlist, buy } = await setup({}, { startAt: '2030-01-15T21:20:00Z' });
        await buy();
        // Its start as the guide gives it, or with the Moscow offset: the same instant.
        for (const start of ['2030-01-15T20:00:00.000Z', '2030-01-15T23:00+03:00']) {
          const res = await release({ stream_id: 1, archive_start: start });
          expect(res.body.response).toMatchObject({ preview_timer: null, expires_in: 300 });
          const p = await playlist(await mediaUrl(res.body.response));
          expect(p.type).toBe('VOD');
          expect(p.ended).toBe(true);
          expect(p.segments).toHaveLength(70 * 15);
          expect(p.mediaSequence).toBe(segmentAt(at('2030-01-15T20:00:00Z')));
          expect(p.discontinuitySequence).toBe(discontinuitySequenceOf(p.mediaSequence));
          expect(p.segments[0]!.pdt).toBe('2030-01-15T20:00:00.000Z');
          expect(p.segments.at(-1)!.pdt).toBe('2030-01-15T21:09:56.000Z');
          expect(p.segments.find((s) => s.pdt === '2030-01-15T21:00:00.000Z')?.discontinuity).toBe(true);
          expect(new Set(p.segments.map((s) => s.look))).toEqual(new Set([1]));
          expect(p.segments.filter((s) => s.discontinuity)).toHaveLength(70 * 3 - 1);
        }
      });

      it('plays the programme on air from its start as an EVENT playlist (start-over)', async () => {
        const { t, advance, release, mediaUrl, playlist, buy } = await setup(
          {},
          { startAt: '2030-01-15T21:20:00Z' },
        );
        await buy();
        const res = await release({ stream_id: 1, archive_start: '2030-01-15T21:10:00Z' });
        const url = await mediaUrl(res.body.response);
        const now = await playlist(url);
        expect(now).toMatchObject({ type: 'EVENT', ended: false });
        expect(now.segments[0]!.pdt).toBe('2030-01-15T21:10:00.000Z');
        expect(now.segments.at(-1)!.pdt).toBe('2030-01-15T21:19:56.000Z');
        t.clock.advance(40);
        const later = await playlist(url);
        expect(later.mediaSequence).toBe(now.mediaSequence);
        expect(later.segments).toHaveLength(now.segments.length + 10);
        // Another grant of it gets the same bytes (one body written for every full grant of it).
        const again = await release({ stream_id: 1, archive_start: '2030-01-15T21:10:00Z' });
        expect((await playlist(await mediaUrl(again.body.response))).lines).toEqual(later.lines);
        // Once the programme is over it is the archive: the same playlist, complete.
        await advance((at('2030-01-15T21:41:00Z') - t.clock.now().getTime()) / 1000);
        const over = await release({ stream_id: 1, archive_start: '2030-01-15T21:10:00Z' });
        const done = await playlist(await mediaUrl(over.body.response));
        expect(done).toMatchObject({ type: 'VOD', ended: true });
        expect(done.segments).toHaveLength(30 * 15);
      });

      it('gives a guest the first 60 s of an archived programme, and no key past them', async () => {
        const { release, mediaUrl, playlist, get } = await setup();
        const res = await release({ stream_id: 1, archive_start: '2030-01-14T21:00:00Z' });
        expect(res.body.response).toMatchObject({ preview_timer: 60, expires_in: 300 });
        const p = await playlist(await mediaUrl(res.body.response));
        expect(p).toMatchObject({ type: 'VOD', ended: true });
        expect(p.segments).toHaveLength(15);
        const next = p.segments
          .at(-1)!
          .keyUrl.replace(/\/key\/(\d+)$/, (_, n: string) => `/key/${Number(n) + 1}`);
        expect((await get(next)).json().response.error).toBe('past_preview');
        expect((await decrypt(get, p.segments[0]!)).subarray(0, 8).toString()).toBe('lv-1-0/3');
      });

      it('plays a day of a programme at most (one longer than imports allow, left in the table)', async () => {
        const { t, release, mediaUrl, playlist, get } = await setup();
        await t.database.db.execute(sql`
          insert into tv_programmes (channel_id, starts_at, ends_at, title)
          values (2, '2030-01-13T00:00:00Z', '2030-01-14T06:00:00Z', 'Тридцать часов')`);
        const res = await release({ stream_id: 2, archive_start: '2030-01-13T00:00:00Z' });
        const p = await playlist(await mediaUrl(res.body.response));
        expect(p.type).toBe('VOD');
        expect(p.ended).toBe(true);
        expect(p.segments).toHaveLength(24 * 900);
        expect(p.segments.at(-1)!.pdt).toBe('2030-01-13T23:59:56.000Z');
        const past = p.segments
          .at(-1)!
          .keyUrl.replace(/\/key\/(\d+)$/, (_, n: string) => `/key/${Number(n) + 1}`);
        expect((await get(past)).statusCode).toBe(404);
      });

      it('refuses clearly: too old, in the future, not a programme start, no archive, unknown channel', async () => {
        const { t, release } = await setup();
        const refusal = async (body: Record<string, unknown>) => {
          const res = await release(body);
          return {
            status: res.status,
            code: res.body.code,
            error: (res.body.response as { error?: string }).error,
          };
        };
        expect((await release({ stream_id: 1, archive_start: '2030-01-12T10:00:00Z' })).status).toBe(200);
        expect(await refusal({ stream_id: 1, archive_start: '2030-01-10T09:00:00Z' })).toEqual({
          status: 410,
          code: 424,
          error: 'archive_expired',
        });
        // Long before any archive, down to dates the database has no year for (found by the fuzz suite).
        for (const old of ['2029-12-01T00:00:00Z', '1969-12-31T23:59:59Z', '0001-01-01T02:59+03:00'])
          expect(await refusal({ stream_id: 1, archive_start: old }), old).toMatchObject({
            status: 410,
            error: 'archive_expired',
          });
        expect(await refusal({ stream_id: 1, archive_start: '9999-12-31T23:59:59Z' })).toMatchObject({
          error: 'archive_in_future',
        });
        expect(await refusal({ stream_id: 1, archive_start: '2030-01-15T21:40:00Z' })).toEqual({
          status: 409,
          code: 424,
          error: 'archive_in_future',
        });
        expect(await refusal({ stream_id: 1, archive_start: '2030-01-15T09:51:00Z' })).toEqual({
          status: 404,
          code: 404,
          error: 'programme_not_found',
        });
        expect(await refusal({ stream_id: 2, archive_start: '2030-01-15T09:00:00Z' })).toMatchObject({
          error: 'programme_not_found',
        });
        // A programme within one segment owns none (a segment is the programme's on air at its start):
        // nothing of its own to play, and its playlist would never end.
        await t.database.db.execute(sql`
          insert into tv_programmes (channel_id, starts_at, ends_at, title)
          values (1, '2030-01-15T09:51:01Z', '2030-01-15T09:51:03Z', 'Заставка')`);
        expect(await refusal({ stream_id: 1, archive_start: '2030-01-15T09:51:01Z' })).toMatchObject({
          status: 404,
          error: 'programme_not_found',
        });
        expect(await refusal({ stream_id: 99, archive_start: '2030-01-15T09:50:00Z' })).toMatchObject({
          error: 'channel_not_found',
        });
        for (const bad of ['yesterday', '2030-02-30T10:00Z', '2030-01-15T09:50:00']) {
          expect(await refusal({ stream_id: 1, archive_start: bad }), bad).toMatchObject({
            status: 400,
            error: 'validation_error',
          });
        }
        // (An app reads a channel again after 15 s: a fresh one sees the change at once.)
        await t.database.db.execute(sql`update channels set archive_days = 0 where id = 1`);
        const none = await (await setup()).release({ stream_id: 1, archive_start: '2030-01-15T09:50:00Z' });
        expect({
          status: none.status,
          code: none.body.code,
          error: (none.body.response as { error?: string }).error,
        }).toEqual({
          status: 404,
          code: 404,
          error: 'archive_unavailable',
        });
        const capped = await setup({ ARCHIVE_DAYS: '0' });
        expect(
          (await capped.release({ stream_id: 2, archive_start: '2030-01-15T09:50:00Z' })).body.response,
        ).toMatchObject({
          error: 'archive_unavailable',
          message: 'У этого канала нет архива передач',
        });
      });

      it('keeps a full live playlist within the archive: no DVR for a channel without one', async () => {
        const { t, release, mediaUrl, playlist, buy } = await setup();
        await buy();
        await t.database.db.execute(sql`update channels set archive_days = 0 where id = 1`);
        const p = await playlist(await mediaUrl((await release({ stream_id: 1 })).body.response));
        expect(p.segments).toHaveLength(6);
        const keyOf = (n: number) => p.segments[0]!.keyUrl.replace(/\/key\/\d+$/, `/key/${n}`);
        // Keys of the window (and a window back, for a playlist read a moment ago); not older, not future.
        expect((await t.app.inject({ method: 'GET', url: keyOf(p.segments[0]!.n - 6) })).statusCode).toBe(
          200,
        );
        // The segment after the edge, as the segment route serves it (an instance whose clock runs a
        // little ahead lists it), but none later.
        expect((await t.app.inject({ method: 'GET', url: keyOf(p.segments.at(-1)!.n + 1) })).statusCode).toBe(
          200,
        );
        for (const n of [p.segments[0]!.n - 7, p.segments.at(-1)!.n + 2])
          expect((await t.app.inject({ method: 'GET', url: keyOf(n) })).json().response.error).toBe(
            'not_found',
          );
      });
    });

    describe('channel-type titles (TVChan)', () => {
      it('play their channel live through getRelease, as the card offers', async () => {
        const { t, guest } = await setup();
        const card = await t.call<{ EK_type: string; goods: { is_preview: boolean } }>(
          'GET',
          '/web/2/contents/5',
          {
            token: guest.access_token,
          },
        );
        expect(card.body.response).toMatchObject({ EK_type: 'TVChan', goods: { is_preview: true } });
        const res = await t.call<{ content_url: string; preview_timer: number | null; drm: null }>(
          'GET',
          '/web/1/releases/5?dev_type=PCWEB&dev_model=web',
          { token: guest.access_token },
        );
        expect(res.status).toBe(200);
        expect(res.body.response).toEqual({
          content_url: expect.stringMatching(/^\/media\/channel\/\d+\.c1\.l\d+\./),
          drm: null,
          preview_timer: 60,
        });
        const master = await t.app.inject({ method: 'GET', url: res.body.response.content_url });
        expect(master.body).toContain('360p/index.m3u8');
        const episode = await t.call('GET', '/web/1/releases/5?dev_type=PCWEB&dev_model=web&EP_id=1', {
          token: guest.access_token,
        });
        expect(episode.body.response).toMatchObject({ error: 'episode_not_found' });
      });
    });

    describe('grants', () => {
      it('stop with the session, and count as an active stream', async () => {
        const metrics = new ServiceMetrics();
        const { t, guest, release, mediaUrl, playlist, get } = await setup({}, { metrics });
        const p = await playlist(await mediaUrl((await release({ stream_id: 2 })).body.response));
        expect(metrics.streams.count()).toBe(1);
        expect((await get(p.segments[0]!.keyUrl)).statusCode).toBe(200);
        await t.call('POST', '/v1/agregator/logout', { body: {}, token: guest.access_token });
        const res = await get(p.segments[0]!.keyUrl);
        expect(res.statusCode).toBe(403);
        expect(res.json().response.error).toBe('grant_revoked');
      });
    });
  });
}
