import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { trustProxyOption } from '../../http/trust-proxy';
import { type PaymentProvider, YooKassaError } from './provider';
import type { Payment } from './schemas';
import { isYooKassaAddress, trustedNotification, UntrustedNotification } from './webhook-trust';

describe('isYooKassaAddress', () => {
  it.each([
    '185.71.76.0',
    '185.71.76.31',
    '185.71.77.12',
    '77.75.153.127',
    '77.75.156.11',
    '77.75.156.35',
    '77.75.154.200',
    '2a02:5180::1',
    '2a02:5180:ffff:ffff::1',
    '::ffff:185.71.76.1',
  ])('accepts %s', (ip) => {
    expect(isYooKassaAddress(ip)).toBe(true);
  });

  it.each([
    '185.71.76.32',
    '77.75.153.128',
    '77.75.156.12',
    '77.75.154.127',
    '2a02:5181::1',
    '10.0.0.1',
    '127.0.0.1',
    '::1',
    '::ffff:10.0.0.1',
    'not-an-ip',
    '',
  ])('refuses %s', (ip) => {
    expect(isYooKassaAddress(ip)).toBe(false);
  });
});

/** What `request.ip` is for a request from `socket` carrying X-Forwarded-For, under TRUST_PROXY. */
async function clientIp(trustProxy: string, socket: string, forwardedFor?: string) {
  const env = loadEnv(
    {
      TRUST_PROXY: trustProxy,
      DATA_DIR: '/tmp/kadr-trust-test',
      TOKEN_SECRET: 'x'.repeat(32),
      // Given, so no key file is generated into DATA_DIR.
      PARTNER_ACCOUNTS_KEY: Buffer.alloc(32).toString('base64'),
    },
    {},
  );
  // The same option app.ts gives Fastify.
  const app = Fastify({ trustProxy: trustProxyOption(env.trustProxy) });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  const res = await app.inject({
    method: 'GET',
    url: '/ip',
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

describe('the client address of a notification, through TRUST_PROXY hops', () => {
  const spoofed = '185.71.76.5';

  it('without a proxy, ignores X-Forwarded-For: a spoofed YooKassa address does not count', async () => {
    const ip = await clientIp('off', '203.0.113.9', spoofed);
    expect(ip).toBe('203.0.113.9');
    expect(isYooKassaAddress(ip)).toBe(false);
  });

  it('with one hop, takes the address the proxy saw, not what the client prepended', async () => {
    // The client sent "X-Forwarded-For: 185.71.76.5"; our proxy appended the address it saw.
    const ip = await clientIp('1', '10.0.0.2', `${spoofed}, 203.0.113.9`);
    expect(ip).toBe('203.0.113.9');
    expect(isYooKassaAddress(ip)).toBe(false);
    expect(await clientIp('1', '10.0.0.2', '185.71.77.3')).toBe('185.71.77.3');
  });

  it('with two hops, goes exactly two proxies back and no further', async () => {
    expect(await clientIp('2', '10.0.0.2', `${spoofed}, 77.75.156.11, 10.0.0.3`)).toBe('77.75.156.11');
  });

  it('with the proxies listed, stops at the first address that is not one of them', async () => {
    expect(await clientIp('10.0.0.0/8', '10.0.0.2', `${spoofed}, 203.0.113.9, 10.0.0.3`)).toBe('203.0.113.9');
    // A request straight from the Internet (not through the listed proxy) is taken at its socket.
    expect(await clientIp('10.0.0.0/8', '203.0.113.50', spoofed)).toBe('203.0.113.50');
  });
});

const pending: Payment = {
  id: '2e9d1b5a-000f-5000-8000-18db351245c7',
  status: 'pending',
  paid: false,
  amount: { value: '299.00', currency: 'RUB' },
  created_at: '2026-11-26T08:00:00.000Z',
  test: false,
};

/** A provider whose getPayment answers `pending` (or throws `error`), counting its calls. */
function provider(kind: PaymentProvider['kind'], error?: YooKassaError) {
  const calls: string[] = [];
  const p: PaymentProvider = {
    kind,
    createPayment: async () => pending,
    getPayment: async (id) => {
      calls.push(id);
      if (error) throw error;
      return pending;
    },
    getReceipts: async () => [],
    receiptUrl: () => null,
  };
  return { p, calls };
}

const forged = {
  type: 'notification',
  event: 'payment.succeeded',
  object: { ...pending, status: 'succeeded', paid: true },
};

describe('trustedNotification', () => {
  it('refuses a notification to real YooKassa from another address, without asking YooKassa', async () => {
    const { p, calls } = provider('yookassa');
    const error = await trustedNotification(p, '203.0.113.9', forged).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UntrustedNotification);
    expect(error).toMatchObject({ reason: 'address' });
    expect(calls).toEqual([]);
  });

  it('believes the re-fetched payment, never the body', async () => {
    const { p, calls } = provider('yookassa');
    const trusted = await trustedNotification(p, '185.71.76.7', forged);
    expect(calls).toEqual([pending.id]);
    expect(trusted).toEqual({ event: 'payment.succeeded', payment: pending });
  });

  it('does not check addresses for the sandbox, which posts from the api itself', async () => {
    const { p } = provider('sandbox');
    expect((await trustedNotification(p, '127.0.0.1', forged)).payment.status).toBe('pending');
  });

  it('refuses a body that is not a notification and a payment the provider does not know', async () => {
    const { p } = provider('yookassa');
    await expect(
      trustedNotification(p, '185.71.76.7', { type: 'notification', event: 'x' }),
    ).rejects.toMatchObject({
      reason: 'body',
    });
    const unknown = provider(
      'yookassa',
      new YooKassaError('not_found', 'Payment not found', { status: 404 }),
    );
    await expect(trustedNotification(unknown.p, '185.71.76.7', forged)).rejects.toMatchObject({
      reason: 'unknown_payment',
    });
  });

  it('passes on a provider failure so the notification is answered 5xx and sent again', async () => {
    const down = provider('yookassa', new YooKassaError('timeout', 'no answer'));
    const error = await trustedNotification(down.p, '185.71.76.7', forged).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YooKassaError);
    expect((error as YooKassaError).retryable).toBe(true);
  });
});
