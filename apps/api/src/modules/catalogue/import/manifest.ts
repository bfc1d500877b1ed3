import { url } from '@kadr/api-contract';
import { z } from 'zod';

/** Manifest format version this importer reads (docs/catalogue-manifest.md). */
export const MANIFEST_VERSION = 1;

/** Tabs a collection may appear on: home, the TV tab and the search recommendations (SPEC §2, §7). */
export const COLLECTION_TABS = ['Main2', 'tv_channels_tab', 'search'] as const;

/** Age ratings a title may carry (0 is not shown). */
export const AGE_RATINGS = [0, 6, 12, 16, 18] as const;

/** Image kinds of a title. */
export const TITLE_IMAGE_KINDS = ['poster', 'banner', 'wide_poster', 'logotype'] as const;
/** One image kind of a title. */
export type TitleImageKind = (typeof TITLE_IMAGE_KINDS)[number];

/**
 * File types an image path may point to (validate.ts checks the file holds that type); an `http(s)://`
 * URL is stored as given once it passes the API contract's `url`.
 */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.gif', '.svg'] as const;

/** Whether an image reference is a URL (checked against the contract) rather than a file path. */
export const isUrlRef = (ref: string): boolean => /^https?:\/\//.test(ref);

// YAML reads `key: 1917` as a number; keys and references to them are names, so numbers become text.
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** A stable entry key: `[a-z0-9-]{1,80}`. */
export const entryKey = z.preprocess(
  asText,
  z.string().regex(/^[a-z0-9-]{1,80}$/, 'expected 1–80 characters of a-z, 0-9 and -'),
);

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
const seconds = z.number().int('expected whole seconds').positive('expected seconds > 0').max(1_000_000);
/** A path relative to the manifest file, or an absolute http(s) URL. */
const imageRef = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(1024)
  .superRefine((v, ctx) => {
    if (isUrlRef(v)) {
      // The URL is served as it is, and the calls that carry it check their answers against the
      // contract's `url`: one the contract refuses would fail every such answer (e.g. the home rails).
      if (!url.safeParse(v).success)
        ctx.addIssue({ code: 'custom', message: `not a valid http(s) URL: ${v}` });
    } else if (!IMAGE_EXTENSIONS.some((ext) => v.toLowerCase().endsWith(ext))) {
      ctx.addIssue({
        code: 'custom',
        message: `expected an http(s) URL or a ${IMAGE_EXTENSIONS.join(', ')} file`,
      });
    }
  });
const keyList = z.array(entryKey).max(50);

const genre = z.strictObject({ key: entryKey, name: text(100) });
const country = z.strictObject({ key: entryKey, name: text(100) });
const sticker = z.strictObject({
  key: entryKey,
  title: text(40),
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'expected a colour like #E5484D')
    .default('#E5484D'),
  image: imageRef.optional(),
});
const partnerLabel = z.strictObject({ key: entryKey, title: text(200) });

const episode = z.strictObject({
  title: text(200),
  duration: seconds.optional(),
  /** Listed but not playable yet. */
  announce: z.boolean().default(false),
  poster: imageRef.optional(),
});

const season = z.strictObject({
  number: z.number().int('expected a whole number').min(0).max(1000),
  episodes: z.array(episode).max(1000).default([]),
});

/** Roubles (whole; the database keeps kopecks). */
const rouble = z.number().int('expected whole roubles').min(0).max(1_000_000);
/** The default label of the buy button. */
export const DEFAULT_PAY_TEXT = 'Оформить подписку';

/** A tariff of a package (contract `tariff`): price, period, trial and the texts shown with it. */
const tariff = z.strictObject({
  /** Roubles per period. */
  cost: rouble,
  period_months: z.number().int('expected whole months').min(1).max(36).default(1),
  /** Days of the free trial before the first charge; 0: none. Taken once per viewer and card. */
  trial_days: z.number().int('expected whole days').min(0).max(90).default(0),
  pay_text: text(100).default(DEFAULT_PAY_TEXT),
  /** The line under the button while subscribed (SPEC §2); none by default. */
  pay_info: text(300).optional(),
  /** Description bullets of the payment screen. */
  texts: z.array(text(300)).max(10).default([]),
});

/** Where a package is sold: here, by operators only, or a mobile store (shown, not sold here). */
export const PACKAGE_STORE = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,31}$/, 'expected web, hand or a store name like google_play')
  .default('web');

/**
 * A subscription package (SPEC §3 Package): goods.package_id of the titles it sells. Its tariffs are
 * either `tariffs` (the first is the main one) or, for one monthly tariff, `pay_text` and `cost`.
 */
const pack = z.strictObject({
  key: entryKey,
  name: text(200),
  /** One monthly tariff's button label (instead of `tariffs`). */
  pay_text: text(100).optional(),
  /** One monthly tariff's roubles (instead of `tariffs`). */
  cost: rouble.optional(),
  tariffs: z.array(tariff).max(10).optional(),
  /** A parent package unlocks its children's titles (keys of individual packages). */
  children: keyList.optional(),
  short_offer: z.string().trim().max(300).default(''),
  icon: imageRef.optional(),
  wide_poster: imageRef.optional(),
  /** Listed only when asked for hidden packages (getEkPackages is_hidden 1). */
  hidden: z.boolean().default(false),
  /** Order in the packages list; defaults to the place in the manifest. */
  position: z.number().int().min(0).max(1_000_000).optional(),
  store: PACKAGE_STORE,
});

