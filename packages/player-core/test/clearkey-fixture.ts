/**
 * A self-contained ClearKey playback fixture for the browser run (e2e/clearkey.e2e.ts): ffmpeg encodes
 * a short clear fragmented MP4, cenc.ts encrypts it into CENC fMP4 HLS (init segment with a ClearKey
 * pssh so Chromium fires `encrypted`, one media segment per fragment), a page bundling the real controller and
 * video.js adapter is built with esbuild, and one node:http server serves it all plus a W3C ClearKey
 * licence endpoint.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { videoJsCorePath } from '../src/bundler.ts';
import { encryptFragmentedMp4 } from './cenc.ts';

/** The system ffmpeg when present, else the npm static build (TOOLCHAIN.md). */
export function findFfmpeg(): string {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return 'ffmpeg';
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Runs a tool to completion; rejects with the end of its stderr when it fails. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-3000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr}`)),
    );
  });
}

// ---- the page ----

/**
 * Bundles a test page (this folder's `page`) the way an app bundles the lazy player chunk: sources
 * through the `@kadr/source` condition, `video.js` aliased to its core build (no VHS: hls.js streams).
 */
export async function bundlePlayerPage(page = 'clearkey-page.ts'): Promise<string> {
  const result = await build({
    stdin: {
      contents: readFileSync(join(import.meta.dirname, page), 'utf8'),
      resolveDir: import.meta.dirname,
      sourcefile: page,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    conditions: ['@kadr/source'],
    alias: { 'video.js': videoJsCorePath() },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced nothing');
  return output.text;
}

// ---- the server ----

const base64url = (bytes: Buffer) => bytes.toString('base64url');

type Files = Map<string, { type: string; body: string | Buffer }>;

/**
 * The other delivery the api uses (drm null): AES-128 HLS in MPEG-TS segments, the key fetched by hls.js
 * from the URI in the playlist. Served under /aes/.
 */
async function addAes128Title(dir: string, seconds: number, files: Files): Promise<void> {
  const out = join(dir, 'aes');
  mkdirSync(out);
  const key = randomBytes(16);
  writeFileSync(join(dir, 'aes.key'), key);
  writeFileSync(
    join(dir, 'keyinfo'),
    `/aes/key\n${join(dir, 'aes.key')}\n${randomBytes(16).toString('hex')}\n`,
  );
  await run(findFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-threads', '1'],
    ...['-f', 'lavfi', '-i', `testsrc=size=320x180:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=44100:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-b:a', '64k', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
    ...['-hls_key_info_file', join(dir, 'keyinfo'), '-hls_segment_filename', join(out, 's%d.ts')],
    ...['-y', join(out, 'media.m3u8')],
  ]);
  for (const name of readdirSync(out)) {
    const type = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
    files.set(`/aes/${name}`, { type, body: readFileSync(join(out, name)) });
  }
  files.set('/aes/key', { type: 'application/octet-stream', body: key });
  files.set('/aes/master.m3u8', {
    type: 'application/vnd.apple.mpegurl',
    body: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2"\nmedia.m3u8\n',
  });
}

/** A CENC title's media playlist, init segment and segments under `prefix`. */
function addClearKeyFiles(
  prefix: string,
  { init, segments }: { init: Buffer; segments: Buffer[] },
  seconds: number,
  files: Files,
): void {
  const segmentSeconds = seconds / segments.length;
  const media = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(segmentSeconds)}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    // Written as the api's packager writes it: hls.js must leave the key to EME (contrib-eme).
    '#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",URI="data:text/plain;base64,AAAA"',
    '#EXT-X-MAP:URI="init.mp4"',
    ...segments.flatMap((_, index) => [`#EXTINF:${segmentSeconds.toFixed(3)},`, `s${index}.m4s`]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
  files.set(`${prefix}/media.m3u8`, { type: 'application/vnd.apple.mpegurl', body: media });
  files.set(`${prefix}/init.mp4`, { type: 'video/mp4', body: init });
  segments.forEach((segment, index) => {
    files.set(`${prefix}/s${index}.m4s`, { type: 'video/iso.segment', body: segment });
  });
}

