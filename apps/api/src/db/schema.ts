import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL. Times are timestamptz written by the app's clock, so tests
// with a fake clock see consistent rows; `defaultNow()` only backs up manual inserts.
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const phone = (name: string) => varchar(name, { length: 11 });

/** A viewer: anonymous (phone null) or signed in by phone. */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    phone: phone('phone').unique(),
    /** The campaign query of the first visit; written once. */
    utm: text('utm'),
    /**
     * An anonymous profile whose holdings moved to a phone's profile at sign-in (modules/billing/
     * profile-merge.ts): retired, no longer anyone's anonymous profile; a payment left on it lands there.
     */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => profiles.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    /**
     * When the profile was last seen anonymous, to the day: set on creation, moved on by an anonymous
     * auth that reads it a day or more later. Pruning deletes anonymous profiles that own nothing and
     * were not seen for ANONYMOUS_PROFILE_IDLE_DAYS (modules/auth/anonymous-pruning.ts).
     */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A provider's subject is linked to the profile (identity_links; set in the transaction that links
     * it, never unset). A profile is signed in when it has a phone or this; anonymous otherwise
     * (`isSignedIn` in modules/auth/queries.ts; docs/decisions/041). A column, not an EXISTS on
     * identity_links, so the anonymous-session check stays one indexed row (decision 002).
     */
    identityLinked: boolean('identity_linked').notNull().default(false),
  },
  (t) => [
    // Pruning reads the oldest-seen anonymous profiles first and stops at the idle cut-off.
    index('profiles_anonymous_seen_idx').on(t.seenAt).where(sql`${t.phone} is null`),
  ],
);

/** A device's anonymous profile, created on first sight. */
export const devices = pgTable(
  'devices',
  {
    deviceUid: varchar('device_uid', { length: 64 }).primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('devices_profile_id_idx').on(t.profileId)],
);

/** A signed-in (or anonymous) session; every authenticated request checks it is not ended. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deviceUid: varchar('device_uid', { length: 64 }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** logout | signed_in | refresh_reuse | signed_out (by another device, docs/decisions/057) */
    endReason: text('end_reason'),
    /**
     * The device platform header (SPEC §7: PC_WEB, IOS_WEB, ANDROID_WEB) of its sign-in or last
     * refresh; null when none known was sent. The «Устройства» page names the device by it.
     */
    platform: varchar('platform', { length: 16 }),
    /** Its last sign-in or token refresh (the devices page's "last seen"); null: never refreshed. */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_profile_id_idx').on(t.profileId)],
);

/**
 * Full playbacks going on (docs/decisions/057): one row per session (a device plays one thing at a
 * time), claimed by a full release of a sold title or channel and kept alive by its key requests
 * (through the grant guard, at most every 15 s). A row whose `seen_at` is over a minute old no longer
 * counts; a stopped one keeps its session's keys refused until that session asks for a release again.
 * In the database, so every instance counts the same rows and an instance killed loses nothing.
 */
