import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { dateTime, deviceUid, emptyBody, id, okResponse, roubles, url } from './common.js';

/** Package (subscription) statuses (SPEC §3). */
export const PACKAGE_STATUSES = ['not_purchased', 'confirmed', 'suspended', 'cancelled'] as const;
/** One package status. */
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/**
 * Package actions (SPEC §3 goods.actions; the first drives the cancel flow, SPEC §4). The SPEC names
 * `first_hours` and `cancel_trial_package`; `cancel_package` (the ordinary flow) and `restore_package`
 * are ours.
 */
export const PACKAGE_ACTIONS = [
  'first_hours',
  'cancel_trial_package',
  'cancel_package',
  'restore_package',
] as const;
/** One package action. */
export type PackageAction = (typeof PACKAGE_ACTIONS)[number];

/** A tariff of a package: the texts of the main button, the info line and the description bullets. */
export const tariff = z.object({
  /** Text of the main package button and of the paywall (SPEC §2, §4). */
  pay_text: z.string(),
  /** Line shown when the status is cancelled, confirmed or suspended; null when there is none. */
  pay_info: z.string().nullable(),
  /** Description bullets (payment screen). */
  texts: z.array(z.string()),
});

/**
 * Goods: what a viewer may buy for a content item, a channel or a package (SPEC §3). `vendor_id` is
 * null when the content has no vendor: the web treats it as missing content (SPEC §5).
 */
export const goods = z.object({
  /** Kind of goods: `package` (sold in a package) or `free`. The SPEC names the field only. */
  good_type: z.enum(['package', 'free']),
  package_id: id,
  package_name: z.string(),
  /** Partner label shown on the content card; null when none. */
  partner_label: z.string().nullable(),
  /** The content owner's id at the vendor; null means no content (SPEC §5 'vendor_id отсутствует'). */
  vendor_id: z.string().nullable(),
  is_free: z.boolean(),
  is_bought: z.boolean(),
  is_preview: z.boolean(),
  is_trial: z.boolean(),
  is_trial_current: z.boolean(),
  is_active_parent: z.boolean(),
  /** Where the subscription was bought (`web`, a mobile store, or `hand`); null when not bought. */
  store_name: z.string().nullable(),
  /** End of the paid period; null when not bought. */
  ended_at: dateTime.nullable(),
  /** Price per month in whole roubles. */
  cost: roubles,
  status: z.enum(PACKAGE_STATUSES),
  actions: z.array(z.enum(PACKAGE_ACTIONS)),
  tariffs: z.array(tariff),
});

/** A package of the subscription list (SPEC §3 Package). */
export const packageSummary = z.object({
  package_id: id,
  package_name: z.string(),
  package_icon: url.nullable(),
  short_offer: z.string(),
  wide_poster_url: url.nullable(),
  status: z.enum(PACKAGE_STATUSES),
  /** 1 for a parent package (a bundle), 0 for an individual one. */
  is_parent: z.union([z.literal(0), z.literal(1)]),
  /**
   * Place in the list, ascending (ours): `ek_packages` is keyed by id, and a JSON object's numeric
   * keys come back in numeric order whatever order they were sent in.
   */
  position: z.number().int().nonnegative(),
  goods: z.object({
    is_active_parent: z.boolean(),
    /** Price line of the list card. */
    payment_text: z.string(),
  }),
});

/** A package with its full goods (package detail and payment screens). */
export const packageInfo = packageSummary.extend({ goods });

/** POST /v1/agregator/getEkPackages: the subscription list as a map keyed by package id. */
export const getEkPackages = defineCall({
  ...route('getEkPackages'),
  summary: 'Subscription packages',
  tag: 'billing',
  body: z.object({
    /**
     * 0 (the web's value) lists the visible packages and the hidden ones the viewer holds (bought from
     * a title: confirmed, suspended or cancelled; Kadr's, docs/decisions/059); 1 lists every package.
     */
    is_hidden: z.union([z.literal(0), z.literal(1)]).default(0),
  }),
  response: z.object({ ek_packages: z.record(z.string().regex(/^\d+$/), packageSummary) }),
});

/** POST /v1/agregator/getPackageInfoById: one package with goods and tariffs. */
export const getPackageInfoById = defineCall({
  ...route('getPackageInfoById'),
  summary: 'One package with goods and tariffs',
  tag: 'billing',
  body: z.object({ package_id: id }),
  response: packageInfo,
});

