import {
  type CancelReason,
  type card,
  type getCardList,
  type listReceipts,
  type PackageStatus,
  TRIAL_CHARGE_ROUBLES,
} from '@kadr/api-contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { ReceiptItem } from '../../db/schema';
import { AppError } from '../../errors';
import { cardNumbers, cardsNamed } from './card-numbers';
import * as cq from './card-queries';
import { type Entitlements, standingFrom } from './entitlements';
import { paymentDescription, receiptItems } from './fulfil';
import {
  type Goods,
  type PackageSummary,
  packageGoods,
  packageSummaryOf,
  roublesOf,
  trialOffered,
} from './goods';
import { receiptsOf } from './payment-queries';
import * as q from './queries';
import { cancelRepeated, cardDeletionRepeated, REPEAT_WINDOW_MS, restoreRepeated } from './repeats';
import {
  latestSubscription,
  liveSubscription,
  liveSubscriptionsOf,
  stateOf,
  updateSubscription,
} from './subscription-queries';
import { decideCancel, decideRestore, statusOf, WEB_STORE } from './subscription-rules';

type Card = z.input<typeof card>;
type CardList = z.input<typeof getCardList.response>;
type Receipts = z.input<typeof listReceipts.response>;

/** What content goods add to a package's: the content item's label, vendor and preview flag. */
export interface ContentSubject {
  partnerLabel: string | null;
  vendorId: string | null;
  isPreview: boolean;
}

/**
 * A trial's payment in kopecks: the contract's 1 ₽ charge that binds (saves) the card the renewal will
 * charge (the screens say the same amount before paying).
 */
export const TRIAL_CHARGE = TRIAL_CHARGE_ROUBLES * 100;

/** What a purchase will be (BillingService.quote). */
export interface Quote {
  packageId: number;
  packageName: string;
  tariffId: number;
  /** The payment starts the main tariff's trial. */
  trial: boolean;
  /** Kopecks to charge. */
  amount: number;
  currency: string;
  /** The payment's and receipt's description. */
  description: string;
  /** The 54-FZ receipt items to send with the payment. */
  receiptItems: ReceiptItem[];
}

/**
 * The billing calls (SPEC §7): packages and their goods, cancellation and restore, saved cards and
 * receipts. State changes take the subscription's row lock, so a cancel and a restore (or a payment's
 * fulfilment) never interleave.
 */
export class BillingService {
  constructor(private readonly deps: { db: Db; clock: Clock; entitlements: Entitlements }) {}

  private async trials(profileId: number | null) {
    return profileId === null ? null : cq.trialHistory(this.deps.db, profileId, null);
  }

  private async requirePackage(packageId: number) {
    const pack = await q.packageById(this.deps.db, packageId);
    if (!pack) throw new AppError('package_not_found');
    return pack;
  }

  /** What a package's goods are worked out from, for a viewer. */
  private async viewOf(profileId: number | null, pack: q.PackageRow) {
    const { db, entitlements } = this.deps;
    const [tariffs, standing, trials] = await Promise.all([
      q.tariffsOf(db, [pack.id]),
      entitlements.standing(profileId, pack.id),
      this.trials(profileId),
    ]);
    return { tariffs: tariffs.get(pack.id) ?? [], standing, trials, now: this.deps.clock.now() };
  }

  /** Goods of a package for a viewer (null profile: a viewer without a session). */
  async goodsOf(profileId: number | null, pack: q.PackageRow, subject: ContentSubject): Promise<Goods> {
    const view = await this.viewOf(profileId, pack);
    return packageGoods({ pack, ...view, rules: this.deps.entitlements.rules, ...subject });
  }