export const playbackStreams = pgTable(
  'playback_streams',
  {
    sessionId: uuid('session_id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** What it plays: a title (with its episode, 0 for a film) or a channel. */
    contentId: integer('content_id'),
    episodeId: integer('episode_id'),
    channelId: integer('channel_id'),
    platform: varchar('platform', { length: 16 }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Stopped from another device: its keys are refused until its session asks for a release again. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
  },
  // The limit counts a profile's rows: one index range per check.
  (t) => [index('playback_streams_profile_idx').on(t.profileId, t.startedAt)],
);

/** Refresh tokens, stored as SHA-256; a rotated token keeps its row for the grace window and reuse detection. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    parentHash: varchar('parent_hash', { length: 64 }),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** pending → accepted (push or SMS verify) → used (signed in); rejected; expired (time or 5 wrong codes). */
export const signInStatus = pgEnum('sign_in_status', ['pending', 'accepted', 'rejected', 'used', 'expired']);

/** One code sent to a phone. Its id is the async_auth_uuid of push sign-in. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey(),
    phone: phone('phone').notNull(),
    /** HMAC-SHA256(TOKEN_SECRET, id + code): 4 digits hashed plainly would be reversed by trying 10 000. */
    codeHmac: varchar('code_hmac', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    status: signInStatus('status').notNull().default('pending'),
    push: boolean('push').notNull().default(false),
    /** The session that asked for the code (null if it had none). */
    sessionId: uuid('session_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_attempts_phone_created_idx').on(t.phone, t.createdAt.desc()),
    index('sign_in_attempts_created_idx').on(t.createdAt),
  ],
);

/** Fixed-window counters of the SQL rate limiter. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
    /** When the window ends; old rows are pruned by it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
  ],
);

/** Sandbox SMS outbox: what a real gateway would have delivered. */
export const sandboxSms = pgTable(
  'sandbox_sms',
  {
    id: serial('id').primaryKey(),
    phone: phone('phone').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_sms_phone_created_idx').on(t.phone, t.createdAt.desc())],
);

/** Sandbox push inbox: sign-in confirmations a phone would have received. */
export const sandboxPush = pgTable(
  'sandbox_push',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => signInAttempts.id, { onDelete: 'cascade' }),
    phone: phone('phone').notNull(),
    confirmCode: varchar('confirm_code', { length: 4 }).notNull(),
    /** Who asked for the sign-in, shown with it (docs/decisions/021); the time is `created_at`. */
    requesterDevice: text('requester_device').notNull().default(''),
    requesterNetwork: text('requester_network').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_push_phone_created_idx').on(t.phone, t.createdAt.desc())],
);

// ---------------------------------------------------------------------------------------------------
// Catalogue (docs/catalogue-manifest.md). Every imported row has a stable manifest `key`; the serial
// ids are the public ids (EK_id, EP_id, season_id, tv_channel_id, RB_id) and never change on re-import.
// `search_text` (title and original title, lower-cased, ё → е) is for the search module's indexes.

const key = () => varchar('key', { length: 80 }).notNull().unique();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A genre; titles list theirs in order, the first is the one shown on cards. */
export const genres = pgTable('genres', {
  id: serial('id').primaryKey(),
  key: key(),
  name: text('name').notNull(),
});

/** A production country. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  key: key(),
  name: text('name').notNull(),
});

/** A small badge on a card ("Новинка"); `image_url` is the manifest's image or a generated one. */
export const stickers = pgTable('stickers', {
  id: serial('id').primaryKey(),
  key: key(),
  title: text('title').notNull(),
  color: varchar('color', { length: 7 }).notNull(),
  imageUrl: text('image_url').notNull(),
});

/** A partner label shown on the content card and in goods. */
export const partnerLabels = pgTable('partner_labels', {
  id: serial('id').primaryKey(),
  key: key(),
  title: text('title').notNull(),
});

/** What a content item is: film, series, TV show, or a channel shown as content (EK_type TVChan). */
export const contentType = pgEnum('content_type', ['film', 'series', 'tvshow', 'channel']);

/** A live TV channel; `id` is the tv_channel_id. */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    key: key(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url').notNull(),
    /** Catch-up depth in days. */
    archiveDays: smallint('archive_days').notNull().default(3),
    /**
     * The channel's id in XMLTV guide files (`<channel id>`, `<programme channel>`), which the guide
     * import maps to this channel (src/modules/live/xmltv, docs/decisions/030-xmltv-import.md); null: none.
     */
    xmltvId: text('xmltv_id'),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('channels_xmltv_id_idx').on(t.xmltvId)],
);