/** The package a manifest without `packages` sells every title in. */
export const DEFAULT_PACKAGE = {
  key: 'kadr',
  name: 'Подписка Кадр',
  pay_text: DEFAULT_PAY_TEXT,
  cost: 0,
  short_offer: '',
  hidden: false,
  store: 'web',
} as const;

/** A package's tariffs as written: `tariffs`, or the one monthly tariff of `pay_text` and `cost`. */
export function tariffsOf(p: PackageEntry): TariffEntry[] {
  if (p.tariffs) return p.tariffs;
  return [
    {
      cost: p.cost ?? 0,
      period_months: 1,
      trial_days: 0,
      pay_text: p.pay_text ?? DEFAULT_PAY_TEXT,
      texts: [],
    },
  ];
}

const title = z.strictObject({
  key: entryKey,
  type: z.enum(['film', 'series', 'tvshow', 'channel']),
  title: text(200),
  original_title: text(200).optional(),
  description: text(2000),
  year: z.number().int('expected a whole year').min(1880).max(2100).optional(),
  genres: keyList.min(1, 'at least one genre'),
  countries: keyList.default([]),
  age_rating: z
    .number()
    .refine(
      (v) => (AGE_RATINGS as readonly number[]).includes(v),
      `expected one of ${AGE_RATINGS.join(', ')}`,
    )
    .default(0),
  rating: z.number().min(0).max(10).multipleOf(0.1, 'at most one decimal').default(0),
  duration: seconds.optional(),
  sticker: entryKey.optional(),
  partner_label: entryKey.optional(),
  is_preview: z.boolean().default(false),
  /** Seconds of the preview (release preview_timer); only with is_preview. Default: the player's. */
  preview_timer: seconds.optional(),
  /** The package that sells the title; defaults to the manifest's first package. */
  package: entryKey.optional(),
  /** The owner's id at the vendor (goods.vendor_id); defaults to the key. */
  vendor_id: text(200).optional(),
  images: z
    .strictObject({
      poster: imageRef.optional(),
      banner: imageRef.optional(),
      wide_poster: imageRef.optional(),
      logotype: imageRef.optional(),
    })
    .default({}),
  trailer: z.strictObject({ title: text(200).default('Трейлер'), duration: seconds.optional() }).optional(),
  seasons: z.array(season).min(1, 'at least one season').max(100).optional(),
  channel: entryKey.optional(),
});

/**
 * A channel's id in XMLTV guide files: the guide import maps `<programme channel>` to the channel by
 * it (docs/decisions/030-xmltv-import.md). Any text without spaces (XMLTV recommends an RFC 2838 name
 * such as `novosti.kadr.tv`; providers often use numbers, which YAML reads as numbers).
 */
export const xmltvId = z.preprocess(
  asText,
  z.string().regex(/^\S{1,200}$/, 'expected 1–200 characters without spaces (e.g. novosti.kadr.tv)'),
);

const channel = z.strictObject({
  key: entryKey,
  name: text(200),
  description: z.string().trim().max(2000).default(''),
  genres: keyList.default([]),
  logo: imageRef.optional(),
  archive_days: z.number().int().min(0).max(30).default(3),
  xmltv_id: xmltvId.optional(),
});

const collection = z.strictObject({
  key: entryKey,
  title: text(200),
  type: z.enum(['teaser', 'banner', 'queue', 'tv_channels']),
  tabs: z.array(z.enum(COLLECTION_TABS)).min(1, 'at least one tab'),
  /** Order within each of its tabs; defaults to the place in the manifest. */
  position: z.number().int().min(0).max(1_000_000).optional(),
  items: z.array(entryKey).max(500).default([]),
});

/** The manifest as a schema: shapes, ranges and unknown fields (cross-references are checked apart). */
export const manifestSchema = z.strictObject({
  version: z.literal(MANIFEST_VERSION, `expected ${MANIFEST_VERSION}`),
  genres: z.array(genre).default([]),
  countries: z.array(country).default([]),
  stickers: z.array(sticker).default([]),
  partner_labels: z.array(partnerLabel).default([]),
  packages: z
    .array(pack)
    .min(1, 'at least one package')
    .default([{ ...DEFAULT_PACKAGE }]),
  titles: z.array(title).default([]),
  channels: z.array(channel).default([]),
  collections: z.array(collection).default([]),
});

/** A validated manifest. */
export type Manifest = z.output<typeof manifestSchema>;
/** A title entry of a validated manifest. */
export type TitleEntry = Manifest['titles'][number];
/** A channel entry. */
export type ChannelEntry = Manifest['channels'][number];
/** A sticker entry. */
export type StickerEntry = Manifest['stickers'][number];
/** A package entry. */
export type PackageEntry = Manifest['packages'][number];
/** A tariff entry. */
export type TariffEntry = z.output<typeof tariff>;
/** A collection entry. */
export type CollectionEntry = Manifest['collections'][number];