  /**
   * getEkPackages: the packages list keyed by id. A hidden package is listed when asked for, or when
   * the viewer holds it (bought from its title: any status but not_purchased), so «Подписки» shows
   * every subscription the viewer has (docs/decisions/059).
   */
  async list(
    profileId: number,
    includeHidden: boolean,
  ): Promise<{ ek_packages: Record<string, PackageSummary> }> {
    const { db } = this.deps;
    const [packs, links, rows, trials] = await Promise.all([
      q.listPackages(db),
      q.allPackageChildren(db),
      liveSubscriptionsOf(db, profileId),
      this.trials(profileId),
    ]);
    const tariffs = await q.tariffsOf(
      db,
      packs.map((p) => p.id),
    );
    const now = this.deps.clock.now();
    const ek_packages: Record<string, PackageSummary> = {};
    for (const pack of packs) {
      const parents = links.filter((l) => l.childId === pack.id).map((l) => l.parentId);
      const standing = standingFrom(rows, pack.id, parents, now);
      const summary = packageSummaryOf(pack, tariffs.get(pack.id) ?? [], standing, trials, now);
      if (pack.hidden && !includeHidden && summary.status === 'not_purchased') continue;
      ek_packages[String(pack.id)] = summary;
    }
    return { ek_packages };
  }

  /** getPackageInfoById: one package (hidden ones too: a link may name them) with its full goods. */
  async info(profileId: number, packageId: number) {
    const pack = await this.requirePackage(packageId);
    const view = await this.viewOf(profileId, pack);
    const goods = packageGoods({
      pack,
      ...view,
      rules: this.deps.entitlements.rules,
      partnerLabel: null,
      vendorId: null,
      isPreview: false,
    });
    return { ...packageSummaryOf(pack, view.tariffs, view.standing, view.trials, view.now), goods };
  }

  /**
   * What buying a package costs this viewer now (createPayment builds its payment from it): the main
   * tariff, with its trial when the viewer has not had one (the card is checked at fulfilment). A
   * trial's payment is a binding charge of TRIAL_CHARGE kopecks. Refuses an unknown package, one not
   * sold here (store hand or a mobile store) and one the viewer is entitled to already (own or through
   * a parent).
   */
  async quote(profileId: number, packageId: number): Promise<Quote> {
    const pack = await this.requirePackage(packageId);
    if (pack.store !== WEB_STORE) throw new AppError('package_not_for_sale');
    const view = await this.viewOf(profileId, pack);
    if (view.standing.holding) throw new AppError('package_already_bought');
    const tariff = view.tariffs[0];
    if (!tariff) throw new AppError('package_not_for_sale');
    const trial = trialOffered(view.tariffs, view.trials);
    const amount = trial ? TRIAL_CHARGE : tariff.amount;
    const description = paymentDescription(pack.name, tariff.periodMonths, trial ? tariff.trialDays : null);
    return {
      packageId: pack.id,
      packageName: pack.name,
      tariffId: tariff.id,
      trial,
      amount,
      currency: tariff.currency,
      description,
      receiptItems: receiptItems(description, amount, tariff.currency),
    };
  }