/** A content item (EK); `id` is the EK_id. */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    key: key(),
    type: contentType('type').notNull(),
    title: text('title').notNull(),
    originalTitle: text('original_title'),
    description: text('description').notNull(),
    year: smallint('year'),
    /** Years; 0 is not shown. */
    ageRating: smallint('age_rating').notNull().default(0),
    /** The film-rating service's score 0–10; 0 is not shown. */
    rating: numeric('rating', { precision: 3, scale: 1, mode: 'number' }).notNull().default(0),
    /** Seconds (films). */
    duration: integer('duration'),
    stickerId: integer('sticker_id').references(() => stickers.id, { onDelete: 'set null' }),
    partnerLabelId: integer('partner_label_id').references(() => partnerLabels.id, { onDelete: 'set null' }),
    /** goods.is_preview: playable as a timed preview without a package. */
    isPreview: boolean('is_preview').notNull().default(false),
    /** Seconds of the preview (release preview_timer); null: the player's default. */
    previewTimer: integer('preview_timer'),
    /** The package that unlocks the title (goods.package_id); null: none sells it. */
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
    posterUrl: text('poster_url').notNull(),
    bannerUrl: text('banner_url'),
    widePosterUrl: text('wide_poster_url'),
    logotypeUrl: text('logotype_url'),
    /** The channel a `channel`-type item stands for. */
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    /** The owner's id at the vendor; null answers "no content" (SPEC §5, §8 code 900). */
    vendorId: text('vendor_id'),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contents_channel_id_idx').on(t.channelId),
    index('contents_package_id_idx').on(t.packageId),
    index('contents_sticker_id_idx').on(t.stickerId),
    index('contents_partner_label_id_idx').on(t.partnerLabelId),
  ],
);

/** A title's genres in order (position 0 is the main genre). */
export const contentGenres = pgTable(
  'content_genres',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.genreId] }),
    // Similar titles: from a genre to its titles.
    index('content_genres_genre_id_idx').on(t.genreId, t.contentId),
  ],
);

/** A title's production countries in order. */
export const contentCountries = pgTable(
  'content_countries',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.countryId] }),
    index('content_countries_country_id_idx').on(t.countryId),
  ],
);

/** A channel's genres in order. */
export const channelGenres = pgTable(
  'channel_genres',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.genreId] }),
    index('channel_genres_genre_id_idx').on(t.genreId),
  ],
);

/** A season of a series or TV show; `id` is the season_id. */
export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
  },
  (t) => [uniqueIndex('seasons_content_id_number_idx').on(t.contentId, t.number)],
);

/**
 * An episode (EP_id) of a season, or a title's trailer (`is_trailer`, no season). Within a season an
 * episode is identified by its position (`order_number`, 1-based), as the manifest lists them.
 */
export const episodes = pgTable(
  'episodes',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    orderNumber: smallint('order_number').notNull(),
    title: text('title').notNull(),
    /** Seconds. */
    duration: integer('duration'),
    isAnnounce: boolean('is_announce').notNull().default(false),
    isTrailer: boolean('is_trailer').notNull().default(false),
    posterUrl: text('poster_url'),
  },
  (t) => [
    uniqueIndex('episodes_season_id_order_idx').on(t.seasonId, t.orderNumber),
    // One trailer per title, found by its title.
    uniqueIndex('episodes_trailer_idx').on(t.contentId).where(sql`${t.isTrailer}`),
    index('episodes_content_id_idx').on(t.contentId),
    check('episodes_trailer_has_no_season', sql`(${t.isTrailer}) = (${t.seasonId} is null)`),
  ],
);

/** Rail types (contract RB_type). */
export const collectionType = pgEnum('collection_type', ['teaser', 'banner', 'queue', 'tv_channels']);

/** A rail (RB); `id` is the RB_id. */
export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  key: key(),
  title: text('title').notNull(),
  type: collectionType('type').notNull(),
  /** Order within each of its tabs. */
  position: integer('position').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The tabs (Main2, tv_channels_tab, search) a rail appears on. */
export const collectionTabs = pgTable(
  'collection_tabs',
  {
    tab: varchar('tab', { length: 64 }).notNull(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The collection's position, copied so a tab's rails come in index order. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tab, t.collectionId] }),
    index('collection_tabs_tab_position_idx').on(t.tab, t.position),
    index('collection_tabs_collection_id_idx').on(t.collectionId),
  ],
);

