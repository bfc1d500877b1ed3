// Test and story support: billing data typed by the contract and a stateful fake of the billing calls.
import type { CallId } from '@kadr/api-contract';
import { TRIAL_CHARGE_ROUBLES } from '@kadr/api-contract/routes';
import { art } from '@kadr/ui-kit/testing';
import type { Goods } from '../shared/catalogue-types';
import type { CardList, PackageInfo, PackageSummary, Receipt } from '../shared/data/billing';
import { FAKE_PROGRAMME_MS, fakeChannel, goods } from './catalogue-fixtures';
import { apiError, type FakeHandler } from './fake-services';

/**
 * The main tariff of a package. Its texts are the catalogue's and do not change with the viewer's status
 * (as the api answers them): a bought package still has the pay_text it is sold with.
 */
export function tariffOf(cost = 299): Goods['tariffs'][number] {
  return {
    pay_text: `Подключить за ${cost} ₽ в месяц`,
    pay_info: 'Подписка продлевается автоматически каждый месяц',
    texts: ['Фильмы и сериалы без рекламы', 'Смотрите на пяти устройствах', 'Отмена в любой момент'],
  };
}

/** A package with its goods; `overrides.goods` is merged into the default goods. */
export function packageInfo(
  id: number,
  name: string,
  overrides: Partial<Omit<PackageInfo, 'goods'>> & { goods?: Partial<Goods> } = {},
): PackageInfo {
  const { goods: goodsOverrides, ...rest } = overrides;
  const status = goodsOverrides?.status ?? rest.status ?? 'not_purchased';
  return {
    package_id: id,
    package_name: name,
    package_icon: null,
    short_offer: `${name}: фильмы и сериалы без рекламы`,
    wide_poster_url: art('wide', name),
    is_parent: 0,
    position: id,
    status,
    ...rest,
    goods: goods({
      package_id: id,
      package_name: name,
      is_preview: false,
      status,
      cost: 299,
      tariffs: [tariffOf(goodsOverrides?.cost ?? 299)],
      ...goodsOverrides,
    }),
  };
}

/** The list entry of a package. */
export function summaryOf(info: PackageInfo): PackageSummary {
  return {
    package_id: info.package_id,
    package_name: info.package_name,
    package_icon: info.package_icon,
    short_offer: info.short_offer,
    wide_poster_url: info.wide_poster_url,
    status: info.status,
    is_parent: info.is_parent,
    position: info.position,
    goods: {
      is_active_parent: info.goods.is_active_parent,
      // As the api words it (SPEC §9 price format).
      payment_text: `${info.goods.cost},00₽ в месяц`,
    },
  };
}

/** The end of the sample packages' paid periods. */
export const END = '2026-12-26T09:00:00+03:00';

/** `days` days from now and an hour less (a trial's end that many days ahead, counted as the page counts). */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 - 3_600_000).toISOString();
}

/**
 * The sample packages: two parents (one bought), and individual packages in every state — one unlocked
 * by the bought parent, one in its trial (5 days left), one in its first hours, a cancelled one, a
 * suspended one, one bought in a mobile store, one granted by hand.
 */
export function samplePackages(): PackageInfo[] {
  return [
    packageInfo(1, 'Кадр Всё включено', { is_parent: 1, goods: { cost: 799 } }),
    packageInfo(2, 'Кадр Семья', {
      is_parent: 1,
      goods: {
        status: 'confirmed',
        is_bought: true,
        store_name: 'web',
        ended_at: END,
        actions: ['cancel_package'],
      },
    }),
    packageInfo(3, 'Кадр Премиум'),
    // As the api answers a package a bought parent unlocks: its own status stays not_purchased.
    packageInfo(4, 'Детский', {
      goods: { is_bought: true, is_active_parent: true, ended_at: END },
    }),
    packageInfo(5, 'Кино ТВ', {
      goods: {
        status: 'confirmed',
        is_bought: true,
        is_trial_current: true,
        store_name: 'web',
        cost: 199,
        ended_at: daysAhead(5),
        actions: ['cancel_trial_package'],
      },
    }),
    packageInfo(6, 'Сериалы', {
      goods: {
        status: 'confirmed',
        is_bought: true,
        store_name: 'web',
        ended_at: END,
        actions: ['first_hours'],
      },
    }),
    packageInfo(7, 'Спорт', {
      goods: {
        status: 'cancelled',
        is_bought: true,
        store_name: 'web',
        ended_at: END,
        actions: ['restore_package'],
      },
    }),
    packageInfo(8, 'Матч Премьер', {
      goods: { status: 'suspended', store_name: 'web', ended_at: END, actions: ['cancel_package'] },
    }),
    packageInfo(9, 'Музыка', {
      goods: {
        status: 'confirmed',
        is_bought: true,
        store_name: 'apple',
        ended_at: END,
        actions: ['cancel_package'],
      },
    }),
    packageInfo(10, 'Оператор', {
      goods: { status: 'confirmed', is_bought: true, store_name: 'hand', ended_at: END },
    }),
  ];
}

