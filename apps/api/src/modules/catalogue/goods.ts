import type { goods } from '@kadr/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Entitlements } from '../billing/entitlements';
import { packageOfTitle } from '../playback/queries';

/** Goods as the contract answers them (SPEC §3). */
export type Goods = z.input<typeof goods>;

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
 * Goods from the packages a profile holds (docs/decisions/005): the title's package, bought when the
 * profile holds it now (store_name 'hand' for operator grants, as SPEC §4 names hand-made ones). A
 * title no package sells is free: good_type 'free', bought by everyone; its package_id is the
 * contract's required positive id and names no real package (1).
 */
export function packageGoods(db: Db, entitlements: Entitlements): GoodsResolver {
  return async (subject, profileId) => {
    const pack = await packageOfTitle(db, subject.contentId);
    const base = await placeholderGoods(subject, profileId);
    if (!pack) return { ...base, good_type: 'free', is_free: true, is_bought: true, status: 'confirmed' };
    const holding = await entitlements.holding(profileId, pack.id);
    return {
      ...base,
      package_id: pack.id,
      package_name: pack.name,
      cost: pack.cost,
      tariffs: [{ pay_text: pack.payText, pay_info: null, texts: [] }],
      ...(holding
        ? {
            is_bought: true,
            status: 'confirmed' as const,
            store_name: holding.storeName,
            ended_at: holding.validUntil ? holding.validUntil.toISOString() : null,
          }
        : {}),
    };
  };
}
