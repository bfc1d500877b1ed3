import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { pgliteBackend, testEnv, useApi } from '../test/harness';

// Requests Fastify or Node refuse before any route runs answer the envelope too, with a 4xx status.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Sends raw bytes to a listening app and reads the whole answer (status line, headers, body). */
async function rawExchange(
  app: FastifyInstance,
  request: string,
): Promise<{ status: number; body: unknown }> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.end(request);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

const refusal = (status: number, error: string, code = 400) => ({
  status,
  body: { code, success: false, response: { error, message: expect.any(String) } },
});

describe('framework errors', () => {
  const api = useApi(pgliteBackend);

  it('answers malformed percent-encoding in a path parameter with 400 bad_url', async () => {
    const { app } = await api.setup();
    for (const url of ['/web/1/auth/%E0%A4%A', '/web/2/contents/%zz', '/web/1/releases/%']) {
      const res = await app.inject({ method: 'GET', url });
      expect({ status: res.statusCode, body: res.json() }, url).toEqual(refusal(400, 'bad_url'));
    }
  });

  it('answers a path parameter over 100 characters with 414 uri_too_long', async () => {
    const { app } = await api.setup();
    const res = await app.inject({ method: 'GET', url: `/web/1/auth/${'a'.repeat(101)}` });
    expect({ status: res.statusCode, body: res.json() }).toEqual(refusal(414, 'uri_too_long'));
  });

  it('answers a URL or headers over 16 KiB with 431 headers_too_large, and a garbled request with 400', async () => {
    const app = await buildApp({ env: testEnv(), db: api.database });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const longUrl = `GET /web/2/contents/1?q=${'x'.repeat(17 * 1024)} HTTP/1.1\r\nHost: a\r\n\r\n`;
    // Node's parser counts the request line and the headers together (16 KiB): it cannot say which.
    expect(await rawExchange(app, longUrl)).toEqual(refusal(431, 'headers_too_large'));
    const bigHeader = `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(17 * 1024)}\r\n\r\n`;
    expect(await rawExchange(app, bigHeader)).toEqual(refusal(431, 'headers_too_large'));
    expect(await rawExchange(app, 'NONSENSE\r\n\r\n')).toEqual(refusal(400, 'bad_request'));
  });
});
