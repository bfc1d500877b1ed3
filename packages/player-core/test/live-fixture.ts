/**
 * A tiny live TV service for the browser run of channels (e2e/live.e2e.ts): ffmpeg encodes a short loop
 * of 2 s MPEG-TS segments once, and one node:http server plays it out as every channel's live playlist
 * computed from the wall clock — a sliding window (`WINDOW_SEGMENTS`), the media and discontinuity
 * sequences advancing with time, EXT-X-PROGRAM-DATE-TIME on every segment, a discontinuity where the
 * loop starts again — the way the api's live playout does (issue 13). `/archive/<id>/…` serves the
 * loop once as a finished (VOD) programme dated `archiveDate`. The page bundles the real channel
 * controller and the live video.js adapter (live-page.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlePlayerPage, findFfmpeg, run } from './clearkey-fixture.ts';

/** Seconds per segment (the target duration). */
export const SEGMENT_SECONDS = 2;
/** Segments in the loop (the encoded media is this many segments long). */
const LOOP_SEGMENTS = 10;
/** Segments a live playlist keeps: the DVR window (30 s). */
export const WINDOW_SEGMENTS = 15;

/** A running fixture: `url` serves the page, the channels' playlists and the segments. */
export interface LiveFixture {
  url: string;
  /** Wall clock (ms) at which segment 0 of every channel started: program date-time of segment n is this + 2 s·n. */
  epoch: number;
  /** Program date-time of the archived programme's first segment (ms). */
  archiveDate: number;
  /** Requests answered, in order (`GET /live/7/media.m3u8`, …). */
  requests: string[];
  close(): Promise<void>;
}

function playlist(lines: string[]): { type: string; body: string } {
  return { type: 'application/vnd.apple.mpegurl', body: `${['#EXTM3U', ...lines].join('\n')}\n` };
}

/** The live playlist at `now`: the segments that have fully aired, the newest `WINDOW_SEGMENTS` of them. */
export function livePlaylist(epoch: number, now: number): string[] {
  const last = Math.floor((now - epoch) / 1000 / SEGMENT_SECONDS) - 1;
  const first = Math.max(0, last - WINDOW_SEGMENTS + 1);
  const lines = [
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Discontinuities before `first`: one each time the loop started again.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / LOOP_SEGMENTS)}`,
  ];
  for (let n = first; n <= last; n++) {
    if (n > first && n % LOOP_SEGMENTS === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(epoch + n * SEGMENT_SECONDS * 1000).toISOString()}`,
      `#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`,
      `/segments/s${n % LOOP_SEGMENTS}.ts`,
    );
  }
  return lines;
}

/** Encodes the loop and serves the channels. */
export async function startLiveFixture(): Promise<LiveFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-live-'));
  const seconds = LOOP_SEGMENTS * SEGMENT_SECONDS;
  try {
    await run(findFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-threads', '1'],
      ...['-f', 'lavfi', '-i', `testsrc=size=320x180:rate=25:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=550:sample_rate=44100:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      // A key frame every segment, so each one starts cleanly after a discontinuity.
      ...['-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', join(dir, 's%d.ts'), '-y', join(dir, 'loop.m3u8')],
    ]);
    const segments = new Map<string, Buffer>();
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.ts')) segments.set(`/segments/${name}`, readFileSync(join(dir, name)));
    }
    if (segments.size !== LOOP_SEGMENTS)
      throw new Error(`expected ${LOOP_SEGMENTS} segments, got ${segments.size}`);

    const page = await bundlePlayerPage('live-page.ts');
    const html =
      '<!doctype html><meta charset="utf-8"><title>Live</title><div id="player" style="width:320px;height:180px"></div><script type="module" src="/page.js"></script>';
    // A minute of loop has aired when the fixture starts: the window is full from the first request.
    const epoch = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const archiveDate = epoch - 3_600_000;
    const archive = [
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
      '#EXT-X-PLAYLIST-TYPE:VOD',
      ...Array.from({ length: LOOP_SEGMENTS }, (_, n) => [
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(archiveDate + n * SEGMENT_SECONDS * 1000).toISOString()}`,
        `#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`,
        `/segments/s${n}.ts`,
      ]).flat(),
      '#EXT-X-ENDLIST',
    ];
    const requests: string[] = [];
    const server: Server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      requests.push(`${request.method} ${path}`);
      const send = (status: number, type: string, body: string | Buffer) => {
        response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
        response.end(body);
      };
      const file =
        path === '/'
          ? { type: 'text/html; charset=utf-8', body: html }
          : path === '/page.js'
            ? { type: 'text/javascript', body: page }
            : /^\/(live|archive)\/\d+\/master\.m3u8$/.test(path)
              ? playlist([
                  '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2"',
                  'media.m3u8',
                ])
              : /^\/live\/\d+\/media\.m3u8$/.test(path)
                ? playlist(livePlaylist(epoch, Date.now()))
                : /^\/archive\/\d+\/media\.m3u8$/.test(path)
                  ? playlist(archive)
                  : segments.has(path)
                    ? { type: 'video/mp2t', body: segments.get(path) as Buffer }
                    : null;
      if (file) send(200, file.type, file.body);
      else send(404, 'text/plain', 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}`,
      epoch,
      archiveDate,
      requests,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
