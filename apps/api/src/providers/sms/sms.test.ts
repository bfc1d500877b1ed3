import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { pgliteBackend, useApi } from '../../test/harness';
import { HttpSmsGateway } from './sms';

interface Received {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A local stand-in for an SMS gateway answering with `status` (and optionally hanging); a function
 * picks the status of the n-th request (from 0).
 */
async function gateway(status: number | ((n: number) => number), options: { hang?: boolean } = {}) {
  const received: Received[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    received.push({
      method: req.method,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: JSON.parse(raw),
    });
    if (options.hang) return;
    res
      .writeHead(typeof status === 'number' ? status : status(received.length - 1), {
        'content-type': 'application/json',
      })
      .end('{"id":"m1"}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('HTTP SMS gateway adapter', () => {
  it('posts {to, text} as JSON with the bearer token', async () => {
    const gw = await gateway(202);
    await new HttpSmsGateway({ url: gw.url, token: 'secret-token' }).send(
      '79991234567',
      'Код для входа в Кадр: 1234',
    );
    expect(gw.received).toEqual([
      {
        method: 'POST',
        authorization: 'Bearer secret-token',
        contentType: 'application/json',
        body: { to: '79991234567', text: 'Код для входа в Кадр: 1234' },
      },
    ]);
  });

  it('turns a non-2xx answer into provider_unavailable', async () => {
    const gw = await gateway(500);
    const error = await new HttpSmsGateway({ url: gw.url, token: 't' })
      .send('79991234567', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).id).toBe('provider_unavailable');
  });

  it('turns a refused connection or a time-out into provider_unavailable', async () => {
    const refused = new HttpSmsGateway({ url: 'http://127.0.0.1:9/send', token: 't' });
    await expect(refused.send('79991234567', 'x')).rejects.toMatchObject({ id: 'provider_unavailable' });
    const gw = await gateway(200, { hang: true });
    const slow = new HttpSmsGateway({ url: gw.url, token: 't', timeoutMs: 200 });
    await expect(slow.send('79991234567', 'x')).rejects.toMatchObject({ id: 'provider_unavailable' });
  });
});

describe('sendAuth through the HTTP gateway (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const PHONE = '79991234567';

  it('delivers the code through the gateway', async () => {
    const gw = await gateway(200);
    const t = await api.setup({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 'tok', PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous();
    expect((await t.sendAuth(PHONE, anon.access_token)).status).toBe(200);
    const text = (gw.received[0]!.body as { text: string }).text;
    const code = /^Код для входа в Кадр: (\d{4})$/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect((await t.authApp(PHONE, code!, anon.access_token)).status).toBe(200);
  });

  it('answers 503 when the gateway fails, and lets the phone retry at once', async () => {
    const gw = await gateway(502);
    const t = await api.setup({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 'tok', PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous();
    const failed = await t.sendAuth(PHONE, anon.access_token);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({
      code: 503,
      success: false,
      response: { error: 'provider_unavailable' },
    });
    const again = await t.sendAuth(PHONE, anon.access_token);
    expect(again.body.response).not.toMatchObject({ error: 'resend_too_early' });
  });

  it('spends no sending budget on codes the gateway failed to deliver', async () => {
    // An outage of 8 failed sends, then the gateway recovers.
    const gw = await gateway((n) => (n < 8 ? 502 : 200));
    const t = await api.setup({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 'tok', PUSH_SIGNIN: 'off' });
    const anon = await t.anonymous();
    for (let i = 0; i < 8; i++) {
      expect((await t.sendAuth(PHONE, anon.access_token)).body.response).toMatchObject({
        error: 'provider_unavailable',
      });
    }
    // 8 > the phone's 5 an hour: had the failed sends counted, this would be 429.
    const recovered = await t.sendAuth(PHONE, anon.access_token);
    expect(recovered.status).toBe(200);
    expect(gw.received).toHaveLength(9);
  });
});
