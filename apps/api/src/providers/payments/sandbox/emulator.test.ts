import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  sandboxYookassaNotifications,
  sandboxYookassaPaymentMethods,
  sandboxYookassaPayments,
} from '../../../db/schema';
import { backends, FakeClock, useApi } from '../../../test/harness';
import { sandboxPaymentProvider } from '../..';
import { type CreatePaymentParams, YooKassaError } from '../provider';
import { notification, payment, receiptList } from '../schemas';
import { YooKassaClient } from '../yookassa-client';
import { SANDBOX_SHOP, YooKassaSandbox } from './emulator';
import { SandboxWebhooks } from './webhooks';

const receipt = {
  customer: { phone: '79991234567' },
  items: [
    {
      description: 'Подписка «Кадр+» на 1 месяц',
      quantity: '1.00',
      amount: { value: '299.00', currency: 'RUB' },
      vat_code: 1,
      payment_mode: 'full_payment',
      payment_subject: 'service',
    },
  ],
};

const embedded = (key: string, extra: Partial<CreatePaymentParams> = {}): CreatePaymentParams => ({
  amount: { value: '299.00', currency: 'RUB' },
  description: 'Подписка «Кадр+» на 1 месяц',
  capture: true,
  confirmation: { type: 'embedded' },
  save_payment_method: true,
  receipt,
  metadata: { kadr_payment_id: '17' },
  idempotenceKey: key,
  ...extra,
});

const charge = (key: string, methodId: string): CreatePaymentParams => ({
  amount: { value: '299.00', currency: 'RUB' },
  description: 'Продление подписки «Кадр+»',
  capture: true,
  payment_method_id: methodId,
  receipt,
  idempotenceKey: key,
});

