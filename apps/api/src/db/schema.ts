import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL. Times are timestamptz written by the app's clock, so tests
// with a fake clock see consistent rows; `defaultNow()` only backs up manual inserts.
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const phone = (name: string) => varchar(name, { length: 11 });

/** A viewer: anonymous (phone null) or signed in by phone. */
export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  phone: phone('phone').unique(),
  /** The campaign query of the first visit; written once. */
  utm: text('utm'),
  createdAt: createdAt(),
});

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
    /** logout | signed_in | refresh_reuse */
    endReason: text('end_reason'),
  },
  (t) => [index('sessions_profile_id_idx').on(t.profileId)],
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
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_push_phone_created_idx').on(t.phone, t.createdAt.desc())],
);
