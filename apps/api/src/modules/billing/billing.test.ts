import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardDeletions, payments, receipts, subscriptions, tariffs, trialUses } from '../../db/schema';
import { anonymousClient, backends, type TestApi, useApi } from '../../test/harness';
import { useBillingCatalogue } from '../../test/payments-fixture';
import { Entitlements } from './entitlements';
import { fulfilPayment, type PaidCard } from './fulfil';
import { grantPackage } from './operator-grants';
import { recordPaymentCanceled, recordReceipt } from './payment-queries';
import { REPEAT_WINDOW_MS } from './repeats';
import { BillingService } from './service';

// Packages of the suite (ids in this order): 1 kadr, a parent of 2 kino (7-day trial) and 3 serialy;
// 4 sport (store hand), 5 detyam (a mobile store), 6 arkhiv (hidden). Titles: 1 tikhiy-dom and 4 noch
// are sold by kino, 2 moskva-slezam by serialy, 3 vesyolye-kanikuly by sport, the rest by kadr.
const PACKAGES = [
  {
    key: 'kadr',
    name: 'Подписка Кадр',
    short_offer: 'Всё сразу',
    children: ['kino', 'serialy'],
    tariffs: [{ cost: 399, pay_info: 'Продлевается каждый месяц', texts: ['Всё кино', 'Все сериалы'] }],
  },
  {
    key: 'kino',
    name: 'Кино',
    tariffs: [
      {
        cost: 199,
        trial_days: 7,
        pay_text: 'Попробовать бесплатно',
        pay_info: 'Далее 199 ₽',
        texts: ['Фильмы'],
      },
      { cost: 1990, period_months: 12, pay_text: 'На год' },
    ],
  },
  { key: 'serialy', name: 'Сериалы', cost: 249 },
  { key: 'sport', name: 'Спорт', cost: 299, store: 'hand' },
  { key: 'detyam', name: 'Детям', cost: 149, store: 'google_play' },
  { key: 'arkhiv', name: 'Архив', cost: 99, hidden: true },
];
const KADR = 1;
const KINO = 2;
const SERIALY = 3;
const SPORT = 4;
const ARKHIV = 6;
const HOUR = 3600;
const DAY = 24 * HOUR;
/** Seconds after which a call is no longer taken for a repeat of an earlier one (repeats.ts). */
const REPEAT_WINDOW = REPEAT_WINDOW_MS / 1000;

const CARD: PaidCard = {
  providerMethodId: 'pm-1',
  saved: true,
  first6: '555555',
  last4: '4444',
  cardType: 'MasterCard',
  expiryMonth: 12,
  expiryYear: 2031,
};

type Body = Record<string, unknown>;

