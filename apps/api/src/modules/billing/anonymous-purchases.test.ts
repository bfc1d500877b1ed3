import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  devices,
  paymentMethods,
  payments,
  profiles,
  receipts,
  subscriptions,
  trialUses,
} from '../../db/schema';
import type { PaymentProvider } from '../../providers/payments';
import { anonymousClient, backends, type Tokens, useApi } from '../../test/harness';
import {
  CARDS,
  DAY,
  KADR,
  KINO,
  paymentsApp,
  SERIALY,
  useBillingCatalogue,
} from '../../test/payments-fixture';
import { Renewals } from './renewals';
import { addMonths } from './subscription-rules';

// Decision 019: what an anonymous buyer holds stays theirs after they sign in — adopted with the
// profile for a new phone, moved into the phone's profile for a known one.

type App = Awaited<ReturnType<typeof paymentsApp>>;
type Body = Record<string, unknown>;

const PHONE = '79991234567';

/** The SMS sign-in of `device`'s anonymous session; answers the phone session's tokens. */
async function signIn(t: App, device: string, phone = PHONE): Promise<Tokens> {
  const anon = await t.anonymous(device);
  const sent = await t.sendAuth(phone, anon.access_token);
  if (sent.status !== 200) throw new Error(`sendAuth: ${JSON.stringify(sent.body)}`);
  const res = await t.authApp(phone, await t.lastCode(phone), anon.access_token, { device_uid: device });
  if (res.status !== 200) throw new Error(`authApp: ${JSON.stringify(res.body)}`);
  // The next code to the phone may go out at once.
  t.clock.advance(61);
  return res.body.response as unknown as Tokens;
}

/** Calls with a signed-in session. */
function as(t: App, tokens: Tokens, device: string) {
  const call = (name: string, body?: unknown) =>
    t.call<Body>('POST', `/v1/agregator/${name}`, {
      token: tokens.access_token,
      ...(body === undefined ? {} : { body }),
    });
  return {
    call,
    check: (paymentId: string) => call('checkPayment', { type: 'widget_yookassa', payment_id: paymentId }),
    create: (packageId: number) =>
      call('createPayment', { type: 'widget_yookassa', package_id: packageId, device_uid: device }),
    bought: async (packageId: number) =>
      ((await call('getPackageInfoById', { package_id: packageId })).body.response as { goods: Body }).goods
        .is_bought,
  };
}

const liveRows = (t: App, profileId: number) =>
  t.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), isNull(subscriptions.endedAt)));

/** Every billing row of a profile, counted. */
async function holdings(t: App, profileId: number) {
  const [subs, cards, paid, receipted, trials] = await Promise.all([
    t.db.select().from(subscriptions).where(eq(subscriptions.profileId, profileId)),
    t.db.select().from(paymentMethods).where(eq(paymentMethods.profileId, profileId)),
    t.db.select().from(payments).where(eq(payments.profileId, profileId)),
    t.db.select().from(receipts).where(eq(receipts.profileId, profileId)),
    t.db.select().from(trialUses).where(eq(trialUses.profileId, profileId)),
  ]);
  return {
    subscriptions: subs.length,
    cards: cards.length,
    payments: paid.length,
    receipts: receipted.length,
    trials: trials.length,
  };
}
const NOTHING = { subscriptions: 0, cards: 0, payments: 0, receipts: 0, trials: 0 };

/** The sandbox behind a provider that runs `during.next` while a saved card is being charged (a renewal in flight). */
function duringRenewal(inner: PaymentProvider, during: { next?: () => Promise<void> }): PaymentProvider {
  return {
    kind: inner.kind,
    async createPayment(params) {
      const next = params.payment_method_id ? during.next : undefined;
      during.next = undefined;
      await next?.();
      return inner.createPayment(params);
    },
    getPayment: (id) => inner.getPayment(id),
    getReceipts: (id) => inner.getReceipts(id),
    receiptUrl: (r) => inner.receiptUrl(r),
  };
}