/** Two renditions, so the quality list has something to choose from. */
const RENDITIONS = [
  { name: '180p', width: 320, height: 180 },
  { name: '360p', width: 640, height: 360 },
] as const;

/**
 * A running fixture: `url` serves `/` (the page), `/hls/*` (ClearKey), `/aes/*` (AES-128), `POST /licence`
 * and `POST /licence-denied` (403), and the AES-128 title behind grants: `GET /renew` hands out the next
 * grant's release, `/grant/g<n>/…` serves the title (relative URIs, key included) for the newest grant
 * and the one before, 410 for older ones. `GET /renew-clearkey` does the same for a ClearKey title with
 * a key per fragment (`/ckgrant/g<n>/…`, its licence `POST /ckgrant/g<n>/licence`).
 */
export interface ClearKeyFixture {
  url: string;
  keyId: Buffer;
  licenceRequests: { kids: string[] }[];
  /** Licence requests of the ClearKey title with a key per fragment: the grant used and the kids. */
  rotatingLicences: { grant: number; kids: string[] }[];
  /** Requests the server answered, in order (`GET /hls/init.mp4`, …). */
  requests: string[];
  /** Grants handed out by `GET /renew` and `GET /renew-clearkey` so far. */
  readonly renewals: number;
  close(): Promise<void>;
}