  /**
   * unsubscribePackage: the rules' decision applied under the row lock; answers the new status. A
   * repeat of a cancel made within the window (its answer lost, repeats.ts) is answered with the
   * status now and changes nothing — not the time, not the reason.
   */
  async unsubscribe(
    profileId: number,
    packageId: number,
    reason: CancelReason | null,
  ): Promise<{ package_id: number; status: PackageStatus }> {
    await this.requirePackage(packageId);
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const row = await liveSubscription(tx, profileId, packageId, { lock: true });
      // A cancelled trial or suspension is no longer live: its repeat finds the row it ended.
      const cancelled = row ?? (await latestSubscription(tx, profileId, packageId));
      if (cancelled && cancelRepeated(cancelled, now))
        return { package_id: packageId, status: statusOf(stateOf(cancelled), now) };
      const decision = decideCancel(row ? stateOf(row) : null, now, reason, this.deps.entitlements.rules);
      if (!decision.ok) throw new AppError(decision.refusal);
      // A renewal charge is in flight (the scheduler's claim, decision 018): ending the subscription now
      // could leave that charge paid for nothing. The claim is minutes long; cancel after it.
      if (row!.renewalClaimedUntil !== null && row!.renewalClaimedUntil > now)
        throw new AppError('cancel_payment_checking');
      const change = decision.change;
      // A row always exists when the rules accept.
      const id = row!.id;
      await updateSubscription(tx, id, {
        status: change.status,
        autoRenew: change.autoRenew,
        cancelReason: change.cancelReason,
        cancelledAt: change.cancelledAt,
        endedAt: change.endedAt,
        periodEnd: change.periodEnd,
        nextRetryAt: null,
        updatedAt: now,
      });
      return { package_id: packageId, status: statusOf({ ...stateOf(row!), ...change }, now) };
    });
  }

  /**
   * restorePackage: a cancelled subscription whose period runs renews again. A repeat of a restore
   * made within the window (repeats.ts) is answered confirmed and changes nothing.
   */
  async restore(
    profileId: number,
    packageId: number,
  ): Promise<{ package_id: number; status: PackageStatus }> {
    await this.requirePackage(packageId);
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const live = await liveSubscription(tx, profileId, packageId, { lock: true });
      if (live && restoreRepeated(live, now)) return { package_id: packageId, status: 'confirmed' as const };
      // The live row, or the latest ended one: restoring an ended period is refused as such.
      const row = live ?? (await latestSubscription(tx, profileId, packageId));
      const decision = decideRestore(row ? stateOf(row) : null, now);
      if (!decision.ok) throw new AppError(decision.refusal);
      await updateSubscription(tx, row!.id, { ...decision.change, restoredAt: now, updatedAt: now });
      return { package_id: packageId, status: 'confirmed' as const };
    });
  }

  /**
   * getCardList: saved cards, masked, with their first six digits; is_recurrent while a web
   * subscription renews itself from a card.
   */
  async cards(profileId: number): Promise<CardList> {
    const { db } = this.deps;
    const [rows, subs] = await Promise.all([cq.cardsOf(db, profileId), liveSubscriptionsOf(db, profileId)]);
    const now = this.deps.clock.now();
    const numbers = cardNumbers(rows);
    const cards: Card[] = rows.map((r, i) => ({ number: numbers[i]!, first: r.first6 }));
    const is_recurrent = subs.some(
      (s) => s.autoRenew && s.paymentMethodId !== null && statusOf(stateOf(s), now) !== 'not_purchased',
    );
    return { is_recurrent, cards };
  }

  /**
   * deleteCard: refused while a web subscription is confirmed or cancelled (SPEC §4, §5: its period
   * may still be charged or refunded against the card); a card of another profile is not found. A
   * repeat of a deletion made within the window (repeats.ts) succeeds and changes nothing.
   */
  async deleteCard(profileId: number, cardNumber: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      // Locked: a parallel repeat waits here, then finds the card gone and this call's deletion.
      const cards = await cq.cardsForUpdate(tx, profileId);
      const named = cardsNamed(cards, cardNumber);
      if (named.length === 0) {
        const deletions = await cq.cardDeletionsOf(tx, profileId);
        if (cardDeletionRepeated(cards, deletions, cardNumber, now)) return;
        throw new AppError('card_not_found');
      }
      const subs = await liveSubscriptionsOf(tx, profileId);
      const busy = subs.some((s) => {
        const status = statusOf(stateOf(s), now);
        return s.storeName === WEB_STORE && (status === 'confirmed' || status === 'cancelled');
      });
      if (busy) throw new AppError('card_in_use');
      await cq.deleteCardsById(
        tx,
        named.map((c) => c.id),
      );
      await cq.recordCardDeletion(
        tx,
        { profileId, cardNumber, deletedAt: now },
        new Date(now.getTime() - REPEAT_WINDOW_MS),
      );
    });
  }

  /** listReceipts: newest first; amounts in whole roubles. */
  async receipts(profileId: number): Promise<Receipts> {
    const rows = await receiptsOf(this.deps.db, profileId);
    return {
      receipts: rows.map((r) => ({
        status: r.status,
        url: r.url,
        registered_at: r.registeredAt ? r.registeredAt.toISOString() : null,
        description: r.description,
        price: roublesOf(r.amount),
      })),
    };
  }
}
