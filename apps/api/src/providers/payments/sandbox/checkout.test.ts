import { describe, expect, it } from 'vitest';
import { FakeClock, pgliteBackend, useApi } from '../../../test/harness';
import { sandboxPaymentProvider } from '../..';
import type { CreatePaymentParams } from '../provider';
import { YooKassaSandbox } from './emulator';
import { SandboxWebhooks } from './webhooks';

const api = useApi(pgliteBackend);

const params = (key: string): CreatePaymentParams => ({
  amount: { value: '299.00', currency: 'RUB' },
  description: 'Подписка «Кадр+» на 1 месяц',
  capture: true,
  confirmation: { type: 'embedded' },
  save_payment_method: true,
  idempotenceKey: key,
});

const frame = '?origin=http%3A%2F%2Flocalhost%3A5173&channel=ymcw-1-abc';

async function setup() {
  const clock = new FakeClock();
  const db = api.database.db;
  const sandbox = new YooKassaSandbox(db, clock, { webhooks: new SandboxWebhooks(db, clock) });
  const { app } = await api.setup({}, { clock, yookassaSandbox: sandbox });
  const provider = sandboxPaymentProvider(sandbox);
  const created = await provider.createPayment(params('k'));
  const token = created.confirmation?.confirmation_token ?? '';
  const get = (url: string) => app.inject({ method: 'GET', url });
  const post = (url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  return { app, clock, provider, created, token, get, post };
}

describe('sandbox checkout widget and its pages', () => {
  it('serves the widget script defining YooMoneyCheckoutWidget', async () => {
    const { get } = await setup();
    const res = await get('/sandbox/yookassa/checkout-widget/v1/checkout-widget.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    for (const part of [
      'window.YooMoneyCheckoutWidget =',
      "'complete'",
      "'modal_close'",
      'error_callback',
      'destroy',
    ]) {
      expect(res.body).toContain(part);
    }
    // The script itself parses as JavaScript.
    expect(() => new Function(res.body)).not.toThrow();
  });

  it('draws the card form of a pending payment in Russian, with the test cards and the given colours', async () => {
    const { get, token } = await setup();
    const colors = encodeURIComponent(JSON.stringify({ control_primary: '#123456', text: 'red;}body{x' }));
    const res = await get(`/sandbox/yookassa/checkout/${token}${frame}&colors=${colors}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const text of [
      'Оплата картой',
      'Номер карты',
      'Срок действия',
      'Заплатить 299,00 ₽',
      'Тестовые карты',
      '5555 5555 5555 4477',
      '--primary:#123456',
      '"origin":"http://localhost:5173","channel":"ymcw-1-abc"',
    ]) {
      expect(res.body).toContain(text);
    }
    // Only hex colours reach the style sheet.
    expect(res.body).not.toContain('red;}');
  });

  it('reports an unknown and an expired token to the widget as YooKassa names them', async () => {
    const { get, token, clock } = await setup();
    const unknown = await get(`/sandbox/yookassa/checkout/ct-nope${frame}`);
    expect(unknown.body).toContain(`tell('error', { error: "invalid_token" })`);
    clock.advance(3601);
    const expired = await get(`/sandbox/yookassa/checkout/${token}${frame}`);
    expect(expired.body).toContain(`tell('error', { error: "token_expired" })`);
    expect(expired.body).toContain('Время на оплату истекло');
  });

  it('treats a token or receipt id with a NUL as unknown, never a 500 (found by the fuzz suite)', async () => {
    const { get, post } = await setup();
    for (const path of ['checkout/%00', 'checkout/ct-%00/3ds']) {
      const res = await get(`/sandbox/yookassa/${path}${frame}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(`tell('error', { error: "invalid_token" })`);
    }
    const card = await post('/sandbox/yookassa/checkout/%00/card', {
      number: '5555555555554477',
      expiry: '12/30',
      cvc: '123',
    });
    expect(card.statusCode).toBeLessThan(500);
    const threeDs = await post('/sandbox/yookassa/checkout/%00/3ds', { decision: 'confirm' });
    expect(threeDs.statusCode).toBeLessThan(500);
    const receipt = await get('/sandbox/yookassa/receipts/rt-%00');
    expect({ status: receipt.statusCode, body: receipt.body }).toEqual({
      status: 404,
      body: 'Чек не найден',
    });
  });

  it('posts nothing to a frame parent that is not an origin', async () => {
    const { get, token } = await setup();
    const res = await get(`/sandbox/yookassa/checkout/${token}?origin=javascript:alert(1)&channel=x`);
    expect(res.body).toContain('const target = null;');
  });

  it('pays with a card posted by the form, and reports a final payment when the frame is opened again', async () => {
    const { post, get, token, provider, created } = await setup();
    const mistyped = await post(`/sandbox/yookassa/checkout/${token}/card`, {
      number: '1234',
      expiry: '12/30',
      csc: '1',
    });
    expect(mistyped.json()).toEqual({
      result: 'invalid_card',
      field: 'number',
      message: 'Проверьте номер карты',
    });
    const paid = await post(`/sandbox/yookassa/checkout/${token}/card`, {
      number: '5555 5555 5555 4444',
      expiry: '12/30',
      csc: '123',
    });
    expect(paid.json()).toMatchObject({
      result: 'succeeded',
      payment: { id: created.id, status: 'succeeded' },
    });
    expect(paid.json().payment).not.toHaveProperty('confirmation');
    expect((await provider.getPayment(created.id)).status).toBe('succeeded');
    const again = await get(`/sandbox/yookassa/checkout/${token}${frame}`);
    expect(again.body).toContain(`tell("success")`);
  });

  it('shows the 3-D Secure page, and the bank’s refusal fails the payment', async () => {
    const { post, get, token, provider, created } = await setup();
    expect(
      (
        await post(`/sandbox/yookassa/checkout/${token}/card`, {
          number: '5555555555554477',
          expiry: '12/30',
          csc: '123',
        })
      ).json(),
    ).toMatchObject({ result: 'three_ds' });
    const page = await get(`/sandbox/yookassa/checkout/${token}/3ds${frame}`);
    for (const text of ['Подтверждение платежа', 'картой •••• 4477', 'Подтвердить', 'Отказаться']) {
      expect(page.body).toContain(text);
    }
    // Reopening the frame while the bank waits shows the bank's page again.
    expect((await get(`/sandbox/yookassa/checkout/${token}${frame}`)).body).toContain(
      'Подтверждение платежа',
    );
    expect((await post(`/sandbox/yookassa/checkout/${token}/3ds`, { decision: 'maybe' })).statusCode).toBe(
      400,
    );
    expect(
      (await post(`/sandbox/yookassa/checkout/${token}/3ds`, { decision: 'refuse' })).json(),
    ).toMatchObject({
      result: 'canceled',
      payment: { cancellation_details: { reason: '3d_secure_failed' } },
    });
    expect((await provider.getPayment(created.id)).status).toBe('canceled');
    expect((await get(`/sandbox/yookassa/checkout/${token}${frame}`)).body).toContain(`tell("fail")`);
  });
});