/** A package whose trial the viewer would get: its payment is the card check (TRIAL_CHARGE_ROUBLES). */
export function trialOffer(id = 12, name = 'Кино'): PackageInfo {
  return packageInfo(id, name, {
    goods: {
      is_trial: true,
      cost: 199,
      tariffs: [{ ...tariffOf(199), pay_text: 'Попробовать 7 дней бесплатно' }],
    },
  });
}

/** The package holding a fake channel (getPackageByChannel): «Кино ТВ» (2) its own (5), the others «Кадр Премиум» (3). */
export function channelPackageId(channelId: number): number {
  return channelId === 2 ? 5 : 3;
}

/**
 * The packages of the fake channels, none bought: what the default fake api sells (with
 * `samplePackages()` «Кино ТВ» is bought, «Кадр Премиум» is not).
 */
export function tvPackages(): PackageInfo[] {
  return [packageInfo(3, 'Кадр Премиум'), packageInfo(5, 'Кино ТВ')];
}

/** Seconds a fake channel stream's grant lasts (getReleaseChannel's expires_in). */
export const CHANNEL_GRANT_SECONDS = 600;

/** Sample saved cards. */
export function sampleCards(): CardList {
  return { is_recurrent: true, cards: [{ number: '•••• 4242', first: '424242' }, { number: '•••• 0005' }] };
}

/** Sample receipts: a succeeded one, a pending one, a cancelled one. */
export function sampleReceipts(): Receipt[] {
  return [
    {
      status: 'succeeded',
      url: 'https://receipts.kadr.example/r/1',
      registered_at: '2026-11-26T10:15:00+03:00',
      description: 'Подписка «Кадр Премиум», 1 месяц',
      price: 299,
    },
    {
      status: 'pending',
      url: null,
      registered_at: null,
      description: 'Подписка «Кино ТВ», 1 месяц',
      price: 199,
    },
    {
      status: 'canceled',
      url: null,
      registered_at: null,
      description: 'Подписка «Спорт», 1 месяц',
      price: 399,
    },
  ];
}

/** Options of {@link billingHandlers}. */
export interface BillingFakeOptions {
  packages?: PackageInfo[];
  cards?: CardList;
  receipts?: Receipt[];
  /** The statuses checkPayment answers, one a call (the last repeats); default confirmed at once. */
  paymentStatuses?: ('pending' | 'confirmed' | 'failed')[];
  /**
   * Ids of hidden packages: like the api, the list (is_hidden 0) leaves them out unless the viewer holds
   * them (any status but not_purchased).
   */
  hidden?: readonly number[];
  /** retries and delay of checkPayment. */
  retries?: number;
  delay?: number;
}

/**
 * Handlers of the billing calls over in-memory state: unsubscribe moves a package to cancelled (a trial
 * to not_purchased), restore back to confirmed, a confirmed payment buys the package, deleteCard is
 * refused while a package is confirmed or cancelled (SPEC §4), unknown packages answer 404. A repeat of
 * a cancel, restore or deletion whose effect is in place is answered as the first was, like the api's
 * (docs/decisions/018-payment-flow.md, «Repeated calls»; the fake has no clock, so no window).
 */
