import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, registerCompression } from './compression';

const rails = {
  code: 0,
  success: true,
  response: { collections: Array.from({ length: 60 }, (_, i) => ({ RB_id: i, RB_title: `Подборка ${i}` })) },
};
const profile = { code: 0, success: true, response: { profile_id: 7, phone: null } };

async function setup() {
  const app = Fastify();
  await registerCompression(app);
  app.get('/rails', async () => rails);
  app.get('/profile', async () => profile);
  app.get('/segment', async (_request, reply) =>
    reply.type('application/octet-stream').send(Buffer.alloc(COMPRESSION_THRESHOLD * 4, 7)),
  );
  app.get('/events', async (_request, reply) =>
    reply.type('text/event-stream').send('data: x\n\n'.repeat(COMPRESSION_THRESHOLD)),
  );
  // Session calls at their contract paths, answering as much as the rails (to show the hooks are off).
  app.get('/web/1/auth/:device_uid', async () => rails);
  app.post('/v1/agregator/getProfile', async () => rails);
  app.get('/precompressed', async (_request, reply) =>
    reply.type('text/javascript').header('content-encoding', 'br').send(Buffer.from('already')),
  );
  return app;
}

describe('response compression', () => {
  it('compresses a large JSON answer with brotli for a browser', async () => {
    const app = await setup();
    const res = await app.inject({
      url: '/rails',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(rails);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(rails).length / 3);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/rails', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(rails);
  });

  it('sends JSON as it is to a client that accepts no encoding', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/rails' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(rails);
  });

  it('leaves small answers (auth, profile) uncompressed', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/profile', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(profile);
  });

  it('never compresses media bytes or event streams', async () => {
    const app = await setup();
    for (const url of ['/segment', '/events']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('keeps an answer that is compressed already as it is', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/precompressed', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.toString()).toBe('already');
  });

  it('attaches no compression to the session calls, whatever they answer', async () => {
    const app = await setup();
    const headers = { 'accept-encoding': 'br, gzip' };
    const auth = await app.inject({ url: '/web/1/auth/web_ABCDEFGH12345678', headers });
    const profile = await app.inject({ method: 'POST', url: '/v1/agregator/getProfile', headers });
    for (const res of [auth, profile]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
      expect(res.json()).toEqual(rails);
    }
  });
});