/** A rail's items in order (0-based `position`): content items, or channels in a tv_channels rail. */
export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.position] }),
    index('collection_items_content_id_idx').on(t.contentId),
    index('collection_items_channel_id_idx').on(t.channelId),
    check('collection_items_one_target', sql`num_nonnulls(${t.contentId}, ${t.channelId}) = 1`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Billing (docs/decisions/015-billing-domain.md). Packages and their tariffs come from the manifest; a
// profile's subscription to a package unlocks the titles of the package and of its children.

/**
 * A subscription package (SPEC §3 Package); `id` is the package_id. Imported from the manifest, never
 * pruned (subscriptions and payments refer to them).
 */
export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  key: key(),
  name: text('name').notNull(),
  /** The main (first) tariff's pay_text, copied for the lists. */
  payText: text('pay_text').notNull(),
  /** The main tariff's price in whole roubles, copied for the lists. */
  cost: integer('cost').notNull().default(0),
  /** A parent package (is_parent 1) unlocks its children's titles too. */
  isParent: boolean('is_parent').notNull().default(false),
  /** The list card's offer line. */
  shortOffer: text('short_offer').notNull().default(''),
  iconUrl: text('icon_url'),
  widePosterUrl: text('wide_poster_url'),
  /** Listed by getEkPackages only with is_hidden 1. */
  hidden: boolean('hidden').notNull().default(false),
  /** Order in the packages list. */
  position: integer('position').notNull().default(0),
  /** Where it is sold: 'web' (here), 'hand' (operators only) or a mobile store: then not sold here. */
  store: varchar('store', { length: 32 }).notNull().default('web'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A parent package's children (one level: a child is never a parent). */
export const packageChildren = pgTable(
  'package_children',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    // Entitlements: from a title's package to the parents that unlock it.
    index('package_children_child_id_idx').on(t.childId),
  ],
);

/** A package's tariffs in order (position 0 is the main one, shown on the button). */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Price of one period in kopecks (the contract shows whole roubles). */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('RUB'),
    periodMonths: smallint('period_months').notNull().default(1),
    /** Days of the free trial; 0: none. */
    trialDays: smallint('trial_days').notNull().default(0),
    payText: text('pay_text').notNull(),
    payInfo: text('pay_info'),
    /** Description bullets of the payment screen. */
    texts: jsonb('texts').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('tariffs_package_position_idx').on(t.packageId, t.position),
    check('tariffs_amount_nonnegative', sql`${t.amount} >= 0`),
    check('tariffs_period_positive', sql`${t.periodMonths} > 0`),
  ],
);

/** A saved card (SPEC §3 Card): the provider's token and what may be shown, never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** The provider's saved payment_method id, charged for renewals. */
    providerMethodId: varchar('provider_method_id', { length: 100 }).notNull(),
    first6: varchar('first6', { length: 6 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    cardType: varchar('card_type', { length: 32 }).notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_method_idx').on(t.provider, t.providerMethodId),
    index('payment_methods_profile_id_idx').on(t.profileId),
  ],
);

/**
 * A saved card deleted by deleteCard, by the number the viewer named it with: a repeat of that call
 * soon after (its answer lost) is answered, not refused (modules/billing/repeats.ts). Kept a short
 * while only; each deletion prunes the profile's older rows.
 */
