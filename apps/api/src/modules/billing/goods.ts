import type { goods, packageSummary } from '@kadr/api-contract';
import type { z } from 'zod';
import type { PackageStanding } from './entitlements';
import type { PackageRow, TariffRow } from './queries';
import { stateOf } from './subscription-queries';
import {
  actionsOf,
  inTrial,
  type RuleSettings,
  statusOf,
  type TrialHistory,
  trialEligible,
  WEB_STORE,
} from './subscription-rules';

/** Goods as the contract answers them (SPEC §3). */
export type Goods = z.input<typeof goods>;
/** A package of the list as the contract answers it. */
export type PackageSummary = z.input<typeof packageSummary>;

/** Whole roubles of an amount in kopecks (tariffs are whole roubles; the contract shows roubles). */
export const roublesOf = (kopecks: number) => Math.floor(kopecks / 100);

const plural = (n: number, one: string, few: string, many: string) => {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
};

/** `399,00₽` (SPEC §9: whole roubles followed by ',00₽'). */
export const priceText = (kopecks: number) => `${roublesOf(kopecks)},00₽`;

/** The period of a tariff in words: «в месяц», «в год», «за 3 месяца». */
function perPeriod(months: number): string {
  if (months === 1) return 'в месяц';
  if (months === 12) return 'в год';
  return `за ${months} ${plural(months, 'месяц', 'месяца', 'месяцев')}`;
}

/**
 * The list card's price line (goods.payment_text): «399,00₽ в месяц», or with a trial the viewer may
 * still take «7 дней бесплатно, затем 199,00₽ в месяц».
 */
export function paymentText(tariff: TariffRow | undefined, trialOffered: boolean): string {
  if (!tariff) return '';
  const price = `${priceText(tariff.amount)} ${perPeriod(tariff.periodMonths)}`;
  if (!trialOffered) return price;
  const days = tariff.trialDays;
  return `${days} ${plural(days, 'день', 'дня', 'дней')} бесплатно, затем ${price}`;
}

/** What goods of a package are worked out from. */
export interface PackageGoodsInput {
  pack: PackageRow;
  tariffs: readonly TariffRow[];
  standing: PackageStanding;
  /** Trials the viewer (null: no profile) has taken. */
  trials: TrialHistory | null;
  now: Date;
  rules: RuleSettings;
  /** The content item's partner label and vendor (content goods); null for a package's own goods. */
  partnerLabel: string | null;
  vendorId: string | null;
  isPreview: boolean;
}

/** Whether the viewer would get the main tariff's trial if they bought now. */
export function trialOffered(tariffs: readonly TariffRow[], trials: TrialHistory | null): boolean {
  const main = tariffs[0];
  return (
    main !== undefined &&
    trialEligible(main.trialDays, trials ?? { profileUsedTrial: false, cardUsedTrial: false })
  );
}

/**
 * Goods of a package for a viewer (docs/decisions/015):
 * - is_bought: the package's own subscription or an active parent's entitles now;
 * - status and actions: of the viewer's own subscription (the rules module); is_active_parent when a
 *   parent subscription unlocks it (the main button is disabled then, SPEC §4);
 * - store_name: the own subscription's store, else the package's when it is not sold here ('hand', a
 *   mobile store: the button is disabled or leads to the store's notice), else null;
 * - ended_at: end of the period that entitles (or of the own subscription's period);
 * - is_trial: the viewer would get the main tariff's trial; is_trial_current: the own subscription is
 *   in its trial now;
 * - cost: the main tariff's price in whole roubles; tariffs: every tariff's texts in order.
 */
export function packageGoods(input: PackageGoodsInput): Goods {
  const { pack, tariffs, standing, now, rules } = input;
  const own = standing.own ? stateOf(standing.own) : null;
  const endsAt = standing.holding?.validUntil ?? standing.own?.periodEnd ?? null;
  return {
    good_type: 'package',
    package_id: pack.id,
    package_name: pack.name,
    partner_label: input.partnerLabel,
    vendor_id: input.vendorId,
    is_free: false,
    is_bought: standing.holding !== null,
    is_preview: input.isPreview,
    is_trial: own === null && trialOffered(tariffs, input.trials),
    is_trial_current: inTrial(own, now),
    is_active_parent: standing.activeParent !== null,
    store_name: standing.own?.storeName ?? (pack.store !== WEB_STORE ? pack.store : null),
    ended_at: endsAt ? endsAt.toISOString() : null,
    cost: roublesOf(tariffs[0]?.amount ?? pack.cost * 100),
    status: statusOf(own, now),
    actions: actionsOf(own, now, rules),
    tariffs:
      tariffs.length > 0
        ? tariffs.map((t) => ({ pay_text: t.payText, pay_info: t.payInfo, texts: t.texts }))
        : [{ pay_text: pack.payText, pay_info: null, texts: [] }],
  };
}

/** A package of the list (getEkPackages) for a viewer. */
export function packageSummaryOf(
  pack: PackageRow,
  tariffs: readonly TariffRow[],
  standing: PackageStanding,
  trials: TrialHistory | null,
  now: Date,
): PackageSummary {
  return {
    package_id: pack.id,
    package_name: pack.name,
    package_icon: pack.iconUrl,
    short_offer: pack.shortOffer,
    wide_poster_url: pack.widePosterUrl,
    status: statusOf(standing.own ? stateOf(standing.own) : null, now),
    is_parent: pack.isParent ? 1 : 0,
    position: pack.position,
    goods: {
      is_active_parent: standing.activeParent !== null,
      payment_text: paymentText(tariffs[0], standing.own === null && trialOffered(tariffs, trials)),
    },
  };
}
