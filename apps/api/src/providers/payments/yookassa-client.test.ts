import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { YooKassaError } from './provider';
import { createPaymentRequest, notification, payment, receiptList } from './schemas';
import { type Fetch, YooKassaClient } from './yookassa-client';

/** A recorded YooKassa shape (written from the API reference's examples). */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', `${name}.json`), 'utf8'));

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A client whose fetch records each request and answers `status` with `body`. */
function setup(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const fetch: Fetch = async (url, init) => {
    sent.push({
      url,
      method: init.method,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
  const client = new YooKassaClient({
    baseUrl: 'https://api.yookassa.ru/v3',
    shopId: '100500',
    secretKey: 'test_secret',
    fetch,
  });
  return { client, sent };
}

const request = fixture('create-payment-embedded.request') as ReturnType<typeof createPaymentRequest.parse>;

describe('recorded YooKassa shapes', () => {
  it('parse with the schemas the adapter and the sandbox share', () => {
    expect(createPaymentRequest.safeParse(request).success).toBe(true);
    for (const name of [
      'payment-pending-embedded',
      'payment-succeeded-saved-card',
      'payment-canceled-insufficient-funds',
    ]) {
      expect(payment.safeParse(fixture(name)).error).toBeUndefined();
    }
    expect(notification.safeParse(fixture('notification-payment-succeeded')).error).toBeUndefined();
    expect(receiptList.safeParse(fixture('receipts-list')).error).toBeUndefined();
  });

  it('refuse a receipt without a customer contact and an amount that is not a two-place string', () => {
    const bad = structuredClone(request) as Record<string, unknown> & typeof request;
    bad.receipt = { ...request.receipt!, customer: {} };
    expect(createPaymentRequest.safeParse(bad).success).toBe(false);
    expect(
      createPaymentRequest.safeParse({ ...request, amount: { value: 299, currency: 'RUB' } }).success,
    ).toBe(false);
  });
});

describe('YooKassa HTTP adapter', () => {
  it('creates a payment: POST /v3/payments with Basic auth, the Idempotence-Key and the body as given', async () => {
    const { client, sent } = setup(200, fixture('payment-pending-embedded'));
    const created = await client.createPayment({ ...request, idempotenceKey: 'kadr-17-first' });
    expect(sent).toEqual([
      {
        url: 'https://api.yookassa.ru/v3/payments',
        method: 'POST',
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from('100500:test_secret').toString('base64')}`,
          'content-type': 'application/json',
          'idempotence-key': 'kadr-17-first',
        },
        body: request,
      },
    ]);
    expect(created).toMatchObject({
      status: 'pending',
      paid: false,
      confirmation: { type: 'embedded', confirmation_token: 'ct-2e9d1b5a-000f-5000-8000-18db351245c7' },
    });
  });

  it('charges a saved card: payment_method_id and no confirmation in the body', async () => {
    const { client, sent } = setup(200, fixture('payment-canceled-insufficient-funds'));
    const charged = await client.createPayment({
      amount: { value: '299.00', currency: 'RUB' },
      capture: true,
      payment_method_id: '2e9d1b5a-000f-5000-8000-18db351245c7',
      description: 'Продление подписки «Кадр+»',
      receipt: request.receipt,
      metadata: { kadr_payment_id: '18' },
      idempotenceKey: 'kadr-18',
    });
    expect(sent[0]?.body).not.toHaveProperty('confirmation');
    expect(sent[0]?.body).toMatchObject({ payment_method_id: '2e9d1b5a-000f-5000-8000-18db351245c7' });
    expect(charged.cancellation_details).toEqual({ party: 'payment_network', reason: 'insufficient_funds' });
  });

  it('refuses to POST without an idempotence key', async () => {
    const { client, sent } = setup(200, fixture('payment-pending-embedded'));
    await expect(client.createPayment({ ...request, idempotenceKey: '' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(sent).toEqual([]);
  });

  it('reads a payment: GET /v3/payments/{id} with Basic auth and no Idempotence-Key', async () => {
    const { client, sent } = setup(200, fixture('payment-succeeded-saved-card'));
    const read = await client.getPayment('2e9d1b5a-000f-5000-8000-18db351245c7');
    expect(sent[0]).toMatchObject({
      url: 'https://api.yookassa.ru/v3/payments/2e9d1b5a-000f-5000-8000-18db351245c7',
      method: 'GET',
    });
    expect(sent[0]?.headers).not.toHaveProperty('idempotence-key');
    expect(read.payment_method?.card).toMatchObject({
      first6: '555555',
      last4: '4444',
      card_type: 'MasterCard',
    });
  });

  it('lists the receipts of a payment: GET /v3/receipts?payment_id=', async () => {
    const { client, sent } = setup(200, fixture('receipts-list'));
    const receipts = await client.getReceipts('2e9d1b5a-000f-5000-8000-18db351245c7');
    expect(sent[0]?.url).toBe(
      'https://api.yookassa.ru/v3/receipts?payment_id=2e9d1b5a-000f-5000-8000-18db351245c7',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      status: 'succeeded',
      items: [{ vat_code: 1, payment_subject: 'service' }],
    });
    expect(client.receiptUrl(receipts[0]!)).toBeNull();
  });

  it('turns an error answer into a YooKassaError with YooKassa’s code, parameter and error id', async () => {
    const { client } = setup(400, fixture('error-idempotence-key-duplicated'));
    const error = await client.createPayment({ ...request, idempotenceKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YooKassaError);
    expect(error).toMatchObject({
      code: 'invalid_request',
      message: 'Idempotence key duplicated',
      retryable: false,
      details: { status: 400, parameter: 'Idempotence-Key', errorId: 'ab5a11cd-13cc-4e33-af8b-75a74e18dd09' },
    });
  });

  it('maps wrong credentials to invalid_credentials', async () => {
    const { client } = setup(401, fixture('error-invalid-credentials'));
    await expect(client.getPayment('x')).rejects.toMatchObject({
      code: 'invalid_credentials',
      retryable: false,
    });
  });

  it('marks 429 (with Retry-After), 5xx and 202 "processing" as retryable', async () => {
    const limited = setup(
      429,
      { type: 'error', id: 'e1', code: 'too_many_requests' },
      { 'retry-after': '3' },
    );
    await expect(limited.client.getPayment('x')).rejects.toMatchObject({
      code: 'too_many_requests',
      retryable: true,
      details: { retryAfterMs: 3000 },
    });
    const broken = setup(502, undefined);
    await expect(broken.client.getPayment('x')).rejects.toMatchObject({
      code: 'internal_server_error',
      retryable: true,
      details: { status: 502 },
    });
    const processing = setup(202, { type: 'processing', description: 'Request accepted', retry_after: 1800 });
    await expect(processing.client.createPayment({ ...request, idempotenceKey: 'k' })).rejects.toMatchObject({
      code: 'processing',
      retryable: true,
      details: { retryAfterMs: 1800 },
    });
  });

  it('refuses an answer whose shape is not a payment', async () => {
    const { client } = setup(200, { id: 'x', status: 'paid' });
    await expect(client.getPayment('x')).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('gives up after the time-out and when the network fails', async () => {
    const hanging = new YooKassaClient({
      baseUrl: 'https://api.yookassa.ru/v3',
      shopId: 's',
      secretKey: 'k',
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(hanging.getPayment('x')).rejects.toMatchObject({ code: 'timeout', retryable: true });
    const down = new YooKassaClient({
      baseUrl: 'https://api.yookassa.ru/v3',
      shopId: 's',
      secretKey: 'k',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.getPayment('x')).rejects.toMatchObject({ code: 'network_error', retryable: true });
  });
});