export const cardDeletions = pgTable(
  'card_deletions',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    cardNumber: varchar('card_number', { length: 32 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('card_deletions_profile_id_idx').on(t.profileId)],
);

/** Stored subscription statuses; not_purchased is "no live row" (modules/billing/subscription-rules.ts). */
export const subscriptionStatus = pgEnum('subscription_status', ['confirmed', 'suspended', 'cancelled']);

/**
 * A profile's subscription to a package. Live while `ended_at` is null (at most one per profile and
 * package); the rules module derives the status shown, the entitlement and the actions from it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    status: subscriptionStatus('status').notNull(),
    /** Where it was bought: 'web', 'hand' (operator grant) or a mobile store (goods.store_name). */
    storeName: varchar('store_name', { length: 32 }).notNull(),
    /** Who made the row: 'payment' or 'operator' (package:grant). */
    source: varchar('source', { length: 32 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    /** End of the current period = the next charge (goods.ended_at); null: an open-ended grant. */
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    /** The current period is a free trial. */
    isTrial: boolean('is_trial').notNull().default(false),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The card renewals charge. */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /** The last succeeded payment (FIRST_HOURS counts from it). */
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true, mode: 'date' }),
    cancelReason: varchar('cancel_reason', { length: 32 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** The last restorePackage: a repeat of it soon after is answered, not refused (modules/billing/repeats.ts). */
    restoredAt: timestamp('restored_at', { withTimezone: true, mode: 'date' }),
    /** Failed renewal charges in a row, and when the next try is due (suspended). */
    renewalAttempts: smallint('renewal_attempts').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true, mode: 'date' }),
    /**
     * A renewal scheduler instance is charging it until then (modules/billing/renewals.ts); a crashed
     * instance's claim runs out and another takes the subscription again.
     */
    renewalClaimedUntil: timestamp('renewal_claimed_until', { withTimezone: true, mode: 'date' }),
    /** When it stopped being live (a cancelled trial or suspension, a revoke, a lapsed period). */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live subscription per profile and package; also the entitlement lookup.
    uniqueIndex('subscriptions_live_idx').on(t.profileId, t.packageId).where(sql`${t.endedAt} is null`),
    index('subscriptions_profile_id_idx').on(t.profileId),
    index('subscriptions_package_id_idx').on(t.packageId),
    index('subscriptions_tariff_id_idx').on(t.tariffId),
    index('subscriptions_payment_method_id_idx').on(t.paymentMethodId),
    // The renewal scheduler's claim: live auto-renewing web subscriptions in the order it claims them
    // (the next charge: a retry's time, else the period's end), so a batch is the index's first rows
    // instead of a sort of every live subscription (bench/renewals.ts).
    index('subscriptions_renewal_idx')
      .on(sql`coalesce(${t.nextRetryAt}, ${t.periodEnd})`, t.id)
      .where(sql`${t.endedAt} is null and ${t.autoRenew} and ${t.storeName} = 'web'`),
    // The scheduler's lapse step: live rows that will not renew, by their period's end.
    index('subscriptions_lapse_idx').on(t.periodEnd).where(sql`${t.endedAt} is null and not ${t.autoRenew}`),
  ],
);

/** A trial taken: at most one per profile, and one per card (SPEC §5, §9). */
export const trialUses = pgTable(
  'trial_uses',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** The card that paid for it: first6, last4 and expiry (a provider gives no card fingerprint). */
    cardKey: varchar('card_key', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [index('trial_uses_package_id_idx').on(t.packageId), index('trial_uses_card_key_idx').on(t.cardKey)],
);

/** Our payments: pending → succeeded or canceled, as the provider reports. */
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'canceled']);
/** A first purchase or a renewal charge of a saved card. */
export const paymentKind = pgEnum('payment_kind', ['first', 'renewal']);

