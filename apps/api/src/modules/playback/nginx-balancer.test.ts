import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routes } from '@kadr/api-contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { errorReply } from '../../errors';
import { freePortForTest } from '../../test/free-port';
import {
  NGINX_CONFIG,
  type NginxProcess,
  nginxAvailable,
  renderMediaConfig,
  startNginx,
} from '../../test/nginx-process';

const SECRET = 'nginx-secret-nginx-secret-nginx-secret-01';

/**
 * A stand-in api instance: answers with its name, or, when `drop` says so for a request, destroys
 * the connection after reading it (an instance killed while it held the request).
 */
async function instance(name: string, drop: (method: string, url: string) => boolean = () => false) {
  const port = await freePortForTest();
  const seen: string[] = [];
  const hosts: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    hosts.push(request.headers.host ?? '');
    request.resume();
    request.on('end', () => {
      if (drop(request.method ?? '', request.url ?? '')) {
        request.socket.destroy();
        return;
      }
      response.setHeader('x-kadr-instance', name);
      response.end(name);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${port}`,
    seen,
    hosts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The upstream part of docs/nginx/kadr-media.conf with several api instances (decision 024): round
// robin, and passive health checks, since open-source nginx has no active ones.
describe.skipIf(!nginxAvailable)(
  'docs/nginx/kadr-media.conf in front of several instances (needs nginx)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'kadr-nginx-lb-'));
    const closers: Array<() => Promise<void>> = [];
    let nginx: NginxProcess | undefined;

    let accessLog = '';

    async function balancer(addresses: string[]): Promise<string> {
      const port = await freePortForTest();
      accessLog = join(dir, `access-${port}.log`);
      nginx = await startNginx(
        join(dir, `nginx-${port}`),
        [
          renderMediaConfig({
            dataDir: join(dir, 'data'),
            mediaSecret: SECRET,
            api: addresses,
            listen: port,
            accessLog,
          }),
        ],
        [port],
      );
      return `http://127.0.0.1:${port}`;
    }

    afterEach(async () => {
      await nginx?.stop();
      nginx = undefined;
      for (const close of closers.splice(0)) await close();
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes one server line per instance, each with the passive check', () => {
      const config = renderMediaConfig({
        dataDir: '/srv/kadr',
        mediaSecret: SECRET,
        api: ['10.0.0.1:8080', '10.0.0.2:8080'],
        listen: 80,
      });
      expect(config).toContain('server 10.0.0.1:8080 max_fails=1 fail_timeout=5s;');
      expect(config).toContain('server 10.0.0.2:8080 max_fails=1 fail_timeout=5s;');
      expect(config).not.toContain('{{');
    });

    it('sends requests to the instances in turn', async () => {
      const a = await instance('a');
      const b = await instance('b');
      closers.push(a.close, b.close);
      const base = await balancer([a.address, b.address]);
      const served: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${base}/v1/agregator/getProfile`, { method: 'POST', body: '{}' });
        served.push(res.headers.get('x-kadr-instance') ?? '');
      }
      expect(served.filter((name) => name === 'a')).toHaveLength(3);
      expect(served.filter((name) => name === 'b')).toHaveLength(3);
    });

    it('an instance that is down costs nothing: every request, POST included, goes to the other', async () => {
      const a = await instance('a');
      const b = await instance('b');
      closers.push(a.close);
      const base = await balancer([a.address, b.address]);
      await b.close();
      for (let i = 0; i < 6; i++) {
        const get = await fetch(`${base}/web/1/collections?tab_id=Main2`);
        expect(await get.text()).toBe('a');
        const post = await fetch(`${base}/v1/agregator/createPayment`, { method: 'POST', body: '{}' });
        expect(await post.text()).toBe('a');
      }
    });

    it('a GET an instance dropped goes to the other, and that instance is left out for fail_timeout', async () => {
      const a = await instance('a', () => true);
      const b = await instance('b');
      closers.push(a.close, b.close);
      const base = await balancer([a.address, b.address]);
      // Start on `a`: round robin begins with the first server.
      const get = await fetch(`${base}/web/1/collections?tab_id=Main2`);
      expect(get.status).toBe(200);
      expect(await get.text()).toBe('b');
      expect(a.seen).toEqual(['GET /web/1/collections?tab_id=Main2']);
      // `a` failed once, so it is left out for fail_timeout: a POST goes to `b` at once.
      const post = await fetch(`${base}/v1/agregator/createPayment`, { method: 'POST', body: '{}' });
      expect(await post.text()).toBe('b');
    });

    it('a POST an instance dropped is not sent again: the client sees the envelope and decides', async () => {
      const a = await instance('a', (method) => method === 'POST');
      const b = await instance('b');
      closers.push(a.close, b.close);
      const base = await balancer([a.address, b.address]);
      const answers: Array<{ status: number; type: string | null; body: string }> = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}/v1/agregator/createPayment`, { method: 'POST', body: '{}' });
        answers.push({ status: res.status, type: res.headers.get('content-type'), body: await res.text() });
      }
      // One of the two reached `a`, which dropped it after reading it: it may have been acted on.
      const lost = answers.find((answer) => answer.body !== 'b');
      expect(answers.map((answer) => answer.body)).toContain('b');
      // nginx's own error, in the envelope the api answers for an outage (before: nginx's HTML 502).
      expect(lost).toEqual({
        status: 503,
        type: 'application/json; charset=utf-8',
        body: JSON.stringify(errorReply('service_unavailable', { retryAfter: 1 }).body),
      });
      expect(a.seen).toEqual(['POST /v1/agregator/createPayment']);
      expect(b.seen).toEqual(['POST /v1/agregator/createPayment']);
    });

    it('a read-only POST an instance dropped goes on to the next instance: answered, not 502', async () => {
      const a = await instance('a', (method) => method === 'POST');
      const b = await instance('b');
      closers.push(a.close, b.close);
      const base = await balancer([a.address, b.address]);
      // Round robin starts on `a`, which reads the call and drops it, as a killed instance does.
      const res = await fetch(`${base}/v1/agregator/getProfile`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('b');
      expect(a.seen).toEqual(['POST /v1/agregator/getProfile']);
      expect(b.seen).toEqual(['POST /v1/agregator/getProfile']);
    });

    it('marks as read-only only calls of the contract that are POSTs and may be sent twice', () => {
      const config = readFileSync(NGINX_CONFIG, 'utf8');
      const location =
        /location ~ "\^\/\(v1\/agregator\/\(([A-Za-z|]+)\)\|v2\/agregator\/searchHint\)\$"/.exec(config);
      const named = [...(location?.[1]?.split('|') ?? []), 'searchHint'];
      expect(named.sort()).toEqual(READ_ONLY_CALLS.toSorted());
      for (const id of READ_ONLY_CALLS) {
        const route = routes[id];
        expect(route.method, id).toBe('POST');
        expect('noRetry' in route && route.noRetry, id).toBeFalsy();
        expect(route.path.endsWith(`/${id}`), id).toBe(true);
      }
    });

    it("answers the envelope for its own 502 on API paths, nginx's page elsewhere; the api's 503 passes as it is", async () => {
      const gone = await instance('gone');
      await gone.close();
      const base = await balancer([gone.address]);
      for (const path of ['/web/1/collections?tab_id=Main2', '/readyz']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('1');
        expect(await res.json(), path).toEqual(errorReply('service_unavailable', { retryAfter: 1 }).body);
      }
      const page = await fetch(`${base}/promo/web/`);
      expect(page.status).toBe(502);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    });

    it('passes the Host the client sent, port included', async () => {
      const a = await instance('a');
      closers.push(a.close);
      const base = await balancer([a.address]);
      await fetch(`${base}/web/1/collections`);
      expect(a.hosts).toEqual([new URL(base).host]);
    });

    it('keeps no sign-in link, identity-provider code, grant, device uid or signature in its access log', async () => {
      const a = await instance('a');
      closers.push(a.close);
      const base = await balancer([a.address]);
      const secrets = ['LINKSECRET', 'CODESECRET', 'STATESECRET', 'GRANTSECRET', 'DEVICESECRET', 'SIGSECRET'];
      await fetch(`${base}/promo/web/?auth=LINKSECRET`, {
        headers: { referer: `${base}/promo/web/?auth=LINKSECRET` },
      });
      await fetch(`${base}/promo/web/sign-in/identity?code=CODESECRET&state=STATESECRET`);
      await fetch(`${base}/media/play/GRANTSECRET/master.m3u8`);
      await fetch(`${base}/media/key/GRANTSECRET/ek-1/0`);
      await fetch(`${base}/web/1/auth/DEVICESECRET`);
      await fetch(`${base}/media/hls/ek-1/720p/seg-00001.ts?md5=SIGSECRET&expires=1`);
      await fetch(`${base}/v1/agregator/getProfile`, { method: 'POST', body: '{}' });
      await nginx?.stop();
      nginx = undefined;
      const log = readFileSync(accessLog, 'utf8');
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).toContain('"GET /promo/web/ HTTP/1.1" 200');
      expect(log).toContain('"GET /media/play/[grant]/master.m3u8 HTTP/1.1"');
      expect(log).toContain('"GET /media/key/[grant]/ek-1/0 HTTP/1.1"');
      expect(log).toContain('"GET /web/1/auth/[device_uid] HTTP/1.1"');
      expect(log).toContain('"GET /media/hls/ek-1/720p/seg-00001.ts HTTP/1.1" 403');
      expect(log).toContain('"POST /v1/agregator/getProfile HTTP/1.1" 200');
      expect(log.trim().split('\n')).toHaveLength(7);
    });
  },
);

/** The SPEC's calls sent as POST that only read: the config's read-only location names exactly these. */
const READ_ONLY_CALLS = [
  'getProfile',
  'getSeasonByEpisodeId',
  'getTvSchedule',
  'getPackageByChannel',
  'getReleaseChannel',
  'getEkPackages',
  'getPackageInfoById',
  'getCardList',
  'listReceipts',
  'searchHint',
] as const;
