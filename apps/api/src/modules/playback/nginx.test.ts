import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureAsset, writeFixtureAsset } from '../../test/fixture-media';
import { freePortForTest } from '../../test/free-port';
import { type NginxProcess, nginxAvailable, renderMediaConfig, startNginx } from '../../test/nginx-process';
import { signedSegmentUrl } from './secure-link';

const SECRET = 'nginx-secret-nginx-secret-nginx-secret-01';
const now = () => Math.floor(Date.now() / 1000);

// Needs Debian's nginx (`apt-get install -y nginx-light`); skipped only where it is not installed.
describe.skipIf(!nginxAvailable)('docs/nginx/kadr-media.conf (needs nginx)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-nginx-'));
  const dataDir = join(dir, 'data');
  let nginx: NginxProcess | undefined;
  let upstream: Server | undefined;
  let base = '';
  let asset: FixtureAsset;

  beforeAll(async () => {
    asset = writeFixtureAsset(dataDir, 'ek-1');
    writeFixtureAsset(dataDir, 'ek-2', { encryption: 'cenc-clearkey', segments: 2 });
    upstream = createServer((request, response) => {
      response.setHeader('content-type', 'text/plain');
      response.end(`api saw ${request.url}`);
    });
    const apiPort = await freePortForTest();
    await new Promise<void>((resolve) => upstream!.listen(apiPort, '127.0.0.1', resolve));
    const port = await freePortForTest();
    nginx = await startNginx(
      join(dir, 'nginx'),
      [renderMediaConfig({ dataDir, mediaSecret: SECRET, api: `127.0.0.1:${apiPort}`, listen: port })],
      [port],
    );
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${base}${path}`);
  const segment = '/media/hls/ek-1/360p/seg-00001.ts';

  it('serves a segment signed as the api signs it, with its content type', async () => {
    const res = await get(signedSegmentUrl(SECRET, segment, now() + 600));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(Buffer.from(await res.arrayBuffer()).equals(asset.segment('360p', 1))).toBe(true);
  });

  it('serves a preview segment signed with its limit, and the init segment of an fMP4 asset', async () => {
    expect((await get(signedSegmentUrl(SECRET, segment, now() + 600, 3))).status).toBe(200);
    const init = await get(signedSegmentUrl(SECRET, '/media/hls/ek-2/360p/init.mp4', now() + 600));
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
  });

  it('refuses a tampered, moved, unsigned or raised-limit URL with 403', async () => {
    const url = signedSegmentUrl(SECRET, segment, now() + 600, 3);
    const cases = [
      segment,
      url.replace(/md5=[^&]+/, 'md5=AAAAAAAAAAAAAAAAAAAAAA'),
      url.replace('seg-00001', 'seg-00002'),
      url.replace('lim=3', 'lim=9'),
      url.replace(/expires=\d+/, `expires=${now() + 7200}`),
      signedSegmentUrl('another-secret-another-secret-another-0', segment, now() + 600),
    ];
    for (const path of cases)
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 403 });
  });

  it('refuses an expired signature with 410', async () => {
    expect((await get(signedSegmentUrl(SECRET, segment, now() - 1))).status).toBe(410);
  });

  it('never serves playlists, meta.json or paths outside the store, and proxies the rest to the api', async () => {
    for (const path of [
      '/media/hls/ek-1/master.m3u8',
      '/media/hls/ek-1/360p/index.m3u8',
      '/media/hls/ek-1/meta.json',
      '/media/hls/ek-1/360p/%2E%2E/seg-00001.ts',
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    // nginx resolves `..` (also encoded) before matching: what leaves /media/hls/ goes to the api,
    // never to the file system (the key files sit in DATA_DIR/keys).
    for (const path of [
      '/media/hls/ek-1/360p/..%2F..%2F..%2Fkeys%2Fek-1.key',
      '/media/hls/../../keys/ek-1.key',
    ]) {
      const body = Buffer.from(await (await get(path)).arrayBuffer());
      expect(body.equals(asset.key)).toBe(false);
      expect(body.toString()).toMatch(/^api saw \//);
    }
    const poster = await get('/media/hls/ek-1/poster.jpg');
    expect(poster.status).toBe(200);
    const api = await get('/web/1/releases/1?dev_type=PCWEB&dev_model=web');
    expect(await api.text()).toBe('api saw /web/1/releases/1?dev_type=PCWEB&dev_model=web');
  });
});