/** A payment for a package's tariff, fulfilled (subscription started or renewed) exactly once. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: paymentKind('kind').notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** The provider's payment id (checkPayment's payment_id); null until the provider answers. */
    providerPaymentId: varchar('provider_payment_id', { length: 100 }),
    /** Sent as Idempotence-Key with the create: a retried create makes no second payment. */
    idempotenceKey: uuid('idempotence_key').notNull().unique(),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('RUB'),
    /** A trial start (the card is bound; the trial is recorded when it succeeds). */
    isTrial: boolean('is_trial').notNull().default(false),
    /** Save the card for renewals. */
    saveMethod: boolean('save_method').notNull().default(true),
    /** The saved card charged (renewals). */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /**
     * The 54-FZ receipt contact sent with the payment, fixed when the row is made: every repeat of
     * the idempotence key sends the same body, and the receipt row gets the same contact.
     */
    customer: jsonb('customer').$type<{ phone?: string; email?: string }>(),
    status: paymentStatus('status').notNull().default('pending'),
    cancellationParty: varchar('cancellation_party', { length: 32 }),
    cancellationReason: varchar('cancellation_reason', { length: 64 }),
    /** When the subscription was started or renewed from it; set once. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_profile_id_idx').on(t.profileId),
    index('payments_package_id_idx').on(t.packageId),
    index('payments_tariff_id_idx').on(t.tariffId),
    index('payments_subscription_id_idx').on(t.subscriptionId),
    index('payments_payment_method_id_idx').on(t.paymentMethodId),
    // Reconciliation: pending payments by age.
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Receipt statuses (contract RECEIPT_STATUSES). */
export const receiptStatus = pgEnum('receipt_status', ['pending', 'succeeded', 'canceled']);

/** A 54-FZ receipt item. */
export interface ReceiptItem {
  description: string;
  quantity: string;
  amount: { value: string; currency: string };
  vat_code: number;
  payment_subject: string;
  payment_mode: string;
}