/** Encodes, packages and serves a `seconds`-long ClearKey title. */
export async function startClearKeyFixture(seconds = 12): Promise<ClearKeyFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-clearkey-'));
  const key = randomBytes(16);
  const keyId = randomBytes(16);
  /** Keys of the renewing ClearKey title: one per fragment (2 s), as the api packages (decision 022). */
  const rotation = Array.from({ length: Math.ceil(seconds / 2) + 1 }, () => ({
    key: randomBytes(16),
    keyId: randomBytes(16),
  }));
  let rotatingTitle: { init: Buffer; segments: Buffer[] } | undefined;
  const renditions = await Promise.all(
    RENDITIONS.map(async ({ name, width, height }) => {
      const mp4Path = join(dir, `${name}.mp4`);
      await run(findFfmpeg(), [
        ...['-hide_banner', '-loglevel', 'error', '-threads', '1'],
        ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        // A key frame every 2 s: one fragment, and so one HLS segment, each.
        ...['-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k'],
        ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-y', mp4Path],
      ]);
      const clear = readFileSync(mp4Path);
      // The smallest rendition again with a key per fragment, for the renewing ClearKey title.
      if (name === RENDITIONS[0].name)
        rotatingTitle = encryptFragmentedMp4(
          clear,
          rotation[0]!.key,
          rotation[0]!.keyId,
          (i) => rotation[i]!,
        );
      return { name, width, height, ...encryptFragmentedMp4(clear, key, keyId) };
    }),
  );
  const files: Files = new Map();
  await addAes128Title(dir, seconds, files);
  rmSync(dir, { recursive: true, force: true });

  for (const rendition of renditions) addClearKeyFiles(`/hls/${rendition.name}`, rendition, seconds, files);
  const master = [
    '#EXTM3U',
    ...renditions.flatMap(({ name, width, height }) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${width * height * 4},RESOLUTION=${width}x${height},CODECS="avc1.42c00d,mp4a.40.2"`,
      `${name}/media.m3u8`,
    ]),
    '',
  ].join('\n');
  files.set('/hls/master.m3u8', { type: 'application/vnd.apple.mpegurl', body: master });
  if (!rotatingTitle) throw new Error('no rotating ClearKey title');
  addClearKeyFiles('/ckr', rotatingTitle, seconds, files);
  files.set('/ckr/master.m3u8', {
    type: 'application/vnd.apple.mpegurl',
    body: `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=230400,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2"\nmedia.m3u8\n`,
  });
  const page = await bundlePlayerPage();
  const html =
    '<!doctype html><meta charset="utf-8"><title>ClearKey</title><div id="player" style="width:320px;height:180px"></div><script type="module" src="/page.js"></script>';

  const licenceRequests: { kids: string[] }[] = [];
  const rotatingLicences: { grant: number; kids: string[] }[] = [];
  const rotationKeys = new Map(rotation.map(({ key, keyId }) => [base64url(keyId), key]));
  const requests: string[] = [];
  let grant = 0;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(`${request.method} ${path}`);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    /** Reads a W3C ClearKey licence request and answers the JWKs of `held` among its kids. */
    const answerLicence = (held: Map<string, Buffer>, record: (kids: string[]) => void) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let kids: string[];
        try {
          kids = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { kids: string[] }).kids;
        } catch {
          send(400, 'text/plain', 'bad licence request');
          return;
        }
        record(kids);
        // W3C ClearKey licence: a JWK set with the keys asked for that this server holds.
        const keys = kids.flatMap((kid) => {
          const k = held.get(kid);
          return k ? [{ kty: 'oct', kid, k: base64url(k) }] : [];
        });
        send(200, 'application/json', JSON.stringify({ keys, type: 'temporary' }));
      });
    };
    if (request.method === 'POST' && path === '/licence')
      return answerLicence(new Map([[base64url(keyId), key]]), (kids) => licenceRequests.push({ kids }));
    if (request.method === 'POST' && path === '/licence-denied') {
      request.resume();
      licenceRequests.push({ kids: [] });
      return send(403, 'text/plain', 'no grant');
    }
    if (path === '/renew' || path === '/renew-clearkey') {
      grant += 1;
      const release =
        path === '/renew'
          ? { content_url: `/grant/g${grant}/master.m3u8`, drm: null, preview_timer: null, expires_in: 30 }
          : {
              content_url: `/ckgrant/g${grant}/master.m3u8`,
              drm: { type: 'clearkey', license_server: `/ckgrant/g${grant}/licence` },
              preview_timer: null,
              expires_in: 30,
            };
      return send(200, 'application/json', JSON.stringify(release));
    }
    // The ClearKey title with a key per fragment behind grants: its licence too refuses old grants.
    const clearKeyGranted = /^\/ckgrant\/g(\d+)\/(.+)$/.exec(path);
    if (clearKeyGranted) {
      const used = Number(clearKeyGranted[1]);
      if (used < grant - 1) {
        request.resume();
        return send(410, 'text/plain', 'grant expired');
      }
      if (request.method === 'POST' && clearKeyGranted[2] === 'licence')
        return answerLicence(rotationKeys, (kids) => rotatingLicences.push({ grant: used, kids }));
      const file = files.get(`/ckr/${clearKeyGranted[2]}`);
      return file ? send(200, file.type, file.body) : send(404, 'text/plain', 'not found');
    }
    const granted = /^\/grant\/g(\d+)\/(.+)$/.exec(path);
    if (granted) {
      if (Number(granted[1]) < grant - 1) return send(410, 'text/plain', 'grant expired');
      const file = files.get(`/aes/${granted[2]}`);
      if (!file) return send(404, 'text/plain', 'not found');
      // The key by a relative URI, so it carries the grant like the api's key URLs do.
      const body =
        granted[2] === 'media.m3u8'
          ? file.body.toString().replaceAll('URI="/aes/key"', 'URI="key"')
          : file.body;
      return send(200, file.type, body);
    }
    if (path === '/') return send(200, 'text/html; charset=utf-8', html);
    if (path === '/page.js') return send(200, 'text/javascript', page);
    const file = files.get(path);
    if (file) return send(200, file.type, file.body);
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    licenceRequests,
    rotatingLicences,
    requests,
    get renewals() {
      return grant;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
