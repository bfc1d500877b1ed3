import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePortForTest } from '../../test/free-port';
import { type NginxProcess, nginxAvailable, renderMediaConfig, startNginx } from '../../test/nginx-process';

const SECRET = 'nginx-secret-nginx-secret-nginx-secret-01';

/**
 * A stand-in api instance: answers with its name, or, when `drop` says so for a request, destroys
 * the connection after reading it (an instance killed while it held the request).
 */
async function instance(name: string, drop: (method: string) => boolean = () => false) {
  const port = await freePortForTest();
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      if (drop(request.method ?? '')) {
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

    async function balancer(addresses: string[]): Promise<string> {
      const port = await freePortForTest();
      nginx = await startNginx(
        join(dir, `nginx-${port}`),
        [
          renderMediaConfig({
            dataDir: join(dir, 'data'),
            mediaSecret: SECRET,
            api: addresses,
            listen: port,
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

    it('a POST an instance dropped is not sent again: the client sees 502 and decides', async () => {
      const a = await instance('a', (method) => method === 'POST');
      const b = await instance('b');
      closers.push(a.close, b.close);
      const base = await balancer([a.address, b.address]);
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}/v1/agregator/createPayment`, { method: 'POST', body: '{}' });
        statuses.push(res.status);
      }
      // One of the two reached `a`, which dropped it after reading it: it may have been acted on.
      expect(statuses.sort()).toEqual([200, 502]);
      expect(a.seen).toEqual(['POST /v1/agregator/createPayment']);
      expect(b.seen).toEqual(['POST /v1/agregator/createPayment']);
    });
  },
);