/** A fiscal receipt (54-FZ) of a succeeded payment; registered by the provider, then `succeeded`. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    providerReceiptId: varchar('provider_receipt_id', { length: 100 }),
    status: receiptStatus('status').notNull().default('pending'),
    description: text('description').notNull(),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    items: jsonb('items').$type<ReceiptItem[]>().notNull(),
    /** The customer contact the receipt is sent to: a phone or an e-mail. */
    customer: jsonb('customer').$type<{ phone?: string; email?: string }>().notNull(),
    url: text('url'),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('receipts_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    // Reconciliation asks the provider for the receipts not registered yet (a few among many).
    index('receipts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// TV programme guide (SPEC §3 TV schedule item). Rows come from an EPG feed; in development the demo
// EPG (src/modules/live/demo-schedule-fill.ts) writes them. A programme is identified by its channel and start.

/** One programme of a channel's schedule, on air in [starts_at, ends_at). */
export const tvProgrammes = pgTable(
  'tv_programmes',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    posterUrl: text('poster_url'),
    /** The announcement image shown for the programme on air. */
    announceUrl: text('announce_url'),
  },
  (t) => [
    uniqueIndex('tv_programmes_channel_starts_idx').on(t.channelId, t.startsAt),
    // The day query asks for programmes with ends_at > day start and starts_at < day end: ranging over
    // ends_at reads only programmes not over by the day's start (a programme may cross midnight, so
    // its start may be before the day), not the whole past of the channel.
    index('tv_programmes_channel_ends_idx').on(t.channelId, t.endsAt),
    check('tv_programmes_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Sandbox YooKassa (src/providers/payments/sandbox, docs/decisions/016-payment-provider.md): the state
// of the built-in payment emulator, in the database so every api instance and a restart see it.
// Objects are kept as YooKassa answers them (jsonb) beside the columns the emulator queries.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A card entered in the sandbox checkout; `saved` once a payment with save_payment_method succeeded. */
export const sandboxYookassaPaymentMethods = pgTable('sandbox_yookassa_payment_methods', {
  id: uuid('id').primaryKey(),
  shopId: text('shop_id').notNull(),
  /** The test card's behaviour (providers/payments/sandbox/cards.ts). */
  cardKind: text('card_kind').notNull(),
  /** YooKassa's `card` object: first6, last4, expiry, card type; never the number. */
  card: jsonb('card').notNull(),
  saved: boolean('saved').notNull().default(false),
  /** Successful charges so far (a card may decline recurring charges after the first). */
  charges: integer('charges').notNull().default(0),
  /** Set by tests (POST /sandbox/yookassa/payment_methods/{id}/decline): later charges fail with it. */
  declineReason: text('decline_reason'),
  createdAt: createdAt(),
});

/** A payment of the sandbox; `object` is the payment as GET /v3/payments/{id} answers it. */
export const sandboxYookassaPayments = pgTable(
  'sandbox_yookassa_payments',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    status: text('status').notNull(),
    object: jsonb('object').notNull(),
    /** The create request's `receipt`, registered when the payment succeeds. */
    receipt: jsonb('receipt'),
    savePaymentMethod: boolean('save_payment_method').notNull().default(false),
    confirmationToken: text('confirmation_token').unique(),
    tokenExpiresAt: at('token_expires_at'),
    /** The card waiting on the 3-D Secure page, if any. */
    threeDsMethodId: uuid('three_ds_method_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_yookassa_payments_pending_idx').on(t.tokenExpiresAt).where(sql`status = 'pending'`)],
);

/** Idempotence keys of POST /v3/payments: the first answer, replayed for the same key and body. */
export const sandboxYookassaIdempotence = pgTable(
  'sandbox_yookassa_idempotence',
  {
    shopId: text('shop_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    answer: jsonb('answer').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.key] })],
);

/** A receipt registered for a sandbox payment; it turns succeeded at `registers_at`. */
export const sandboxYookassaReceipts = pgTable(
  'sandbox_yookassa_receipts',
  {
    id: text('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => sandboxYookassaPayments.id, { onDelete: 'cascade' }),
    /** YooKassa's receipt object as GET /v3/receipts lists it (status pending until registered). */
    object: jsonb('object').notNull(),
    /** The buyer's contact, shown on the receipt page (YooKassa does not list it back). */
    customer: jsonb('customer').notNull(),
    registersAt: at('registers_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_yookassa_receipts_payment_idx').on(t.paymentId)],
);

/**
 * Notifications (webhooks) of the sandbox waiting for delivery. Deliverers claim due rows with
 * FOR UPDATE SKIP LOCKED and a lease (`claimed_until`), so several api instances never post one twice
 * at once; a failed post is retried at `next_attempt_at` with backoff.
 */
export const sandboxYookassaNotifications = pgTable(
  'sandbox_yookassa_notifications',
  {
    id: serial('id').primaryKey(),
    paymentId: uuid('payment_id').notNull(),
    event: text('event').notNull(),
    body: jsonb('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    claimedUntil: at('claimed_until'),
    deliveredAt: at('delivered_at'),
    gaveUpAt: at('gave_up_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_yookassa_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`delivered_at is null and gave_up_at is null`),
  ],
);

/**
 * The embed light service's switches (docs/decisions/033-embed-configs.md): per scope — `global`, or one
 * content named `film-42`, `series-7`, `channel-3` — a lock (back to the main config) and a reserve
 * config URL. Null: not set here, the global row (or the default: no lock, no reserve) decides.
 * Written by the `embed:switch` operator command, read by GET /embed/v1/status and /embed/v1/flag.
 */
export const embedSwitches = pgTable('embed_switches', {
  scope: text('scope').primaryKey(),
  locked: boolean('locked'),
  reserveUrl: text('reserve_url'),
  updatedAt: updatedAt(),
});

/**
 * One-time sign-in links (docs/decisions/038-sign-in-by-link.md), made by the `auth:link` operator
 * command: the SHA-256 of the link's value only, the profile and device it signs in, its expiry, and
 * when it was spent (null: not yet). The exchange spends a link in one conditional UPDATE, so two
 * exchanges of one value cannot both win. A deleted profile takes its links with it.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deviceUid: varchar('device_uid', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sign_in_links_profile_id_idx').on(t.profileId)],
);

/**
 * Partner-site accounts of a profile (SPEC §3 Profile.external_accounts; docs/decisions/042-partner-
 * accounts.md), set by the `partners:set` operator command and shown to the profile's owner by
 * getProfile. The title is plain (it names the account for the operator and keys it: one per title);
 * the e-mail and the password are AES-256-GCM sealed under the key `key_id` names (modules/partners/
 * keyring.ts): base64url of IV, ciphertext and tag. A deleted profile takes its accounts with it.
 */
export const partnerAccounts = pgTable(
  'partner_accounts',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    keyId: varchar('key_id', { length: 16 }).notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('partner_accounts_profile_title_idx').on(t.profileId, t.title)],
);

/**
 * A provider's subject (OpenID Connect `iss` + `sub`) linked to the profile it signs in
 * (docs/decisions/041-identity-provider.md). One subject per issuer on a profile.
 */
export const identityLinks = pgTable(
  'identity_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    uniqueIndex('identity_links_profile_issuer_idx').on(t.profileId, t.issuer),
  ],
);

/**
 * An authorization request sent to a provider and not yet answered: its state (SHA-256 only), nonce
 * and PKCE verifier stay here, never in the browser; bound to the profile and device that started it.
 */
export const identityRequests = pgTable(
  'identity_requests',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    provider: varchar('provider', { length: 40 }).notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deviceUid: varchar('device_uid', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('identity_requests_expires_at_idx').on(t.expiresAt)],
);

/** Authorization codes of the sandbox OpenID Connect provider (providers/identity): hashed, one-time. */
export const sandboxOidcCodes = pgTable('sandbox_oidc_codes', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  nonce: text('nonce'),
  subject: text('subject').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

// ---------------------------------------------------------------------------------------------------
// Viewing memory (modules/viewing, docs/decisions/055-viewing-memory.md): where each profile stopped in
// each film, episode and archive programme, and its «Буду смотреть» list. Kadr's extension (issue 25).

/** What a progress row is of. */
export const viewingKind = pgEnum('viewing_kind', ['film', 'episode', 'programme']);

/**
 * The playback position of one film, episode or archive programme for one profile, written by one
 * conditional upsert per report (modules/viewing/queries.ts): `item` keys it (`f<EK_id>`,
 * `e<EP_id>`, `p<channel>@<start, epoch seconds>`); `playback_id` and `seq` order the reports of the
 * playback that owns the row, `superseded` lists the last playbacks it took over from (their late
 * reports are refused). `dismissed`: off «Продолжить просмотр»; `cleared`: removed from history, the
 * position forgotten — both until the next playback. An episode's row goes with its title (content_id);
 * a programme's with its channel.
 */
export const viewingProgress = pgTable(
  'viewing_progress',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    item: varchar('item', { length: 40 }).notNull(),
    kind: viewingKind('kind').notNull(),
    /** The film or the episode's series; null for a programme. */
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    episodeId: integer('episode_id'),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    programmeStart: timestamp('programme_start', { withTimezone: true, mode: 'date' }),
    /** Seconds. */
    position: integer('position').notNull(),
    /** Seconds: the media's duration as the player reported it. */
    duration: integer('duration').notNull(),
    watched: boolean('watched').notNull(),
    playbackId: uuid('playback_id').notNull(),
    seq: integer('seq').notNull(),
    superseded: uuid('superseded').array().notNull().default(sql`'{}'::uuid[]`),
    dismissed: boolean('dismissed').notNull().default(false),
    cleared: boolean('cleared').notNull().default(false),
    /** When the last report was saved (the server's clock). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.item] }),
    // The rail and the history: a profile's rows, most recent first.
    index('viewing_progress_profile_updated_idx').on(t.profileId, t.updatedAt),
    // A title's rows of a profile (the title page), and the cascade of a deleted title.
    index('viewing_progress_content_idx').on(t.contentId),
    index('viewing_progress_channel_idx').on(t.channelId).where(sql`${t.channelId} is not null`),
    check('viewing_progress_position_within', sql`${t.position} >= 0 and ${t.position} <= ${t.duration}`),
  ],
);

/** «Буду смотреть»: the titles a profile put aside, when. */
export const watchlist = pgTable(
  'watchlist',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.contentId] }),
    index('watchlist_profile_added_idx').on(t.profileId, t.addedAt),
    index('watchlist_content_idx').on(t.contentId),
  ],
);