async function deliverAll(t: App): Promise<void> {
  for (let n = 1; n > 0; ) n = await t.sandbox.webhooks.deliverDue();
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`anonymous purchases after sign-in (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available);

    it('a new phone adopts the anonymous profile, and another device signing in to the phone has it too', async () => {
      const t = await paymentsApp(api);
      const v = await t.viewer();
      const bought = await v.buy(SERIALY);
      expect((await v.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });

      const phone = await signIn(t, v.device);
      expect(phone.profile_id).toBe(v.profileId);
      const here = as(t, phone, v.device);
      expect(await here.bought(SERIALY)).toBe(true);
      expect((await here.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });

      const other = await t.viewer();
      const there = await signIn(t, other.device);
      expect(there.profile_id).toBe(v.profileId);
      const elsewhere = as(t, there, other.device);
      expect(await elsewhere.bought(SERIALY)).toBe(true);
      expect((await elsewhere.call('getCardList')).body.response).toMatchObject({
        cards: [{ number: '•••• 4444' }],
      });
      expect((await elsewhere.call('listReceipts')).body.response).toMatchObject({
        receipts: [{ description: 'Подписка «Сериалы» на 1 мес.' }],
      });
    });

    it('a known phone receives everything the anonymous profile holds; the anonymous profile retires', async () => {
      const t = await paymentsApp(api);
      const first = await t.viewer();
      const phone = await signIn(t, first.device);
      const v = await t.viewer();
      const bought = await v.buy(KINO);
      expect((await v.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
      const anonymous = await holdings(t, v.profileId);
      expect(anonymous).toEqual({ subscriptions: 1, cards: 1, payments: 1, receipts: 1, trials: 1 });

      const tokens = await signIn(t, v.device);
      expect(tokens.profile_id).toBe(phone.profile_id);
      expect(await holdings(t, phone.profile_id)).toEqual(anonymous);
      expect(await holdings(t, v.profileId)).toEqual(NOTHING);
      const here = as(t, tokens, v.device);
      expect(await here.bought(KINO)).toBe(true);
      expect((await here.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
      // The trial went with it: none is offered to the phone's profile now.
      expect((await here.call('getPackageInfoById', { package_id: KINO })).body.response).toMatchObject({
        goods: { is_trial: false, is_trial_current: true },
      });

      // Retired: not the device's anonymous profile, its sessions ended.
      const [retired] = await t.db.select().from(profiles).where(eq(profiles.id, v.profileId));
      expect(retired).toMatchObject({ phone: null, mergedIntoId: phone.profile_id });
      expect(await t.db.select().from(devices).where(eq(devices.profileId, v.profileId))).toEqual([]);
      const fresh = await t.anonymous(v.device);
      expect(fresh.profile_id).not.toBe(v.profileId);
      const stale = await v.call('getProfile');
      expect(stale.body.response).toMatchObject({ profile_id: fresh.profile_id, phone: null });
    });

    it('two live subscriptions of one package become one: the later one stays, extended by the other’s paid time; one card, one renewal', async () => {
      const t = await paymentsApp(api);
      const first = await t.viewer();
      const phone = as(t, await signIn(t, first.device), first.device);
      const created = (await phone.create(SERIALY)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      expect((await phone.check(created.payment_id)).body.response).toMatchObject({ status: 'confirmed' });
      const [phones] = await t.db.select().from(subscriptions);

      t.clock.advance(10 * DAY);
      const v = await t.viewer();
      const bought = await v.buy(SERIALY);
      expect((await v.check(bought.paymentId)).body.response).toMatchObject({ status: 'confirmed' });
      const [anonymous] = await liveRows(t, v.profileId);

      const now = t.clock.now().getTime();
      const tokens = await signIn(t, v.device);
      const live = await liveRows(t, tokens.profile_id);
      expect(live).toHaveLength(1);
      // The anonymous one ends later and stays; the phone's paid time left is added to it.
      expect(live[0]!.id).toBe(anonymous!.id);
      expect(live[0]!.periodEnd!.getTime()).toBe(
        anonymous!.periodEnd!.getTime() + (phones!.periodEnd!.getTime() - now),
      );
      expect(live[0]).toMatchObject({ status: 'confirmed', autoRenew: true });
      const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, phones!.id));
      expect(ended).toMatchObject({ autoRenew: false, endedAt: new Date(now) });
      // The same card saved on both is one row, and the survivor renews from it.
      const cards = await t.db.select().from(paymentMethods);
      expect(cards).toHaveLength(1);
      expect(live[0]!.paymentMethodId).toBe(cards[0]!.id);
      expect(await holdings(t, tokens.profile_id)).toMatchObject({
        subscriptions: 2,
        payments: 2,
        receipts: 2,
      });
      expect(await holdings(t, v.profileId)).toEqual(NOTHING);
      expect(await as(t, tokens, v.device).bought(SERIALY)).toBe(true);
    });

    it('a trial used on either stays used; different cards are both kept', async () => {
      const t = await paymentsApp(api);
      const first = await t.viewer();
      const phone = as(t, await signIn(t, first.device), first.device);
      const created = (await phone.create(KINO)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      await phone.check(created.payment_id);
      const v = await t.viewer();
      const anon = (await v.create(KINO)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(anon.token, { number: CARDS.ok, expiry: '11/36', csc: '123' });
      await v.check(anon.payment_id);
      expect(await t.db.select().from(trialUses)).toHaveLength(2);

      const tokens = await signIn(t, v.device);
      expect(await liveRows(t, tokens.profile_id)).toHaveLength(1);
      // Both trials stay recorded (the anonymous one still marks its card); the phone's profile has had one.
      expect(await t.db.select().from(trialUses)).toHaveLength(2);
      expect(
        await t.db.select().from(paymentMethods).where(eq(paymentMethods.profileId, tokens.profile_id)),
      ).toHaveLength(2);
      const info = await as(t, tokens, v.device).call('getPackageInfoById', { package_id: KINO });
      expect(info.body.response).toMatchObject({ goods: { is_bought: true, is_trial: false } });
    });

    for (const settledBy of ['notification', 'checkPayment', 'reconciliation'] as const) {
      it(`a payment pending at sign-in lands on the phone's profile when it succeeds (${settledBy})`, async () => {
        const t = await paymentsApp(api);
        const first = await t.viewer();
        const phone = await signIn(t, first.device);
        const v = await t.viewer();
        const created = (await v.create(SERIALY)).body.response as { payment_id: string; token: string };

        const tokens = await signIn(t, v.device);
        const here = as(t, tokens, v.device);
        expect((await here.check(created.payment_id)).body.response).toMatchObject({ status: 'pending' });
        // The anonymous session ended with the sign-in.
        expect(
          (
            await t.call('POST', '/v1/agregator/getProfile', {
              token: (await t.anonymous(v.device)).access_token,
            })
          ).body.response,
        ).toMatchObject({ phone: null });

        await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
        if (settledBy === 'notification') await deliverAll(t);
        if (settledBy === 'reconciliation') {
          t.clock.advance(10 * 60);
          expect(await t.jobs().reconciliation.runOnce()).toMatchObject({ payments: 1 });
        }
        expect((await here.check(created.payment_id)).body.response).toMatchObject({ status: 'confirmed' });
        expect(await here.bought(SERIALY)).toBe(true);
        expect(await holdings(t, phone.profile_id)).toMatchObject({
          subscriptions: 1,
          payments: 1,
          receipts: 1,
        });
        expect(await holdings(t, v.profileId)).toEqual(NOTHING);
      });
    }

    it('as the web drives it (@kadr/api-client): bought anonymously, signed in with the stored token, still bought after the reload', async () => {
      const t = await paymentsApp(api);
      const first = await t.viewer();
      const phone = await signIn(t, first.device);
      const device = 'web_clientjourney001';
      const { client, tokens } = await anonymousClient(t.app, device);
      const created = await client.call('createPayment', {
        body: { type: 'widget_yookassa', package_id: SERIALY, device_uid: device },
      });
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      const check = () =>
        client.call('checkPayment', { body: { type: 'widget_yookassa', payment_id: created.payment_id } });
      expect(await check()).toMatchObject({ status: 'confirmed' });

      // The login flow's authApp carries the stored anonymous token (auth: optional): the server knows
      // whose purchases to bring.
      await client.call('sendAuth', { body: { auth_type: 'phone', uid: PHONE } });
      const session = await client.call('authApp', {
        body: {
          grant_type: 'mega',
          client_id: 'web',
          client_secret: 'web',
          auth_type: 'phone',
          dev_type: 'SMARTTV',
          dev_model: 'web',
          verify_code: await t.lastCode(PHONE),
          uid: PHONE,
          device_uid: device,
        },
      });
      expect(session.profile_id).toBe(phone.profile_id);
      tokens.setTokens(session);

      // After the reload every billing query is asked again with the phone session.
      const { ek_packages } = await client.call('getEkPackages', { body: { is_hidden: 0 } });
      expect(ek_packages[String(SERIALY)]).toMatchObject({ status: 'confirmed' });
      const info = await client.call('getPackageInfoById', { body: { package_id: SERIALY } });
      expect(info.goods).toMatchObject({ is_bought: true, status: 'confirmed' });
      expect(await check()).toMatchObject({ status: 'confirmed' });
      expect((await client.call('listReceipts')).receipts).toHaveLength(1);
    });

    it('createPayment on the retired anonymous profile is refused (910), nothing is made on it', async () => {
      const t = await paymentsApp(api);
      const first = await t.viewer();
      await signIn(t, first.device);
      const v = await t.viewer();
      const anon = await t.anonymous(v.device);
      await signIn(t, v.device);
      const late = await t.call('POST', '/v1/agregator/createPayment', {
        token: anon.access_token,
        body: { type: 'widget_yookassa', package_id: SERIALY, device_uid: v.device },
      });
      expect(late.body).toMatchObject({ code: 910 });
      expect(await holdings(t, v.profileId)).toEqual(NOTHING);
    });

    it('another anonymous profile’s things never move', async () => {
      const t = await paymentsApp(api);
      const first = await t.viewer();
      const phone = await signIn(t, first.device);
      const bystander = await t.viewer();
      await bystander.buy(SERIALY);
      await bystander.check((await t.db.select().from(payments))[0]!.providerPaymentId!);
      const before = await holdings(t, bystander.profileId);
      const v = await t.viewer();
      const bought = await v.buy(KINO);
      await v.check(bought.paymentId);

      await signIn(t, v.device);
      expect(await holdings(t, bystander.profileId)).toEqual(before);
      expect(before).toMatchObject({ subscriptions: 1, payments: 1 });
      expect(await bystander.call('getPackageInfoById', { package_id: SERIALY })).toMatchObject({
        body: { response: { goods: { is_bought: true } } },
      });
      expect(await holdings(t, phone.profile_id)).toMatchObject({ subscriptions: 1, payments: 1 });
    });

    it('a renewal charged while the sign-in moves its subscription renews it on the phone’s profile (the claim holds)', async () => {
      const during: { next?: () => Promise<void> } = {};
      const t = await paymentsApp(api, { wrap: (inner) => duringRenewal(inner, during) });
      const first = await t.viewer();
      const phone = await signIn(t, first.device);
      const v = await t.viewer();
      await v.check((await v.buy(SERIALY)).paymentId);
      const [sub] = await liveRows(t, v.profileId);
      t.clock.advance(31 * DAY);
      let claimed: Date | null = null;
      during.next = async () => {
        await signIn(t, v.device);
        // Moved with its claim: no other pass takes it while this charge is in flight.
        const [moved] = await liveRows(t, phone.profile_id);
        claimed = moved!.renewalClaimedUntil;
      };
      expect(await t.jobs().renewals.runOnce()).toMatchObject({ claimed: 1, charged: 1 });
      expect(claimed).not.toBeNull();
      const [renewed] = await liveRows(t, phone.profile_id);
      expect(renewed).toMatchObject({ id: sub!.id, status: 'confirmed', renewalClaimedUntil: null });
      expect(renewed!.periodEnd).toEqual(addMonths(sub!.periodEnd!, 1));
      expect(await holdings(t, phone.profile_id)).toMatchObject({
        subscriptions: 1,
        payments: 2,
        receipts: 2,
      });
      expect(await holdings(t, v.profileId)).toEqual(NOTHING);
    });

    it('a renewal in flight for the row the merge ends pays for the row that stays', async () => {
      const during: { next?: () => Promise<void> } = {};
      const t = await paymentsApp(api, { wrap: (inner) => duringRenewal(inner, during) });
      const first = await t.viewer();
      const phone = as(t, await signIn(t, first.device), first.device);
      const created = (await phone.create(SERIALY)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      await phone.check(created.payment_id);
      const [phones] = await t.db.select().from(subscriptions);
      t.clock.advance(31 * DAY);
      // The phone's subscription is due; meanwhile the viewer buys it again anonymously on another device.
      const v = await t.viewer();
      await v.check((await v.buy(SERIALY)).paymentId);
      const [anonymous] = await liveRows(t, v.profileId);
      during.next = async () => {
        await signIn(t, v.device);
      };
      expect(await t.jobs().renewals.runOnce()).toMatchObject({ claimed: 1, charged: 1 });
      const live = await liveRows(t, phones!.profileId);
      expect(live).toHaveLength(1);
      // The due (unentitled) row ended at the merge; its renewal's month went to the one that stayed.
      expect(live[0]).toMatchObject({ id: anonymous!.id, autoRenew: true });
      expect(live[0]!.periodEnd).toEqual(addMonths(anonymous!.periodEnd!, 1));
      const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, phones!.id));
      expect(ended!.endedAt).not.toBeNull();
      const renewal = await t.db.select().from(payments).where(eq(payments.kind, 'renewal'));
      expect(renewal).toMatchObject([{ status: 'succeeded', subscriptionId: anonymous!.id }]);
      // Nothing renews the ended row again.
      t.clock.advance(DAY);
      expect(await t.jobs().renewals.runOnce()).toMatchObject({ claimed: 0 });
    });

    /** A renewal pass that charges one claimed subscription at a time, in claim order. */
    const oneAtATime = (t: App) =>
      new Renewals({ db: t.db, clock: t.clock, settlement: t.jobs().settlement, concurrency: 1 });

    it('a subscription claimed before the sign-in moved it is charged on the card it has now (a merged twin)', async () => {
      const during: { next?: () => Promise<void> } = {};
      const t = await paymentsApp(api, { wrap: (inner) => duringRenewal(inner, during) });
      const first = await t.viewer();
      const tokens = await signIn(t, first.device);
      const phone = as(t, tokens, first.device);
      const created = (await phone.create(SERIALY)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      await phone.check(created.payment_id);
      // The same card, anonymously, for another package: due together, claimed after the phone's.
      const v = await t.viewer();
      await v.check((await v.buy(KADR)).paymentId);
      t.clock.advance(31 * DAY);
      // While the phone's renewal is being charged the viewer signs in: KADR moves, its card becomes
      // the phone's copy (the claimed snapshot still names the deleted one).
      during.next = async () => {
        await signIn(t, v.device);
      };
      expect(await oneAtATime(t).runOnce()).toMatchObject({ claimed: 2, charged: 2, declined: 0 });
      const live = await liveRows(t, tokens.profile_id);
      expect(live.map((r) => [r.packageId, r.status, r.renewalAttempts]).sort()).toEqual([
        [KADR, 'confirmed', 0],
        [SERIALY, 'confirmed', 0],
      ]);
      expect(await t.db.select().from(paymentMethods)).toHaveLength(1);
    });

    it('a due subscription the merge ends before its turn in the pass is not charged', async () => {
      const during: { next?: () => Promise<void> } = {};
      const t = await paymentsApp(api, { wrap: (inner) => duringRenewal(inner, during) });
      const bystander = await t.viewer();
      await bystander.check((await bystander.buy(SERIALY)).paymentId);
      const first = await t.viewer();
      const tokens = await signIn(t, first.device);
      const phone = as(t, tokens, first.device);
      const created = (await phone.create(SERIALY)).body.response as { payment_id: string; token: string };
      await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
      await phone.check(created.payment_id);
      t.clock.advance(31 * DAY);
      // Both are due; the viewer buys the package again anonymously, then signs in during the
      // bystander's charge, which comes first in the pass.
      const v = await t.viewer();
      await v.check((await v.buy(SERIALY)).paymentId);
      const [survivor] = await liveRows(t, v.profileId);
      during.next = async () => {
        await signIn(t, v.device);
      };
      expect(await oneAtATime(t).runOnce()).toMatchObject({ claimed: 2, charged: 1, declined: 0 });
      const live = await liveRows(t, tokens.profile_id);
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({ id: survivor!.id, periodEnd: survivor!.periodEnd });
      const renewals = await t.db.select().from(payments).where(eq(payments.kind, 'renewal'));
      expect(renewals.map((p) => p.profileId)).toEqual([bystander.profileId]);
    });

    // Concurrency needs real parallel connections: PostgreSQL only (PGlite runs one statement at a time).
    if (backend.name === 'PostgreSQL') {
      it('a sign-in waits for a fulfilment holding the anonymous payment, then moves what it made', async () => {
        const t = await paymentsApp(api);
        const first = await t.viewer();
        const phone = await signIn(t, first.device);
        const v = await t.viewer();
        expect((await v.create(SERIALY)).status).toBe(200);
        const [row] = await t.db.select().from(payments);
        // Another instance is fulfilling the payment: its row lock is held and it has made the subscription.
        const other = new pg.Client({ connectionString: api.databaseUrl });
        await other.connect();
        try {
          await other.query('begin');
          await other.query('select id from payments where id = $1 for update', [row!.id]);
          await other.query(
            `insert into subscriptions (profile_id, package_id, status, store_name, source, period_start, period_end)
             values ($1, $2, 'confirmed', 'web', 'payment', now(), now() + interval '1 month')`,
            [v.profileId, SERIALY],
          );
          await other.query(`update payments set status = 'succeeded', fulfilled_at = now() where id = $1`, [
            row!.id,
          ]);
          let done = false;
          const signing = signIn(t, v.device).then((tokens) => {
            done = true;
            return tokens;
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(done).toBe(false);
          await other.query('commit');
          expect((await signing).profile_id).toBe(phone.profile_id);
        } finally {
          await other.end();
        }
        expect(await holdings(t, v.profileId)).toEqual(NOTHING);
        expect(await liveRows(t, phone.profile_id)).toHaveLength(1);
        const [moved] = await t.db.select().from(payments);
        expect(moved).toMatchObject({ profileId: phone.profile_id, status: 'succeeded' });
      });

      it('a sign-in and the payment’s fulfilment at the same time leave one consistent state', async () => {
        const limits = ['IP_HOUR', 'SMS_HOUR', 'PHONE_HOUR', 'PHONE_DAY'];
        const t = await paymentsApp(api, {
          env: Object.fromEntries(limits.map((l) => [`RATE_LIMIT_${l}`, '100'])),
        });
        const first = await t.viewer();
        const phone = await signIn(t, first.device);
        for (let round = 0; round < 6; round++) {
          const v = await t.viewer();
          const created = (await v.create(SERIALY)).body.response as { payment_id: string; token: string };
          await t.sandbox.payWithCard(created.token, { number: CARDS.ok, expiry: '12/35', csc: '123' });
          const anon = await t.anonymous(v.device);
          const sent = await t.sendAuth(PHONE, anon.access_token);
          expect(sent.status, JSON.stringify(sent.body)).toBe(200);
          const code = await t.lastCode(PHONE);
          const [signedIn] = await Promise.all([
            t.authApp(PHONE, code, anon.access_token, { device_uid: v.device }),
            deliverAll(t),
            v.check(created.payment_id),
          ]);
          t.clock.advance(61);
          expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
          const here = as(t, signedIn.body.response as unknown as Tokens, v.device);
          expect((await here.check(created.payment_id)).body.response).toMatchObject({ status: 'confirmed' });
          expect(await holdings(t, v.profileId)).toEqual(NOTHING);
          const [paid] = await t.db
            .select()
            .from(payments)
            .where(eq(payments.providerPaymentId, created.payment_id));
          expect(paid).toMatchObject({ profileId: phone.profile_id, status: 'succeeded' });
          expect(await liveRows(t, phone.profile_id)).toHaveLength(1);
        }
        // Six periods paid, one live row holding them all, one renewal.
        const [live] = await liveRows(t, phone.profile_id);
        expect(live!.autoRenew).toBe(true);
        expect(await holdings(t, phone.profile_id)).toMatchObject({ payments: 6, receipts: 6 });
      });
    }
  });
}