const VALID = { expiry: '12/30', csc: '123' };
const basic = (shop: string, secret: string) =>
  `Basic ${Buffer.from(`${shop}:${secret}`).toString('base64')}`;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`sandbox YooKassa emulator (${backend.name})`, () => {
    const api = useApi(backend);

    /** An app with its own sandbox on a fake clock, and the YooKassa adapter pointed at it in-process. */
    async function setup() {
      const clock = new FakeClock();
      const db = api.database.db;
      const webhooks = new SandboxWebhooks(db, clock);
      const sandbox = new YooKassaSandbox(db, clock, { webhooks });
      const t = await api.setup({}, { clock, yookassaSandbox: sandbox });
      const provider = sandboxPaymentProvider(sandbox);
      const token = (p: { confirmation?: { confirmation_token?: string } }) =>
        p.confirmation?.confirmation_token ?? '';
      const notifications = () =>
        db
          .select({ event: sandboxYookassaNotifications.event, body: sandboxYookassaNotifications.body })
          .from(sandboxYookassaNotifications)
          .orderBy(sandboxYookassaNotifications.id);
      /** A succeeded first payment with a saved card; returns the saved method's id. */
      const savedCard = async (number = '5555555555554444') => {
        const created = await provider.createPayment(embedded(`first-${number}-${Math.random()}`));
        const paid = await sandbox.payWithCard(token(created), { number, ...VALID });
        if (paid.result !== 'succeeded') throw new Error(`card ${number} did not pay: ${paid.result}`);
        return paid.payment.payment_method?.id ?? '';
      };
      return { ...t, clock, sandbox, provider, token, notifications, savedCard };
    }

    describe('sandbox YooKassa: POST /v3/payments with an embedded confirmation', () => {
      it('creates a pending payment with a confirmation token, shaped like YooKassa’s', async () => {
        const { provider } = await setup();
        const created = await provider.createPayment(embedded('k1'));
        expect(payment.parse(created)).toMatchObject({
          status: 'pending',
          paid: false,
          amount: { value: '299.00', currency: 'RUB' },
          confirmation: { type: 'embedded', confirmation_token: `ct-${created.id}` },
          metadata: { kadr_payment_id: '17' },
          test: true,
        });
        expect(await provider.getPayment(created.id)).toEqual(created);
      });

      it('answers the same payment for the same key and body, and refuses the key with another body', async () => {
        const { provider, app } = await setup();
        const first = await provider.createPayment(embedded('same-key'));
        const again = await provider.createPayment(embedded('same-key'));
        expect(again).toEqual(first);
        const conflict = await provider
          .createPayment(embedded('same-key', { description: 'Другая подписка' }))
          .catch((e: unknown) => e);
        expect(conflict).toBeInstanceOf(YooKassaError);
        expect(conflict).toMatchObject({
          code: 'invalid_request',
          message: 'Idempotence key duplicated',
          details: { status: 400, parameter: 'Idempotence-Key' },
        });
        // Key order in the JSON does not make another body.
        const reordered = await app.inject({
          method: 'POST',
          url: '/sandbox/yookassa/v3/payments',
          headers: {
            authorization: basic(SANDBOX_SHOP.shopId, SANDBOX_SHOP.secretKey),
            'idempotence-key': 'same-key',
            'content-type': 'application/json',
          },
          payload: JSON.stringify(
            Object.fromEntries(
              Object.entries(embedded('x'))
                .filter(([k]) => k !== 'idempotenceKey')
                .reverse(),
            ),
          ),
        });
        expect(reordered.json()).toMatchObject({ id: first.id });
        const [{ n }] = (await api.database.db.select({ n: count() }).from(sandboxYookassaPayments)) as [
          { n: number },
        ];
        expect(n).toBe(1);
      });

      it('creates one payment for parallel requests with one key', async () => {
        const { provider } = await setup();
        const results = await Promise.all(
          Array.from({ length: 5 }, () => provider.createPayment(embedded('parallel'))),
        );
        expect(new Set(results.map((r) => r.id)).size).toBe(1);
      });

      it('forgets a key after 24 hours', async () => {
        const { provider, clock } = await setup();
        const first = await provider.createPayment(embedded('old-key'));
        clock.advance(24 * 3600 + 1);
        const later = await provider.createPayment(embedded('old-key', { description: 'Другая подписка' }));
        expect(later.id).not.toBe(first.id);
      });

      it('refuses wrong credentials, a missing key, bad JSON and what the sandbox does not do', async () => {
        const { app, sandbox } = await setup();
        const wrong = new YooKassaClient({
          baseUrl: 'http://yookassa.sandbox/v3',
          shopId: SANDBOX_SHOP.shopId,
          secretKey: 'not-the-secret',
          fetch: sandbox.fetch,
        });
        await expect(wrong.createPayment(embedded('k'))).rejects.toMatchObject({
          code: 'invalid_credentials',
          details: { status: 401 },
        });
        await expect(wrong.getPayment('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
          code: 'invalid_credentials',
        });
        const post = (headers: Record<string, string>, payload: string) =>
          app.inject({
            method: 'POST',
            url: '/sandbox/yookassa/v3/payments',
            headers: { 'content-type': 'application/json', ...headers },
            payload,
          });
        const auth = { authorization: basic(SANDBOX_SHOP.shopId, SANDBOX_SHOP.secretKey) };
        const noAuth = await post({}, '{}');
        expect(noAuth.statusCode).toBe(401);
        expect(noAuth.json()).toMatchObject({ type: 'error', code: 'invalid_credentials' });
        expect((await post(auth, JSON.stringify(embedded('x')))).json()).toMatchObject({
          code: 'invalid_request',
          parameter: 'Idempotence-Key',
        });
        const badJson = await post({ ...auth, 'idempotence-key': 'k' }, '{"amount":');
        expect(badJson.statusCode).toBe(400);
        expect(badJson.json()).toMatchObject({ type: 'error', code: 'invalid_request' });
        const { idempotenceKey: _k, ...body } = embedded('k');
        const refusals: Array<[Record<string, unknown>, string]> = [
          [{ ...body, capture: false }, 'capture'],
          [{ ...body, amount: { value: '299.00', currency: 'USD' } }, 'amount.currency'],
          [{ ...body, confirmation: undefined }, 'confirmation'],
          [{ ...body, amount: { value: '300.00', currency: 'RUB' } }, 'receipt'],
          [{ ...body, receipt: { ...receipt, customer: {} } }, 'receipt.customer'],
        ];
        for (const [payload, parameter] of refusals) {
          const res = await post(
            { ...auth, 'idempotence-key': `refusal-${parameter}` },
            JSON.stringify(payload),
          );
          expect(res.statusCode, parameter).toBe(400);
          expect(res.json(), parameter).toMatchObject({ code: 'invalid_request', parameter });
        }
        const missing = await app.inject({
          method: 'GET',
          url: '/sandbox/yookassa/v3/payments/00000000-0000-4000-8000-000000000000',
          headers: auth,
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ type: 'error', code: 'not_found' });
      });
    });

    describe('sandbox YooKassa: the checkout with test cards', () => {
      it('succeeds with the success card, saves it and queues payment.succeeded', async () => {
        const { provider, sandbox, token, notifications } = await setup();
        const created = await provider.createPayment(embedded('k'));
        const paid = await sandbox.payWithCard(token(created), { number: '5555 5555 5555 4444', ...VALID });
        expect(paid.result).toBe('succeeded');
        const read = await provider.getPayment(created.id);
        expect(read).toMatchObject({
          status: 'succeeded',
          paid: true,
          payment_method: {
            type: 'bank_card',
            saved: true,
            title: 'Bank card *4444',
            card: {
              first6: '555555',
              last4: '4444',
              expiry_month: '12',
              expiry_year: '2030',
              card_type: 'MasterCard',
            },
          },
          receipt_registration: 'pending',
        });
        expect(read).not.toHaveProperty('confirmation');
        expect(read).not.toHaveProperty('cancellation_details');
        const queued = await notifications();
        expect(queued).toEqual([{ event: 'payment.succeeded', body: notification.parse(queued[0]?.body) }]);
        expect(queued[0]?.body).toMatchObject({
          type: 'notification',
          event: 'payment.succeeded',
          object: { id: created.id },
        });
        // Paying again is not charging again.
        expect(
          await sandbox.payWithCard(token(created), { number: '5555555555554444', ...VALID }),
        ).toMatchObject({
          result: 'succeeded',
        });
        expect(await notifications()).toHaveLength(1);
      });

      it('does not save the card when save_payment_method is false', async () => {
        const { provider, sandbox, token } = await setup();
        const created = await provider.createPayment(embedded('k', { save_payment_method: false }));
        const paid = await sandbox.payWithCard(token(created), { number: '2200000000000004', ...VALID });
        expect(paid).toMatchObject({
          result: 'succeeded',
          payment: { payment_method: { saved: false, card: { card_type: 'Mir' } } },
        });
        const methodId = paid.result === 'succeeded' ? (paid.payment.payment_method?.id ?? '') : '';
        await expect(provider.createPayment(charge('c', methodId))).rejects.toMatchObject({
          code: 'invalid_request',
          details: { parameter: 'payment_method_id' },
        });
      });

      it.each([
        ['5555555555555599', 'insufficient_funds'],
        ['4000000000000069', 'card_expired'],
        ['4242424242424242', 'general_decline'],
      ])('declines card %s with %s', async (number, reason) => {
        const { provider, sandbox, token, notifications } = await setup();
        const created = await provider.createPayment(embedded('k'));
        expect(await sandbox.payWithCard(token(created), { number, ...VALID })).toMatchObject({
          result: 'canceled',
        });
        expect(await provider.getPayment(created.id)).toMatchObject({
          status: 'canceled',
          paid: false,
          cancellation_details: { party: 'payment_network', reason },
          payment_method: { saved: false },
        });
        expect((await notifications()).map((n) => n.event)).toEqual(['payment.canceled']);
      });

      it('refuses a mistyped card without touching the payment', async () => {
        const { provider, sandbox, token, clock } = await setup();
        const created = await provider.createPayment(embedded('k'));
        const t = token(created);
        expect(await sandbox.payWithCard(t, { number: '5555555555554445', ...VALID })).toMatchObject({
          result: 'invalid_card',
          field: 'number',
        });
        const lastMonth = new Date(clock.now().getTime() - 40 * 86400_000);
        const expiry = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear() % 100)}`;
        expect(
          await sandbox.payWithCard(t, { number: '5555555555554444', expiry, csc: '123' }),
        ).toMatchObject({
          field: 'expiry',
        });
        expect(
          await sandbox.payWithCard(t, { number: '5555555555554444', expiry: '12/30', csc: '12' }),
        ).toMatchObject({
          field: 'csc',
        });
        expect((await provider.getPayment(created.id)).status).toBe('pending');
      });

      it('asks for 3-D Secure: confirming succeeds', async () => {
        const { provider, sandbox, token } = await setup();
        const created = await provider.createPayment(embedded('k'));
        expect(
          await sandbox.payWithCard(token(created), { number: '5555555555554477', ...VALID }),
        ).toMatchObject({
          result: 'three_ds',
        });
        expect(await sandbox.checkout(token(created))).toMatchObject({ result: 'pending', threeDs: true });
        expect((await provider.getPayment(created.id)).status).toBe('pending');
        expect(await sandbox.decideThreeDs(token(created), 'confirm')).toMatchObject({ result: 'succeeded' });
        expect(await provider.getPayment(created.id)).toMatchObject({
          status: 'succeeded',
          payment_method: { saved: true },
        });
      });

      it('asks for 3-D Secure: refusing cancels with 3d_secure_failed', async () => {
        const { provider, sandbox, token } = await setup();
        const created = await provider.createPayment(embedded('k'));
        await sandbox.payWithCard(token(created), { number: '5555555555554477', ...VALID });
        expect(await sandbox.decideThreeDs(token(created), 'refuse')).toMatchObject({ result: 'canceled' });
        expect(await provider.getPayment(created.id)).toMatchObject({
          status: 'canceled',
          cancellation_details: { party: 'payment_network', reason: '3d_secure_failed' },
        });
      });

      it('expires the confirmation token after an hour: the payment is canceled (expired_on_confirmation)', async () => {
        const { provider, sandbox, token, clock, notifications } = await setup();
        const created = await provider.createPayment(embedded('k'));
        clock.advance(3599);
        expect(await sandbox.checkout(token(created))).toMatchObject({ result: 'pending' });
        clock.advance(2);
        expect(await sandbox.checkout(token(created))).toEqual({ result: 'token_expired' });
        expect(await sandbox.payWithCard(token(created), { number: '5555555555554444', ...VALID })).toEqual({
          result: 'token_expired',
        });
        expect(await provider.getPayment(created.id)).toMatchObject({
          status: 'canceled',
          cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
        });
        expect((await notifications()).map((n) => n.event)).toEqual(['payment.canceled']);
        expect(await sandbox.checkout('ct-unknown')).toEqual({ result: 'invalid_token' });
      });

      it('cancels expired payments in the background sweep too', async () => {
        const { provider, sandbox, clock } = await setup();
        const created = await provider.createPayment(embedded('k'));
        clock.advance(3601);
        expect(await sandbox.expireDue()).toBe(1);
        const [row] = await api.database.db.select().from(sandboxYookassaPayments);
        expect(row?.status).toBe('canceled');
        expect(created.status).toBe('pending');
      });
    });

    describe('sandbox YooKassa: charges of a saved card', () => {
      it('charges a saved card at once, with no confirmation', async () => {
        const { provider, savedCard, notifications } = await setup();
        const methodId = await savedCard();
        const charged = await provider.createPayment(charge('renewal-1', methodId));
        expect(charged).toMatchObject({
          status: 'succeeded',
          paid: true,
          payment_method: { id: methodId, saved: true },
        });
        expect(charged).not.toHaveProperty('confirmation');
        expect(await provider.createPayment(charge('renewal-1', methodId))).toEqual(charged);
        expect((await notifications()).map((n) => n.event)).toEqual([
          'payment.succeeded',
          'payment.succeeded',
        ]);
      });

      it('charges a saved card once for parallel requests with one key, and refuses the key with another body', async () => {
        const { provider, savedCard, sandbox } = await setup();
        const methodId = await savedCard();
        const results = await Promise.all(
          Array.from({ length: 6 }, () => provider.createPayment(charge('parallel-charge', methodId))),
        );
        expect(new Set(results.map((r) => r.id)).size).toBe(1);
        expect(results[0]).toMatchObject({ status: 'succeeded' });
        const other = await sandbox.createPayment(
          basic(SANDBOX_SHOP.shopId, SANDBOX_SHOP.secretKey),
          'parallel-charge',
          JSON.stringify({ ...charge('x', methodId), idempotenceKey: undefined, description: 'Другое' }),
        );
        expect(other).toMatchObject({
          status: 400,
          body: { code: 'invalid_request', parameter: 'Idempotence-Key' },
        });
        const rows = await api.database.db.select().from(sandboxYookassaPayments);
        // The first payment (saving the card) and the one charge.
        expect(rows).toHaveLength(2);
      });

      it('decides parallel charges of one card in turn: the card that succeeds once declines the rest', async () => {
        const { provider, savedCard } = await setup();
        const methodId = await savedCard('4000000000000341');
        // The card's first payment used its one success: every parallel recurring charge sees it.
        const results = await Promise.all(
          Array.from({ length: 4 }, (_, i) => provider.createPayment(charge(`card-race-${i}`, methodId))),
        );
        expect(results.map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
        expect(new Set(results.map((r) => r.id)).size).toBe(4);
      });

      it('counts each parallel charge of one card: the count decides the next charge', async () => {
        const { provider, savedCard, sandbox } = await setup();
        const methodId = await savedCard();
        await Promise.all(
          Array.from({ length: 5 }, (_, i) => provider.createPayment(charge(`count-${i}`, methodId))),
        );
        const [method] = await api.database.db
          .select({ charges: sandboxYookassaPaymentMethods.charges })
          .from(sandboxYookassaPaymentMethods)
          .where(eq(sandboxYookassaPaymentMethods.id, methodId));
        // The first payment and five renewals: none lost to a race on the card's row.
        expect(method?.charges).toBe(6);
        expect(sandbox.shopId).toBe(SANDBOX_SHOP.shopId);
      });

      it('declines the recurring charges of the card that succeeds once', async () => {
        const { provider, savedCard } = await setup();
        const methodId = await savedCard('4000000000000341');
        expect(await provider.createPayment(charge('r1', methodId))).toMatchObject({
          status: 'canceled',
          cancellation_details: { party: 'payment_network', reason: 'insufficient_funds' },
        });
      });

      it('lets a test make a saved card fail and recover', async () => {
        const { provider, savedCard, app } = await setup();
        const methodId = await savedCard();
        const decline = (reason: string | null) =>
          app.inject({
            method: 'POST',
            url: `/sandbox/yookassa/payment_methods/${methodId}/decline`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ reason }),
          });
        expect((await decline('permission_revoked')).statusCode).toBe(200);
        expect(await provider.createPayment(charge('r1', methodId))).toMatchObject({
          status: 'canceled',
          cancellation_details: { reason: 'permission_revoked' },
        });
        expect((await decline(null)).statusCode).toBe(200);
        expect((await provider.createPayment(charge('r2', methodId))).status).toBe('succeeded');
        expect((await decline('not_a_reason')).statusCode).toBe(404);
      });

      it('refuses an unknown payment method and a method with a confirmation', async () => {
        const { provider, savedCard } = await setup();
        await expect(
          provider.createPayment(charge('c', '00000000-0000-4000-8000-000000000000')),
        ).rejects.toMatchObject({
          code: 'invalid_request',
          details: { parameter: 'payment_method_id' },
        });
        const methodId = await savedCard();
        await expect(
          provider.createPayment({ ...charge('c2', methodId), confirmation: { type: 'embedded' } }),
        ).rejects.toMatchObject({ details: { parameter: 'confirmation' } });
      });
    });

    describe('sandbox YooKassa: receipts', () => {
      it('registers the receipt of a succeeded payment shortly after, and serves its page', async () => {
        const { provider, sandbox, token, clock, app } = await setup();
        const created = await provider.createPayment(embedded('k'));
        await sandbox.payWithCard(token(created), { number: '5555555555554444', ...VALID });
        const [pending] = await provider.getReceipts(created.id);
        expect(pending).toMatchObject({
          type: 'payment',
          payment_id: created.id,
          status: 'pending',
          items: [
            {
              description: 'Подписка «Кадр+» на 1 месяц',
              quantity: 1,
              vat_code: 1,
              payment_subject: 'service',
            },
          ],
        });
        expect(pending).not.toHaveProperty('registered_at');
        clock.advance(5);
        const receipts = await provider.getReceipts(created.id);
        expect(receiptList.parse({ type: 'list', items: receipts }).items).toHaveLength(1);
        expect(receipts[0]).toMatchObject({ status: 'succeeded', registered_at: clock.now().toISOString() });
        expect((await provider.getPayment(created.id)).receipt_registration).toBe('succeeded');
        const url = provider.receiptUrl(receipts[0]!);
        expect(url).toBe(`/sandbox/yookassa/receipts/${receipts[0]?.id}`);
        const page = await app.inject({ method: 'GET', url: url ?? '' });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        for (const text of [
          'Кассовый чек',
          'Подписка «Кадр+» на 1 месяц',
          'Без НДС',
          'Итого: 299,00 ₽',
          '+7 999 123-45-67',
          'Услуга',
        ]) {
          expect(page.body).toContain(text);
        }
        expect(
          (await app.inject({ method: 'GET', url: '/sandbox/yookassa/receipts/rt-nope' })).statusCode,
        ).toBe(404);
      });

      it('issues no receipt for a declined payment and lists none for an unknown one', async () => {
        const { provider, sandbox, token } = await setup();
        const created = await provider.createPayment(embedded('k'));
        await sandbox.payWithCard(token(created), { number: '5555555555555599', ...VALID });
        expect(await provider.getReceipts(created.id)).toEqual([]);
        expect(await provider.getReceipts('00000000-0000-4000-8000-000000000000')).toEqual([]);
      });
    });
  });
}
