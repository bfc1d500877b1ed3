import type { goods } from '@kadr/api-contract';
import type { z } from 'zod';

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

/** Works out a viewer's goods for a content item; the billing module supplies the real one. */
export type GoodsResolver = (subject: GoodsSubject, profileId: number | null) => Promise<Goods>;

/**
 * Until packages exist: one package, not bought. The contract's package_id is a positive id, so the
 * placeholder names package 1 (null or 0 would not validate); the billing module replaces this resolver.
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
  tariffs: [{ pay_text: 'Оформить подписку', pay_info: null, texts: [] }],
});
