import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningService, startService } from './support/service.ts';

// The sandbox YooKassa checkout widget in Chromium, as a merchant page uses it (docs/decisions/016):
// the built service's /sandbox/yookassa/checkout-widget/v1/checkout-widget.js on a page of another
// origin, the test cards, the 3-D Secure page, the events, and the notifications it sends.

const SHOP = `Basic ${Buffer.from('100500:test_sandbox_secret_key').toString('base64')}`;

describe.skipIf(!hasChromium)('sandbox YooKassa checkout widget in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  let hooks: Server;
  /** The merchant's page: a real loopback server on another origin (Chromium keeps other pages off loopback). */
  let merchant: Server;
  let MERCHANT: string;
  const notifications: Array<{ event: string; object: { id: string; status: string } }> = [];

  beforeAll(async () => {
    hooks = createServer(async (req, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      notifications.push(JSON.parse(raw));
      res.writeHead(200).end();
    });
    hooks.listen(0, '127.0.0.1');
    await once(hooks, 'listening');
    // The merchant's page embeds the sandbox checkout: its origin must be one the sandbox pages may be
    // framed by (CORS_ORIGINS, docs/decisions/023), so it is up before the service.
    merchant = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="ru"><body><div id="payment-form"></div>
<script src="${service.baseUrl}/sandbox/yookassa/checkout-widget/v1/checkout-widget.js"></script></body></html>`);
    });
    merchant.listen(0, '127.0.0.1');
    await once(merchant, 'listening');
    MERCHANT = `http://localhost:${(merchant.address() as AddressInfo).port}`;
    service = await startService({
      CATALOGUE_SEED: 'off',
      CORS_ORIGINS: MERCHANT,
      YOOKASSA_WEBHOOK_URL: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    for (const server of [hooks, merchant]) {
      server?.closeAllConnections();
      server?.close();
    }
  });

  async function createPayment(key: string): Promise<{ id: string; token: string }> {
    const res = await fetch(`${service.baseUrl}/sandbox/yookassa/v3/payments`, {
      method: 'POST',
      headers: { authorization: SHOP, 'idempotence-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { value: '299.00', currency: 'RUB' },
        description: 'Подписка «Кадр+»',
        capture: true,
        confirmation: { type: 'embedded' },
        save_payment_method: true,
      }),
    });
    const body = (await res.json()) as { id: string; confirmation: { confirmation_token: string } };
    return { id: body.id, token: body.confirmation.confirmation_token };
  }

  /** Opens the merchant page and renders a widget for `token`; events land in window.events. */
  async function open(token: string, customization: Record<string, unknown> = {}): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${MERCHANT}/pay`);
    await page.evaluate(
      ({ token, customization }) => {
        const w = window as unknown as Record<string, unknown> & { events: unknown[] };
        w.events = [];
        const Widget = w.YooMoneyCheckoutWidget as new (
          o: unknown,
        ) => {
          on(e: string, cb: (p: unknown) => void): void;
          render(id?: string): Promise<void>;
        };
        const checkout = new Widget({
          confirmation_token: token,
          customization,
          error_callback: (error: unknown) => w.events.push(['error', error]),
        });
        for (const name of ['success', 'fail', 'modal_close'])
          checkout.on(name, (p) => w.events.push([name, p]));
        w.checkout = checkout;
        checkout.render('payment-form').then(
          () => w.events.push(['rendered']),
          (e: Error) => w.events.push(['render_rejected', e.message]),
        );
      },
      { token, customization },
    );
    return page;
  }

  const events = (page: Page) => page.evaluate(() => (window as unknown as { events: unknown[] }).events);

  async function form(page: Page): Promise<Frame> {
    await expect.poll(() => events(page)).toContainEqual(['rendered']);
    const frame = page.frames().find((f) => f.url().includes('/sandbox/yookassa/checkout/'));
    if (!frame) throw new Error('no checkout frame');
    return frame;
  }

  async function pay(frame: Frame, number: string) {
    await frame.getByLabel('Номер карты').fill(number);
    await frame.getByLabel('Срок действия').fill('12/30');
    await frame.getByLabel('CVC').fill('123');
    await frame.getByRole('button', { name: 'Заплатить 299,00 ₽' }).click();
  }

  it('pays with the success card: render resolves, success fires, the notification arrives', async () => {
    const { id, token } = await createPayment('e2e-success');
    const page = await open(token, { colors: { control_primary: '#00BF96' } });
    const frame = await form(page);
    const background = await frame
      .getByRole('button', { name: 'Заплатить 299,00 ₽' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgb(0, 191, 150)');
    await pay(frame, '5555 5555 5555 4444');
    await expect.poll(() => events(page)).toContainEqual(['success', { status: 'success' }]);
    await expect.poll(() => frame.getByText('Оплата прошла').count()).toBe(1);
    await expect
      .poll(() => notifications.find((n) => n.object.id === id), { timeout: 5000 })
      .toMatchObject({ event: 'payment.succeeded', object: { status: 'succeeded' } });
    await page.close();
  });

  it('declines the insufficient-funds card: fail fires with the reason shown', async () => {
    const { token } = await createPayment('e2e-declined');
    const page = await open(token);
    const frame = await form(page);
    await pay(frame, '5555555555555599');
    await expect.poll(() => events(page)).toContainEqual(['fail', { status: 'fail' }]);
    expect(await frame.getByText('Оплата не прошла: Недостаточно средств на карте').count()).toBe(1);
    await page.close();
  });

  it('asks for 3-D Secure on the bank page: confirming succeeds', async () => {
    const { token } = await createPayment('e2e-3ds');
    const page = await open(token);
    await pay(await form(page), '5555 5555 5555 4477');
    const bank = page.frameLocator('iframe');
    await bank.getByText('Подтвердите оплату 299,00 ₽ картой •••• 4477.').waitFor();
    await bank.getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => events(page)).toContainEqual(['success', { status: 'success' }]);
    await page.close();
  });

  it('calls error_callback for an unknown token and rejects render', async () => {
    const page = await open('ct-unknown');
    await expect.poll(() => events(page)).toContainEqual(['error', { error: 'invalid_token' }]);
    expect(await events(page)).toContainEqual(['render_rejected', 'invalid_token']);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  });

  it('reports internal_service_error when the form never comes up', async () => {
    const { token } = await createPayment('e2e-broken');
    await browser.context.route(`${service.baseUrl}/sandbox/yookassa/checkout/**`, (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
    );
    try {
      const page = await open(token);
      await expect
        .poll(() => events(page), { timeout: 10_000 })
        .toContainEqual(['error', { error: 'internal_service_error' }]);
      expect(await events(page)).toContainEqual(['render_rejected', 'internal_service_error']);
      await page.close();
    } finally {
      await browser.context.unroute(`${service.baseUrl}/sandbox/yookassa/checkout/**`);
    }
  });

  it('ignores a forged result posted by the page itself, and reports modal_close', async () => {
    const { token } = await createPayment('e2e-modal');
    const page = await open(token, { modal: true });
    await form(page);
    // The page knows the frame's channel; it still cannot pass for the frame (source and origin differ).
    await page.evaluate(() => {
      const channel = new URL(document.querySelector('iframe')?.src ?? '').searchParams.get('channel');
      window.postMessage({ source: 'yookassa-sandbox', channel, type: 'success' }, '*');
    });
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await expect.poll(() => events(page)).toContainEqual(['modal_close', undefined]);
    expect((await events(page)).filter((e) => (e as unknown[])[0] === 'success')).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  });
});