for (const backend of backends) {
  describe.skipIf(!backend.available)(`billing calls (${backend.name})`, () => {
    const api = useApi(backend);
    useBillingCatalogue(api, backend.available, {
      packages: PACKAGES,
      titlePackages: {
        'tikhiy-dom': 'kino',
        noch: 'kino',
        'moskva-slezam': 'serialy',
        'vesyolye-kanikuly': 'sport',
      },
    });

    async function setup() {
      const t = await api.setup();
      const device = `web_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const viewer = await t.anonymous(device);
      // Tests move the clock by days: each call takes a fresh token of the same device (same profile).
      const tokenOf = async (token?: string) => token ?? (await t.anonymous(device)).access_token;
      const call = async (name: string, body?: unknown, token?: string) =>
        t.call<Body>('POST', `/v1/agregator/${name}`, {
          token: await tokenOf(token),
          ...(body === undefined ? {} : { body }),
        });
      const goodsOfTitle = async (id: number, token?: string) =>
        (await t.call<{ goods: Body }>('GET', `/web/2/contents/${id}`, { token: await tokenOf(token) })).body
          .response.goods;
      return { t, viewer, device, call, goodsOfTitle, pay: (options: PayOptions) => pay(t, options) };
    }

    interface PayOptions {
      profileId: number;
      packageId: number;
      trial?: boolean;
      card?: PaidCard | null;
      tariffPosition?: number;
      customer?: { email: string };
    }

    /** A payment row as createPayment will write it, then its fulfilment as the provider's success. */
    async function pay(t: TestApi, options: PayOptions) {
      const db = t.database.db;
      const [tariff] = await db
        .select()
        .from(tariffs)
        .where(
          and(eq(tariffs.packageId, options.packageId), eq(tariffs.position, options.tariffPosition ?? 0)),
        );
      const [row] = await db
        .insert(payments)
        .values({
          profileId: options.profileId,
          packageId: options.packageId,
          tariffId: tariff!.id,
          kind: 'first',
          provider: 'yookassa',
          providerPaymentId: randomUUID(),
          idempotenceKey: randomUUID(),
          amount: options.trial ? 100 : tariff!.amount,
          isTrial: options.trial ?? false,
          createdAt: t.clock.now(),
        })
        .returning({ id: payments.id });
      const done = await fulfilPayment(db, t.clock, {
        paymentId: row!.id,
        card: options.card === undefined ? CARD : options.card,
        ...(options.customer ? { customer: options.customer } : {}),
      });
      return { paymentId: row!.id, ...done };
    }

    const refusal = (res: { status: number; body: unknown }) => {
      const body = res.body as { code: number; response: { error: string } };
      return { status: res.status, code: body.code, error: body.response.error };
    };

    describe('getEkPackages and getPackageInfoById', () => {
      it('lists the visible packages in order, keyed by id, with the list fields; hidden ones with is_hidden 1', async () => {
        const { call } = await setup();
        const res = await call('getEkPackages', { is_hidden: 0 });
        expect(res.status).toBe(200);
        const list = res.body.response.ek_packages as Record<string, Body>;
        expect(Object.keys(list)).toEqual(['1', '2', '3', '4', '5']);
        expect(list['1']).toEqual({
          package_id: KADR,
          package_name: 'Подписка Кадр',
          package_icon: expect.stringMatching(/^\/media\/images\/packages\/kadr-icon-\w+\.svg$/),
          short_offer: 'Всё сразу',
          wide_poster_url: expect.stringMatching(/^\/media\/images\/packages\/kadr-wide-poster-\w+\.svg$/),
          status: 'not_purchased',
          is_parent: 1,
          position: 1,
          goods: { is_active_parent: false, payment_text: '399,00₽ в месяц' },
        });
        expect(list['2']).toMatchObject({
          is_parent: 0,
          goods: { payment_text: '7 дней бесплатно, затем 199,00₽ в месяц' },
        });
        const all = await call('getEkPackages', { is_hidden: 1 });
        expect(Object.keys(all.body.response.ek_packages as Body)).toEqual(['1', '2', '3', '4', '5', '6']);
      });

      it('lists a hidden package the viewer holds (bought from its title) while it is held, cancelled too', async () => {
        const { t, viewer, call, pay } = await setup();
        const listed = async () =>
          Object.keys((await call('getEkPackages', { is_hidden: 0 })).body.response.ek_packages as Body);
        await pay({ profileId: viewer.profile_id, packageId: ARKHIV });
        expect(await listed()).toEqual(['1', '2', '3', '4', '5', '6']);
        const list = (await call('getEkPackages', { is_hidden: 0 })).body.response.ek_packages as Record<
          string,
          Body
        >;
        expect(list['6']).toMatchObject({ package_name: 'Архив', status: 'confirmed' });
        t.clock.advance(4 * HOUR);
        expect((await call('unsubscribePackage', { package_id: ARKHIV })).status).toBe(200);
        expect(await listed()).toEqual(['1', '2', '3', '4', '5', '6']);
        // The period over, the cancelled subscription is no longer held: hidden again.
        t.clock.advance(31 * DAY);
        expect(await listed()).toEqual(['1', '2', '3', '4', '5']);
        // Another viewer, who holds nothing, never sees it.
        const other = await setup();
        expect(
          Object.keys(
            (await other.call('getEkPackages', { is_hidden: 0 })).body.response.ek_packages as Body,
          ),
        ).toEqual(['1', '2', '3', '4', '5']);
      });

      it('answers one package with full goods: tariffs with their texts, the trial offer, the store', async () => {
        const { call } = await setup();
        const kino = await call('getPackageInfoById', { package_id: KINO });
        expect(kino.body.response).toMatchObject({
          package_id: KINO,
          package_name: 'Кино',
          status: 'not_purchased',
          is_parent: 0,
          goods: {
            good_type: 'package',
            package_id: KINO,
            is_bought: false,
            is_trial: true,
            is_trial_current: false,
            is_active_parent: false,
            store_name: null,
            ended_at: null,
            cost: 199,
            status: 'not_purchased',
            actions: [],
            tariffs: [
              { pay_text: 'Попробовать бесплатно', pay_info: 'Далее 199 ₽', texts: ['Фильмы'] },
              { pay_text: 'На год', pay_info: null, texts: [] },
            ],
          },
        });
        const sport = await call('getPackageInfoById', { package_id: SPORT });
        expect(sport.body.response).toMatchObject({ goods: { store_name: 'hand', is_trial: false } });
        const hidden = await call('getPackageInfoById', { package_id: ARKHIV });
        expect(hidden.status).toBe(200);
        expect(refusal(await call('getPackageInfoById', { package_id: 99 }))).toEqual({
          status: 404,
          code: 404,
          error: 'package_not_found',
        });
      });

      it('needs a session, like every agregator call', async () => {
        const { t } = await setup();
        for (const name of ['getEkPackages', 'getPackageInfoById', 'unsubscribePackage', 'restorePackage']) {
          const res = await t.call('POST', `/v1/agregator/${name}`, { body: { package_id: 1 } });
          expect(res.status, name).toBe(401);
        }
        for (const name of ['getCardList', 'listReceipts']) {
          expect((await t.call('POST', `/v1/agregator/${name}`)).status, name).toBe(401);
        }
        const del = await t.call('POST', '/v1/agregator/deleteCard', {
          body: { card_number: '•••• 4444' },
        });
        expect(del.status).toBe(401);
      });
    });

    describe('subscriptions unlock titles', () => {
      it('a paid package: the title is bought, status confirmed, first_hours then cancel; the release is full', async () => {
        const { t, viewer, device, goodsOfTitle, pay } = await setup();
        expect(await goodsOfTitle(2)).toMatchObject({ package_id: SERIALY, is_bought: false });
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        expect(await goodsOfTitle(2)).toMatchObject({
          package_id: SERIALY,
          is_bought: true,
          status: 'confirmed',
          store_name: 'web',
          ended_at: '2030-02-15T10:00:00.000Z',
          actions: ['first_hours', 'cancel_package'],
          is_trial: false,
          is_trial_current: false,
          cost: 249,
        });
        t.clock.advance(3 * HOUR);
        expect(await goodsOfTitle(2)).toMatchObject({ actions: ['cancel_package'] });
        const episodes = await t.database.db.execute(
          sql`select id from episodes where content_id = 2 and not is_announce and not is_trailer order by id limit 1`,
        );
        const episode = (episodes as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
        const release = await t.call<Body>(
          'GET',
          `/web/1/releases/2?dev_type=PCWEB&dev_model=web&EP_id=${episode}`,
          {
            token: (await t.anonymous(device)).access_token,
          },
        );
        // The fixture has no media: past the entitlement check the release waits for media (503).
        expect(release.body).toMatchObject({ response: { error: 'media_not_ready' } });
        const other = await t.anonymous();
        const refused = await t.call<Body>('GET', '/web/1/releases/4?dev_type=PCWEB&dev_model=web', {
          token: other.access_token,
        });
        expect(refused.body).toMatchObject({ response: { error: 'not_purchased' } });
      });

      it("a parent's subscription unlocks its children's titles: is_bought, is_active_parent, the child's own status", async () => {
        const { viewer, call, goodsOfTitle, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: KADR });
        expect(await goodsOfTitle(4)).toMatchObject({
          package_id: KINO,
          is_bought: true,
          is_active_parent: true,
          status: 'not_purchased',
          actions: [],
          ended_at: '2030-02-15T10:00:00.000Z',
        });
        expect(await goodsOfTitle(3)).toMatchObject({
          package_id: SPORT,
          is_bought: false,
          is_active_parent: false,
        });
        const list = (await call('getEkPackages', { is_hidden: 0 })).body.response.ek_packages as Record<
          string,
          Body
        >;
        expect(list['1']).toMatchObject({ status: 'confirmed', goods: { is_active_parent: false } });
        expect(list['2']).toMatchObject({ status: 'not_purchased', goods: { is_active_parent: true } });
        expect(list['3']).toMatchObject({ goods: { is_active_parent: true } });
        expect(list['4']).toMatchObject({ goods: { is_active_parent: false } });
      });

      it('the channel package (getPackageByChannel) follows the same subscriptions', async () => {
        const { viewer, call, pay } = await setup();
        // Channel 1 «Кадр Новости» is stood for by content 5, sold by kadr (the default package).
        expect((await call('getPackageByChannel', { stream_id: 1 })).body.response).toMatchObject({
          goods: {
            package_id: KADR,
            vendor_id: 'kadr-novosti-efir',
            partner_label: null,
            is_bought: false,
            status: 'not_purchased',
          },
        });
        await pay({ profileId: viewer.profile_id, packageId: KADR });
        expect((await call('getPackageByChannel', { stream_id: 1 })).body.response).toMatchObject({
          goods: { package_id: KADR, is_bought: true, status: 'confirmed', store_name: 'web' },
        });
        // Channel 2 has no channel-type item: nothing sells it, so it is free (docs/decisions/029); its
        // vendor_id is the channel's key, never null ("no content").
        expect((await call('getPackageByChannel', { stream_id: 2 })).body.response).toMatchObject({
          goods: {
            good_type: 'free',
            is_free: true,
            is_bought: true,
            vendor_id: 'kadr-kino',
            status: 'confirmed',
          },
        });
        expect(refusal(await call('getPackageByChannel', { stream_id: 99 }))).toEqual({
          status: 404,
          code: 404,
          error: 'channel_not_found',
        });
      });

      it('an operator grant is store hand: bought, no actions, cannot be cancelled or restored here', async () => {
        const { t, viewer, call, goodsOfTitle } = await setup();
        await grantPackage(t.database.db, {
          profile: { profileId: viewer.profile_id },
          packageId: SPORT,
          until: null,
          now: t.clock.now(),
          source: 'operator',
        });
        expect(await goodsOfTitle(3)).toMatchObject({ is_bought: true, store_name: 'hand', actions: [] });
        expect(refusal(await call('unsubscribePackage', { package_id: SPORT }))).toEqual({
          status: 409,
          code: 424,
          error: 'package_store_managed',
        });
        expect(refusal(await call('restorePackage', { package_id: SPORT }))).toMatchObject({
          error: 'package_store_managed',
        });
      });
    });

    describe('unsubscribePackage and restorePackage', () => {
      it('cancels with a reason (access to the period end), refuses twice, restores, refuses restoring an active one', async () => {
        const { t, viewer, call, goodsOfTitle, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        expect(refusal(await call('unsubscribePackage', { package_id: SERIALY, reason: 'price' }))).toEqual({
          status: 409,
          code: 424,
          error: 'cancel_payment_checking',
        });
        t.clock.advance(4 * HOUR);
        const cancelled = await call('unsubscribePackage', { package_id: SERIALY, reason: 'price' });
        expect(cancelled.body).toEqual({
          code: 200,
          success: true,
          response: { package_id: SERIALY, status: 'cancelled' },
        });
        const [row] = await t.database.db.select().from(subscriptions);
        expect(row).toMatchObject({
          status: 'cancelled',
          cancelReason: 'price',
          autoRenew: false,
          endedAt: null,
        });
        expect(await goodsOfTitle(2)).toMatchObject({
          is_bought: true,
          status: 'cancelled',
          actions: ['restore_package'],
        });
        // Not a repeat of the first (that is answered, see «a repeated call» below): refused.
        t.clock.advance(REPEAT_WINDOW);
        expect(refusal(await call('unsubscribePackage', { package_id: SERIALY }))).toMatchObject({
          error: 'package_already_cancelled',
        });
        const restored = await call('restorePackage', { package_id: SERIALY });
        expect(restored.body.response).toEqual({ package_id: SERIALY, status: 'confirmed' });
        expect(await goodsOfTitle(2)).toMatchObject({ status: 'confirmed', actions: ['cancel_package'] });
        t.clock.advance(REPEAT_WINDOW);
        expect(refusal(await call('restorePackage', { package_id: SERIALY }))).toEqual({
          status: 409,
          code: 424,
          error: 'package_not_cancelled',
        });
      });

      it('refuses cancelling later than 24 h before the charge, and restoring after the period ended', async () => {
        const { t, viewer, call, goodsOfTitle, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        t.clock.advance(10 * DAY);
        expect((await call('unsubscribePackage', { package_id: SERIALY })).status).toBe(200);
        t.clock.advance(21 * DAY + HOUR); // past 2030-02-15T10:00Z
        expect(await goodsOfTitle(2)).toMatchObject({
          is_bought: false,
          status: 'not_purchased',
          actions: [],
        });
        expect(refusal(await call('restorePackage', { package_id: SERIALY }))).toEqual({
          status: 409,
          code: 424,
          error: 'restore_period_ended',
        });

        const late = await setup();
        await late.pay({ profileId: late.viewer.profile_id, packageId: KADR });
        late.t.clock.advance(31 * DAY - 23 * HOUR); // 23 h before 2030-02-15T10:00Z
        expect(refusal(await late.call('unsubscribePackage', { package_id: KADR }))).toEqual({
          status: 409,
          code: 424,
          error: 'cancel_too_late',
        });
      });

      it('refuses an unknown package, a package not held, and a not-held restore', async () => {
        const { call } = await setup();
        expect(refusal(await call('unsubscribePackage', { package_id: 99 }))).toEqual({
          status: 404,
          code: 404,
          error: 'package_not_found',
        });
        expect(refusal(await call('unsubscribePackage', { package_id: KINO }))).toEqual({
          status: 409,
          code: 424,
          error: 'package_not_subscribed',
        });
        expect(refusal(await call('restorePackage', { package_id: KINO }))).toMatchObject({
          error: 'package_not_subscribed',
        });
        expect(refusal(await call('restorePackage', { package_id: 99 }))).toMatchObject({
          error: 'package_not_found',
        });
        expect((await call('unsubscribePackage', { package_id: KINO, reason: 'boredom' })).status).toBe(400);
      });

      it('a trial: cancel_trial_package, cancelling ends it at once; the trial is not offered again', async () => {
        const { t, viewer, call, goodsOfTitle, pay } = await setup();
        expect(await goodsOfTitle(1)).toMatchObject({ is_trial: true });
        await pay({ profileId: viewer.profile_id, packageId: KINO, trial: true });
        expect(await goodsOfTitle(1)).toMatchObject({
          is_bought: true,
          is_trial: false,
          is_trial_current: true,
          ended_at: '2030-01-22T10:00:00.000Z',
          actions: ['first_hours', 'cancel_trial_package'],
        });
        expect(await t.database.db.select({ cardKey: trialUses.cardKey }).from(trialUses)).toEqual([
          { cardKey: '555555:4444:12/2031' },
        ]);
        t.clock.advance(4 * HOUR);
        const res = await call('unsubscribePackage', { package_id: KINO, reason: 'rarely_use' });
        expect(res.body.response).toEqual({ package_id: KINO, status: 'not_purchased' });
        expect(await goodsOfTitle(1)).toMatchObject({
          is_bought: false,
          is_trial: false,
          is_trial_current: false,
          status: 'not_purchased',
        });
        const list = (await call('getEkPackages', { is_hidden: 0 })).body.response.ek_packages as Record<
          string,
          Body
        >;
        expect(list['2']).toMatchObject({ goods: { payment_text: '199,00₽ в месяц' } });
        expect(refusal(await call('restorePackage', { package_id: KINO }))).toMatchObject({
          error: 'restore_period_ended',
        });
      });
    });

    describe('a repeated call (its answer lost, sent again) is answered as the first was', () => {
      /** A paid SERIALY subscription out of its first hours, and the viewer's calls. */
      async function subscribed() {
        const viewer = await setup();
        await viewer.pay({ profileId: viewer.viewer.profile_id, packageId: SERIALY });
        viewer.t.clock.advance(4 * HOUR);
        return viewer;
      }
      const rowsOf = (t: TestApi) => t.database.db.select().from(subscriptions).orderBy(subscriptions.id);
      const deletionsOf = (t: TestApi) => t.database.db.select().from(cardDeletions);

      it('unsubscribePackage: the repeat answers cancelled and changes nothing (not the time, not the reason)', async () => {
        const { t, call } = await subscribed();
        const first = await call('unsubscribePackage', { package_id: SERIALY, reason: 'price' });
        expect(first.body.response).toEqual({ package_id: SERIALY, status: 'cancelled' });
        const after = await rowsOf(t);
        t.clock.advance(60);
        const again = await call('unsubscribePackage', { package_id: SERIALY, reason: 'rarely_use' });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(await rowsOf(t)).toEqual(after);
        expect(after[0]).toMatchObject({
          cancelReason: 'price',
          cancelledAt: new Date('2030-01-15T14:00:00Z'),
        });
      });

      it('unsubscribePackage of a trial: the repeat finds the row the cancel ended and answers not_purchased', async () => {
        const { t, viewer, call, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: KINO, trial: true });
        t.clock.advance(4 * HOUR);
        const first = await call('unsubscribePackage', { package_id: KINO, reason: 'rarely_use' });
        expect(first.body.response).toEqual({ package_id: KINO, status: 'not_purchased' });
        const after = await rowsOf(t);
        t.clock.advance(60);
        const again = await call('unsubscribePackage', { package_id: KINO });
        expect(again.body).toEqual(first.body);
        expect(await rowsOf(t)).toEqual(after);
        // Another profile never bought it: refused as before, the window or not.
        const other = await t.anonymous();
        expect(refusal(await call('unsubscribePackage', { package_id: KINO }, other.access_token))).toEqual({
          status: 409,
          code: 424,
          error: 'package_not_subscribed',
        });
      });

      it('unsubscribePackage accepted just before the 24-hour limit is answered again just after it', async () => {
        const { t, viewer, call, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: KADR }); // charge 2030-02-15T10:00Z
        t.clock.advance(31 * DAY - 24 * HOUR - 60);
        const first = await call('unsubscribePackage', { package_id: KADR });
        expect(first.body.response).toEqual({ package_id: KADR, status: 'cancelled' });
        t.clock.advance(120);
        expect((await call('unsubscribePackage', { package_id: KADR })).body).toEqual(first.body);
        // A first cancel at that time is still too late.
        const late = await setup();
        await late.pay({ profileId: late.viewer.profile_id, packageId: KADR });
        late.t.clock.advance(31 * DAY - 24 * HOUR + 60);
        expect(refusal(await late.call('unsubscribePackage', { package_id: KADR }))).toMatchObject({
          error: 'cancel_too_late',
        });
      });

      it('restorePackage: the repeat answers confirmed and changes nothing; an active one is still refused', async () => {
        const { t, call } = await subscribed();
        await call('unsubscribePackage', { package_id: SERIALY });
        t.clock.advance(60);
        const first = await call('restorePackage', { package_id: SERIALY });
        expect(first.body.response).toEqual({ package_id: SERIALY, status: 'confirmed' });
        const after = await rowsOf(t);
        t.clock.advance(60);
        const again = await call('restorePackage', { package_id: SERIALY });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(await rowsOf(t)).toEqual(after);

        // Never cancelled: no restore to repeat.
        const active = await subscribed();
        expect(refusal(await active.call('restorePackage', { package_id: SERIALY }))).toEqual({
          status: 409,
          code: 424,
          error: 'package_not_cancelled',
        });
        // Another profile holds nothing to restore.
        expect(
          refusal(await call('restorePackage', { package_id: SERIALY }, (await t.anonymous()).access_token)),
        ).toMatchObject({ error: 'package_not_subscribed' });
      });

      it('deleteCard: the repeat answers ok and changes nothing; other numbers and profiles are still not found', async () => {
        const { t, call } = await subscribed();
        await call('unsubscribePackage', { package_id: SERIALY });
        t.clock.advance(32 * DAY);
        const first = await call('deleteCard', { card_number: '•••• 4444' });
        expect(first.body).toEqual({ code: 200, success: true, response: { ok: true } });
        expect(await deletionsOf(t)).toHaveLength(1);
        t.clock.advance(60);
        const again = await call('deleteCard', { card_number: '•••• 4444' });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(await deletionsOf(t)).toHaveLength(1);
        expect(refusal(await call('deleteCard', { card_number: '•••• 1111' }))).toEqual({
          status: 404,
          code: 404,
          error: 'card_not_found',
        });
        const other = await t.anonymous();
        expect(
          refusal(await call('deleteCard', { card_number: '•••• 4444' }, other.access_token)),
        ).toMatchObject({ error: 'card_not_found' });
      });

      it('two at once (the retry racing the first): one effect, both answered as the first', async () => {
        const { t, viewer, call, pay } = await subscribed();
        const [a, b] = await Promise.all([
          call('unsubscribePackage', { package_id: SERIALY, reason: 'price' }),
          call('unsubscribePackage', { package_id: SERIALY, reason: 'price' }),
        ]);
        expect([a.status, b.status]).toEqual([200, 200]);
        expect(a.body).toEqual(b.body);
        expect(await rowsOf(t)).toMatchObject([
          { status: 'cancelled', cancelReason: 'price', endedAt: null },
        ]);

        const restores = await Promise.all([
          call('restorePackage', { package_id: SERIALY }),
          call('restorePackage', { package_id: SERIALY }),
        ]);
        expect(restores.map((r) => r.body.response)).toEqual([
          { package_id: SERIALY, status: 'confirmed' },
          { package_id: SERIALY, status: 'confirmed' },
        ]);

        // A trial: the cancel ends the row; the second finds it ended.
        await pay({ profileId: viewer.profile_id, packageId: KINO, trial: true });
        t.clock.advance(4 * HOUR);
        const trials = await Promise.all([
          call('unsubscribePackage', { package_id: KINO }),
          call('unsubscribePackage', { package_id: KINO }),
        ]);
        expect(trials.map((r) => r.body.response)).toEqual([
          { package_id: KINO, status: 'not_purchased' },
          { package_id: KINO, status: 'not_purchased' },
        ]);

        await call('unsubscribePackage', { package_id: SERIALY });
        t.clock.advance(32 * DAY);
        const deletes = await Promise.all([
          call('deleteCard', { card_number: '•••• 4444' }),
          call('deleteCard', { card_number: '•••• 4444' }),
        ]);
        expect(deletes.map((r) => r.body.response)).toEqual([{ ok: true }, { ok: true }]);
        expect(await deletionsOf(t)).toHaveLength(1);
      });

      it("the web client's retry after a lost answer gets the first call's answer", async () => {
        const { t, device } = await subscribed();
        // Each call's first answer is lost after the server has acted on it: the client sees a dropped
        // connection, which it retries (SPEC §8).
        const lost = new Set<string>();
        const losing: typeof fetch = async (input, init) => {
          const answer = await fetch(input, init);
          const call = (input instanceof Request ? input.url : String(input)).split('/').pop()!;
          if (['unsubscribePackage', 'restorePackage', 'deleteCard'].includes(call) && !lost.has(call)) {
            lost.add(call);
            await answer.arrayBuffer();
            throw new TypeError('fetch failed: connection reset');
          }
          return answer;
        };
        const { client, tokens } = await anonymousClient(t.app, device, { fetch: losing });
        expect(await client.call('unsubscribePackage', { body: { package_id: SERIALY } })).toEqual({
          package_id: SERIALY,
          status: 'cancelled',
        });
        expect(await client.call('restorePackage', { body: { package_id: SERIALY } })).toEqual({
          package_id: SERIALY,
          status: 'confirmed',
        });
        await client.call('unsubscribePackage', { body: { package_id: SERIALY } });
        t.clock.advance(32 * DAY);
        tokens.setTokens(await client.call('anonymousAuth', { params: { device_uid: device } }));
        expect(await client.call('deleteCard', { body: { card_number: '•••• 4444' } })).toEqual({ ok: true });
        expect([...lost]).toEqual(['unsubscribePackage', 'restorePackage', 'deleteCard']);
      });
    });

    describe('cards and receipts', () => {
      it('lists saved cards masked with their first six digits; deletion refused while confirmed or cancelled', async () => {
        const { t, viewer, call, pay } = await setup();
        expect((await call('getCardList')).body.response).toEqual({ is_recurrent: false, cards: [] });
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        expect((await call('getCardList')).body.response).toEqual({
          is_recurrent: true,
          cards: [{ number: '•••• 4444', first: '555555' }],
        });
        const refused = await call('deleteCard', { card_number: '•••• 4444' });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
          code: 424,
          response: {
            error: 'card_in_use',
            message:
              'Платежное средство можно удалить после истечения срока подписки. Дождитесь окончания подписки и повторите действие',
          },
        });
        t.clock.advance(4 * HOUR);
        await call('unsubscribePackage', { package_id: SERIALY });
        expect(refusal(await call('deleteCard', { card_number: '•••• 4444' }))).toMatchObject({
          error: 'card_in_use',
        });
        expect((await call('getCardList')).body.response).toMatchObject({ is_recurrent: false });

        // Another profile cannot delete it, nor see it.
        const other = await t.anonymous();
        expect(refusal(await call('deleteCard', { card_number: '•••• 4444' }, other.access_token))).toEqual({
          status: 404,
          code: 404,
          error: 'card_not_found',
        });
        expect((await call('getCardList', undefined, other.access_token)).body.response).toEqual({
          is_recurrent: false,
          cards: [],
        });

        t.clock.advance(32 * DAY);
        expect((await call('deleteCard', { card_number: '•••• 4444' })).body).toEqual({
          code: 200,
          success: true,
          response: { ok: true },
        });
        expect((await call('getCardList')).body.response).toEqual({ is_recurrent: false, cards: [] });
        const [sub] = await t.database.db.select().from(subscriptions);
        expect(sub?.paymentMethodId).toBeNull();
        // Not a repeat of that deletion (that is answered, see «a repeated call» below): not found.
        t.clock.advance(REPEAT_WINDOW);
        expect(refusal(await call('deleteCard', { card_number: '•••• 4444' }))).toMatchObject({
          error: 'card_not_found',
        });
        expect(refusal(await call('deleteCard', { card_number: '4444' }))).toMatchObject({
          error: 'card_not_found',
        });
      });

      it('lists receipts newest first, in whole roubles; another profile sees none', async () => {
        const { t, viewer, call, pay } = await setup();
        expect((await call('listReceipts')).body.response).toEqual({ receipts: [] });
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        t.clock.advance(HOUR);
        await pay({
          profileId: viewer.profile_id,
          packageId: KINO,
          tariffPosition: 1,
          card: null,
          customer: { email: 'buyer@example.com' },
        });
        expect((await call('listReceipts')).body.response).toEqual({
          receipts: [
            {
              status: 'pending',
              url: null,
              registered_at: null,
              description: 'Подписка «Кино» на 12 мес.',
              price: 1990,
            },
            {
              status: 'pending',
              url: null,
              registered_at: null,
              description: 'Подписка «Сериалы» на 1 мес.',
              price: 249,
            },
          ],
        });
        const [first] = await t.database.db.select().from(receipts).where(eq(receipts.amount, 24900));
        expect(first).toMatchObject({
          items: [
            {
              description: 'Подписка «Сериалы» на 1 мес.',
              quantity: '1.00',
              amount: { value: '249.00', currency: 'RUB' },
              vat_code: 1,
              payment_subject: 'service',
              payment_mode: 'full_payment',
            },
          ],
        });
        expect(first?.customer).toEqual({});
        const [second] = await t.database.db.select().from(receipts).where(eq(receipts.amount, 199000));
        expect(second?.customer).toEqual({ email: 'buyer@example.com' });
        const other = await t.anonymous();
        expect((await call('listReceipts', undefined, other.access_token)).body.response).toEqual({
          receipts: [],
        });
      });
    });

    describe('quote (what createPayment will charge)', () => {
      it('the main tariff, with its trial as a 1 ₽ binding charge while the viewer has had none', async () => {
        const { t, viewer, pay } = await setup();
        const billing = new BillingService({
          db: t.database.db,
          clock: t.clock,
          entitlements: new Entitlements(t.database.db, t.clock),
        });
        const quote = (packageId: number) => billing.quote(viewer.profile_id, packageId);
        expect(await quote(KINO)).toMatchObject({
          packageId: KINO,
          packageName: 'Кино',
          trial: true,
          amount: 100,
          currency: 'RUB',
          description: 'Подписка «Кино»: пробный период 7 дн.',
          receiptItems: [{ amount: { value: '1.00', currency: 'RUB' }, vat_code: 1 }],
        });
        expect(await quote(SERIALY)).toMatchObject({
          trial: false,
          amount: 24900,
          description: 'Подписка «Сериалы» на 1 мес.',
        });
        await expect(quote(SPORT)).rejects.toMatchObject({ id: 'package_not_for_sale' });
        await expect(quote(5)).rejects.toMatchObject({ id: 'package_not_for_sale' });
        await expect(quote(99)).rejects.toMatchObject({ id: 'package_not_found' });
        await pay({ profileId: viewer.profile_id, packageId: KADR });
        await expect(quote(KADR)).rejects.toMatchObject({ id: 'package_already_bought' });
        // Entitled through the parent: buying the child is refused too (its button is disabled).
        await expect(quote(KINO)).rejects.toMatchObject({ id: 'package_already_bought' });
      });

      it('a card that has had a trial gets none for another profile: the period ends at once, renewal due', async () => {
        const { t, viewer, goodsOfTitle, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: KINO, trial: true });
        const other = await t.anonymous();
        await pay({
          profileId: other.profile_id,
          packageId: KINO,
          trial: true,
          card: { ...CARD, providerMethodId: 'pm-2' },
        });
        const [sub] = await t.database.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.profileId, other.profile_id));
        expect(sub).toMatchObject({
          status: 'confirmed',
          isTrial: false,
          periodEnd: t.clock.now(),
          autoRenew: true,
        });
        expect(await goodsOfTitle(1, other.access_token)).toMatchObject({
          is_bought: false,
          status: 'confirmed',
        });
        expect(await t.database.db.select({ profileId: trialUses.profileId }).from(trialUses)).toEqual([
          { profileId: viewer.profile_id },
        ]);
      });
    });

    describe('payment outcomes', () => {
      it('a registered receipt becomes a link with its date; a canceled payment keeps its reason', async () => {
        const { t, viewer, call, pay } = await setup();
        const { paymentId } = await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        await recordReceipt(t.database.db, paymentId, {
          providerReceiptId: 'rt-1',
          status: 'succeeded',
          url: 'https://receipts.example.ru/rt-1',
          registeredAt: new Date('2030-01-15T10:05:00Z'),
        });
        // A late, older notification does not set it back.
        await recordReceipt(t.database.db, paymentId, {
          providerReceiptId: 'rt-1',
          status: 'pending',
          url: null,
          registeredAt: null,
        });
        expect((await call('listReceipts')).body.response).toEqual({
          receipts: [
            {
              status: 'succeeded',
              url: 'https://receipts.example.ru/rt-1',
              registered_at: '2030-01-15T10:05:00.000Z',
              description: 'Подписка «Сериалы» на 1 мес.',
              price: 249,
            },
          ],
        });

        const [pending] = await t.database.db
          .insert(payments)
          .values({
            profileId: viewer.profile_id,
            packageId: KINO,
            kind: 'first',
            provider: 'yookassa',
            idempotenceKey: randomUUID(),
            amount: 19900,
          })
          .returning({ id: payments.id });
        const reason = { party: 'payment_network', reason: 'insufficient_funds' };
        expect(await recordPaymentCanceled(t.database.db, pending!.id, reason, t.clock.now())).toBe(true);
        expect(await recordPaymentCanceled(t.database.db, pending!.id, reason, t.clock.now())).toBe(false);
        // A succeeded payment is never canceled after the fact.
        expect(await recordPaymentCanceled(t.database.db, paymentId, reason, t.clock.now())).toBe(false);
        const rows = await t.database.db.select().from(payments).orderBy(payments.id);
        expect(rows.map((r) => [r.status, r.cancellationReason])).toEqual([
          ['succeeded', null],
          ['canceled', 'insufficient_funds'],
        ]);
      });
    });

    describe('fulfilPayment', () => {
      it('fulfils once: a second call changes nothing', async () => {
        const { t, viewer, pay } = await setup();
        const first = await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        expect(first.alreadyFulfilled).toBe(false);
        const again = await fulfilPayment(t.database.db, t.clock, { paymentId: first.paymentId, card: CARD });
        expect(again).toEqual({ subscriptionId: first.subscriptionId, alreadyFulfilled: true });
        const db = t.database.db;
        expect(await db.select({ n: sql<number>`count(*)::int` }).from(subscriptions)).toEqual([{ n: 1 }]);
        expect(await db.select({ n: sql<number>`count(*)::int` }).from(receipts)).toEqual([{ n: 1 }]);
        const [payment] = await db.select().from(payments);
        expect(payment).toMatchObject({ status: 'succeeded', subscriptionId: first.subscriptionId });
        expect(payment?.fulfilledAt).toEqual(t.clock.now());
      });

      it('a second payment for a held package extends its period; a renewal starts the next period', async () => {
        const { t, viewer, pay } = await setup();
        const first = await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        const db = t.database.db;
        const [sub] = await db.select().from(subscriptions);
        expect(sub).toMatchObject({ id: first.subscriptionId, periodEnd: new Date('2030-03-15T10:00:00Z') });

        t.clock.advance(59 * DAY);
        const [tariff] = await db.select().from(tariffs).where(eq(tariffs.packageId, SERIALY));
        const [renewal] = await db
          .insert(payments)
          .values({
            profileId: viewer.profile_id,
            packageId: SERIALY,
            tariffId: tariff!.id,
            subscriptionId: first.subscriptionId,
            paymentMethodId: sub!.paymentMethodId,
            kind: 'renewal',
            provider: 'yookassa',
            idempotenceKey: randomUUID(),
            amount: tariff!.amount,
          })
          .returning({ id: payments.id });
        await db.update(subscriptions).set({ status: 'suspended', renewalAttempts: 2 });
        await fulfilPayment(db, t.clock, { paymentId: renewal!.id, card: { ...CARD, saved: false } });
        const [renewed] = await db.select().from(subscriptions);
        expect(renewed).toMatchObject({
          status: 'confirmed',
          periodStart: new Date('2030-03-15T10:00:00Z'),
          periodEnd: new Date('2030-04-15T10:00:00Z'),
          renewalAttempts: 0,
          paymentMethodId: sub!.paymentMethodId,
        });
      });

      it('replaces a lapsed subscription with a new live one (one live row per profile and package)', async () => {
        const { t, viewer, call, goodsOfTitle, pay } = await setup();
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        t.clock.advance(4 * HOUR);
        await call('unsubscribePackage', { package_id: SERIALY });
        t.clock.advance(40 * DAY);
        await pay({ profileId: viewer.profile_id, packageId: SERIALY });
        const rows = await t.database.db.select().from(subscriptions).orderBy(subscriptions.id);
        expect(rows.map((r) => [r.status, r.endedAt === null])).toEqual([
          ['cancelled', false],
          ['confirmed', true],
        ]);
        expect(await goodsOfTitle(2)).toMatchObject({ is_bought: true, status: 'confirmed' });
      });
    });

    // PGlite runs one statement at a time: only PostgreSQL can interleave the transactions.
    if (backend.name === 'PostgreSQL') {
      describe('fulfilPayment under concurrency', () => {
        it('is exactly-once under concurrent calls (a webhook, its duplicate and checkPayment at once)', async () => {
          const { t, viewer, pay } = await setup();
          const db = t.database.db;
          const [tariff] = await db.select().from(tariffs).where(eq(tariffs.packageId, SERIALY));
          const [row] = await db
            .insert(payments)
            .values({
              profileId: viewer.profile_id,
              packageId: SERIALY,
              tariffId: tariff!.id,
              kind: 'first',
              provider: 'yookassa',
              idempotenceKey: randomUUID(),
              amount: tariff!.amount,
            })
            .returning({ id: payments.id });
          const results = await Promise.all(
            Array.from({ length: 8 }, () => fulfilPayment(db, t.clock, { paymentId: row!.id, card: CARD })),
          );
          expect(results.filter((r) => !r.alreadyFulfilled)).toHaveLength(1);
          expect(new Set(results.map((r) => r.subscriptionId)).size).toBe(1);
          expect(await db.select({ n: sql<number>`count(*)::int` }).from(subscriptions)).toEqual([{ n: 1 }]);
          expect(await db.select({ n: sql<number>`count(*)::int` }).from(receipts)).toEqual([{ n: 1 }]);

          // Two different payments of one profile for one package at once: one live row, both periods.
          const other = await t.anonymous();
          await Promise.all([
            pay({ profileId: other.profile_id, packageId: KADR }),
            pay({ profileId: other.profile_id, packageId: KADR }),
          ]);
          const live = await db
            .select()
            .from(subscriptions)
            .where(and(eq(subscriptions.profileId, other.profile_id), eq(subscriptions.packageId, KADR)));
          expect(live).toHaveLength(1);
          expect(live[0]?.periodEnd).toEqual(new Date('2030-03-15T10:00:00Z'));
        });
      });
    }
  });
}