export function billingHandlers(options: BillingFakeOptions = {}): Partial<Record<CallId, FakeHandler>> {
  const packages = new Map((options.packages ?? samplePackages()).map((p) => [p.package_id, p]));
  let cards = options.cards ?? { is_recurrent: false, cards: [] };
  const receipts = options.receipts ?? [];
  const statuses = options.paymentStatuses ?? ['confirmed'];
  let checks = 0;
  let paying: number | null = null;
  /** The last of unsubscribe/restore that changed each package: its repeat answers the same. */
  const lastChange = new Map<number, 'unsubscribe' | 'restore'>();
  const deletedCards = new Set<string>();
  const find = (input: unknown) => {
    const id = (input as { body: { package_id: number } }).body.package_id;
    const found = packages.get(id);
    if (!found) throw apiError(404, 'package_not_found');
    return found;
  };
  const hidden = new Set(options.hidden ?? []);
  const setStatus = (info: PackageInfo, status: PackageInfo['status'], bought: boolean) => {
    const held = status !== 'not_purchased';
    const next: PackageInfo = {
      ...info,
      status,
      goods: {
        ...info.goods,
        status,
        is_bought: bought,
        // A payment, a cancel or a restore: the trial is taken or over; a paid web period runs to END.
        is_trial: false,
        is_trial_current: false,
        store_name: held ? 'web' : null,
        ended_at: held ? END : null,
        actions: !held ? [] : status === 'cancelled' ? ['restore_package'] : ['cancel_package'],
      },
    };
    packages.set(info.package_id, next);
    return { package_id: info.package_id, status };
  };
  return {
    getEkPackages: (input) => {
      const all = (input as { body?: { is_hidden?: 0 | 1 } } | undefined)?.body?.is_hidden === 1;
      return {
        ek_packages: Object.fromEntries(
          [...packages.values()]
            .filter((p) => all || !hidden.has(p.package_id) || p.status !== 'not_purchased')
            .map((p) => [String(p.package_id), summaryOf(p)]),
        ),
      };
    },
    getPackageInfoById: (input) => find(input),
    unsubscribePackage: (input) => {
      const info = find(input);
      if (info.status === 'cancelled' || info.status === 'not_purchased') {
        if (lastChange.get(info.package_id) === 'unsubscribe')
          return { package_id: info.package_id, status: info.status };
        throw apiError(424, 'not_active');
      }
      lastChange.set(info.package_id, 'unsubscribe');
      return info.goods.actions[0] === 'cancel_trial_package'
        ? setStatus(info, 'not_purchased', false)
        : setStatus(info, 'cancelled', true);
    },
    restorePackage: (input) => {
      const info = find(input);
      if (info.status !== 'cancelled') {
        if (info.status === 'confirmed' && lastChange.get(info.package_id) === 'restore')
          return { package_id: info.package_id, status: info.status };
        throw apiError(424, 'not_cancelled');
      }
      lastChange.set(info.package_id, 'restore');
      return setStatus(info, 'confirmed', true);
    },
    createPayment: (input) => {
      const info = find(input);
      paying = info.package_id;
      return {
        token: 'ct-test-token',
        title: info.package_name,
        // A trial's payment is the card check (docs/decisions/015).
        price: info.goods.is_trial ? TRIAL_CHARGE_ROUBLES : info.goods.cost,
        payment_id: 'pay_1',
        package_id: info.package_id,
        type: 'widget_yookassa',
      };
    },
    checkPayment: () => {
      const status = statuses[Math.min(checks, statuses.length - 1)] ?? 'confirmed';
      checks += 1;
      if (status === 'confirmed' && paying !== null) {
        const info = packages.get(paying);
        if (info) setStatus(info, 'confirmed', true);
      }
      return { status, retries: options.retries ?? 3, delay: options.delay ?? 1000 };
    },
    getCardList: () => cards,
    deleteCard: (input) => {
      const number = (input as { body: { card_number: string } }).body.card_number;
      if (deletedCards.has(number)) return { ok: true };
      const held = [...packages.values()].some((p) => p.status === 'confirmed' || p.status === 'cancelled');
      if (held) throw apiError(424, 'card_in_use');
      cards = { ...cards, cards: cards.cards.filter((card) => card.number !== number) };
      deletedCards.add(number);
      return { ok: true };
    },
    listReceipts: () => ({ receipts }),
    // The channel calls read the same packages: a payment for a channel's package buys the channel.
    getPackageByChannel: (input) => {
      const channelId = (input as { body: { stream_id: number } }).body.stream_id;
      if (!fakeChannel(channelId)) throw apiError(404, 'channel_not_found');
      const info = packages.get(channelPackageId(channelId));
      if (!info) throw apiError(404, 'package_not_found');
      return { goods: info.goods };
    },
    // As the api: the live stream, or with archive_start a programme of the archive from its start
    // (refused for a start whose programme has not ended or left the archive); a viewer without the
    // package gets the live preview (60 s).
    getReleaseChannel: (input) => {
      const body = (input as { body: { stream_id: number; archive_start?: string } }).body;
      const channel = fakeChannel(body.stream_id);
      if (!channel) throw apiError(404, 'channel_not_found');
      const bought = packages.get(channelPackageId(channel.id))?.goods.is_bought ?? false;
      let path = `live/${channel.id}`;
      if (body.archive_start !== undefined) {
        const start = Date.parse(body.archive_start);
        const ago = Date.now() - (start + FAKE_PROGRAMME_MS);
        if (!(ago > 0 && ago < channel.archiveDays * 86_400_000)) throw apiError(404, 'archive_unavailable');
        path = `archive/${channel.id}/${start}`;
      }
      return {
        stream: { stream_url: `https://kadr.test/media/${path}/master.m3u8` },
        drm: null,
        preview_timer: bought ? null : 60,
        expires_in: CHANNEL_GRANT_SECONDS,
      };
    },
  };
}
