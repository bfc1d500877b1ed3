import type { Db } from '../../db/client';
import type { Goods } from './goods';
import { packageOfTitle } from './queries';
import type { BillingService } from './service';

/** Goods as the contract answers them (SPEC §3). */
export type { Goods };

/** What goods are worked out from. */
export interface GoodsSubject {
  contentId: number;
  /** Never null here: a content item without vendor answers code 900 before goods are asked for. */
  vendorId: string;
  isPreview: boolean;
  partnerLabel: string | null;
}

/** Works out a viewer's goods for a content item. */
export type GoodsResolver = (subject: GoodsSubject, profileId: number | null) => Promise<Goods>;

const DEFAULT_PAY_TEXT = 'Оформить подписку';

/**
 * Goods without a database: one package, not bought — CatalogueService's default when no resolver is
 * injected (unit tests). The contract's package_id is a positive id, so it names package 1.
 */
export const placeholderGoods: GoodsResolver = async (subject) => ({
  good_type: 'package',
  package_id: 1,
  package_name: 'Подписка Кадр',
  partner_label: subject.partnerLabel,
  vendor_id: subject.vendorId,
  is_free: false,
  is_bought: false,
  is_preview: subject.isPreview,
  is_trial: false,
  is_trial_current: false,
  is_active_parent: false,
  store_name: null,
  ended_at: null,
  cost: 0,
  status: 'not_purchased',
  actions: [],
  tariffs: [{ pay_text: DEFAULT_PAY_TEXT, pay_info: null, texts: [] }],
});

/**
 * Goods of something no package sells: free, bought by everyone (decision 005). package_id is the
 * contract's required positive id and names no real package (1). A channel no title stands for is sold
 * this way (docs/decisions/029), its vendor_id the channel's key.
 */
export async function freeGoods(subject: GoodsSubject, profileId: number | null): Promise<Goods> {
  return {
    ...(await placeholderGoods(subject, profileId)),
    good_type: 'free',
    is_free: true,
    is_bought: true,
    status: 'confirmed',
  };
}

/**
 * Goods from the viewer's subscriptions (docs/decisions/015, modules/billing): the title's package
 * with its status, actions, trial and tariffs; bought when the viewer's subscription to it, or to a
 * parent of it, entitles now. A title no package sells is free: good_type 'free', bought by everyone;
 * its package_id is the contract's required positive id and names no real package (1).
 */
export function packageGoods(db: Db, billing: BillingService): GoodsResolver {
  return async (subject, profileId) => {
    const pack = await packageOfTitle(db, subject.contentId);
    if (!pack) return freeGoods(subject, profileId);
    return billing.goodsOf(profileId, pack, {
      partnerLabel: subject.partnerLabel,
      vendorId: subject.vendorId,
      isPreview: subject.isPreview,
    });
  };
}
