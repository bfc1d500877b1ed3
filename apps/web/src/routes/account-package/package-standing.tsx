import { badgeOf, PackageBadge, type PackageBadgeView } from '../../features/package-status/package-badge';
import type { Goods } from '../../shared/catalogue-types';
import { packageMessages as m } from './messages';
import { disabledReason, isStoreManaged } from './package-flow';
import styles from './package-standing.module.css';

const DAY_MS = 86_400_000;

/** What the standing is worked out from: the package's goods (getPackageInfoById). */
export type StandingGoods = Pick<
  Goods,
  'status' | 'is_active_parent' | 'is_trial_current' | 'store_name' | 'ended_at' | 'cost'
>;

/** One fact of the standing: «Оплачено до» — «26 декабря 2026». */
export interface StandingFact {
  term: string;
  detail: string;
}

/** Where the viewer stands with a package: the badge, the dates and amounts, and a sentence when needed. */
export interface Standing {
  /** Null for a package the viewer can neither hold nor buy here (an operator's, a store's). */
  badge: PackageBadgeView | null;
  facts: StandingFact[];
  note: string | null;
}

/** Whole days left until `iso` (a part of a day counts as a day, at least 1). */
export function daysLeft(iso: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now) / DAY_MS));
}

/**
 * Where the viewer stands (docs/decisions/059), the badge as the list shows it (features/package-status):
 * - not bought: the price a month, when it can be bought here;
 * - held through a bought parent: «Входит в вашу подписку», valid until the parent's end;
 * - a web subscription: confirmed — paid until and the next charge (date and amount), in its trial the
 *   days left and the first charge; cancelled — valid until, renewal off; suspended — the failed charge;
 * - an operator's grant or a store's subscription: valid until (renewed in the store).
 */
export function standingOf(goods: StandingGoods, now: number): Standing {
  const badge = badgeOf({
    status: goods.status,
    isActiveParent: goods.is_active_parent,
    offer: m.perMonth(goods.cost),
  });
  const end = goods.ended_at;
  const until = (term: string) => (end ? [{ term, detail: m.date(end) }] : []);
  const none = { facts: [], note: null };
  if (goods.is_active_parent) return { badge, ...none, facts: until(m.validUntil) };
  if (goods.status === 'not_purchased')
    return { badge: disabledReason(goods) === null ? badge : null, ...none };
  if (goods.store_name === 'hand') return { badge, ...none, facts: until(m.validUntil) };
  if (isStoreManaged(goods.store_name))
    return {
      badge,
      facts: [...until(m.validUntil), { term: m.renewal, detail: m.renewalInStore }],
      note: null,
    };
  if (goods.status === 'suspended')
    return { badge, facts: until(m.paidUntil), note: m.renewalFailed(goods.cost) };
  if (goods.status === 'cancelled')
    return { badge, facts: [...until(m.validUntil), { term: m.renewal, detail: m.renewalOff }], note: null };
  if (!end) return { badge, ...none };
  if (goods.is_trial_current)
    return {
      badge,
      facts: [
        { term: m.trial, detail: m.daysLeft(daysLeft(end, now)) },
        { term: m.firstCharge, detail: m.charge(end, goods.cost) },
      ],
      note: null,
    };
  return {
    badge,
    facts: [
      { term: m.paidUntil, detail: m.date(end) },
      { term: m.nextCharge, detail: m.charge(end, goods.cost) },
    ],
    note: null,
  };
}

/** Props of {@link PackageStanding}. */
export interface PackageStandingProps {
  standing: Standing;
}

/** The standing under the package's offer: the badge, a list of terms and details, a sentence. */
export function PackageStanding({ standing }: PackageStandingProps) {
  const { badge, facts, note } = standing;
  if (!badge && facts.length === 0 && !note) return null;
  return (
    <div className={styles.standing}>
      {badge && <PackageBadge badge={badge} />}
      {facts.length > 0 && (
        <dl className={styles.facts}>
          {facts.map((fact) => (
            <div key={fact.term} className={styles.fact}>
              <dt>{fact.term}</dt>
              <dd>{fact.detail}</dd>
            </div>
          ))}
        </dl>
      )}
      {note && <p className={styles.note}>{note}</p>}
    </div>
  );
}