/** Cancel reasons of the 'Дайте нам всё исправить!' page (SPEC §2); the names are ours. */
export const CANCEL_REASONS = ['rarely_use', 'technical_problems', 'price'] as const;
/** One cancel reason. */
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Answer of unsubscribe and restore: the package's new status. */
export const packageStatusResponse = z.object({ package_id: id, status: z.enum(PACKAGE_STATUSES) });

/** POST /v1/agregator/unsubscribePackage: cancels auto-renewal (or the trial). */
export const unsubscribePackage = defineCall({
  ...route('unsubscribePackage'),
  summary: 'Cancel a subscription',
  tag: 'billing',
  body: z.object({
    package_id: id,
    /** The reason chosen on the reasons page; optional because the SPEC's payload is package_id only. */
    reason: z.enum(CANCEL_REASONS).optional(),
  }),
  response: packageStatusResponse,
});

/** POST /v1/agregator/restorePackage: restores a cancelled subscription. */
export const restorePackage = defineCall({
  ...route('restorePackage'),
  summary: 'Restore a cancelled subscription',
  tag: 'billing',
  body: z.object({ package_id: id }),
  response: packageStatusResponse,
});

/** Payment provider labels (SPEC §7: `widget_yookassa`). */
export const PAYMENT_TYPES = ['widget_yookassa'] as const;
/** One payment provider label. */
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** A provider's payment id: opaque, letters, digits, `-` and `_`. */
export const paymentId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A created payment (SPEC §3 Payment). */
export const payment = z.object({
  /** Confirmation token for the payment widget. */
  token: z.string().min(1),
  title: z.string(),
  /** Price in whole roubles. */
  price: roubles,
  payment_id: paymentId,
  package_id: id,
  type: z.enum(PAYMENT_TYPES),
});

/** POST /v1/agregator/createPayment: starts a payment for a package. */
export const createPayment = defineCall({
  ...route('createPayment'),
  summary: 'Start a payment for a package',
  tag: 'billing',
  body: z.object({ type: z.enum(PAYMENT_TYPES), package_id: id, device_uid: deviceUid }),
  response: payment,
});

/** Payment statuses of checkPayment; the SPEC names `confirmed` only, the rest are ours. */
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'failed'] as const;
/** One payment status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** POST /v1/agregator/checkPayment: status, and how often and how many times more to poll. */
export const checkPayment = defineCall({
  ...route('checkPayment'),
  summary: 'Status of a payment',
  tag: 'billing',
  body: z.object({ type: z.enum(PAYMENT_TYPES), payment_id: paymentId }),
  response: z.object({
    status: z.enum(PAYMENT_STATUSES),
    /** How many more times the client may poll. */
    retries: z.number().int().nonnegative(),
    /** Milliseconds to wait before the next poll. */
    delay: z.number().int().nonnegative(),
  }),
});

/** A saved card (SPEC §3): a masked number and optionally its first six digits. */
export const card = z.object({
  /** Masked number as shown, e.g. `•••• 4242`; also the key for deleteCard. */
  number: z.string().min(4).max(32),
  first: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** POST /v1/agregator/getCardList: saved cards and whether renewal is recurrent. */
export const getCardList = defineCall({
  ...route('getCardList'),
  summary: 'Saved cards',
  tag: 'billing',
  body: emptyBody,
  response: z.object({ is_recurrent: z.boolean(), cards: z.array(card) }),
});

/** POST /v1/agregator/deleteCard: deletes a saved card (refused while a package is cancelled or confirmed). */
export const deleteCard = defineCall({
  ...route('deleteCard'),
  summary: 'Delete a saved card',
  tag: 'billing',
  body: z.object({ card_number: z.string().min(4).max(32) }),
  response: okResponse,
});

/** Receipt statuses; only `succeeded` receipts open (SPEC §4). The others are ours. */
export const RECEIPT_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
/** One receipt status. */
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** A receipt (SPEC §3). */
export const receipt = z.object({
  status: z.enum(RECEIPT_STATUSES),
  /** Link to the fiscal receipt; null until registered. */
  url: url.nullable(),
  /** When the receipt was registered; null until then. */
  registered_at: dateTime.nullable(),
  description: z.string(),
  /** Amount in whole roubles. */
  price: roubles,
});

/** POST /v1/agregator/listReceipts: the profile's receipts, newest first. */
export const listReceipts = defineCall({
  ...route('listReceipts'),
  summary: 'Receipts',
  tag: 'billing',
  body: emptyBody,
  response: z.object({ receipts: z.array(receipt) }),
});

/** Every billing call. */
export const billingCalls = {
  getEkPackages,
  getPackageInfoById,
  unsubscribePackage,
  restorePackage,
  createPayment,
  checkPayment,
  getCardList,
  deleteCard,
  listReceipts,
} as const;
