import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultWebDist, demoCatalogue } from './paths';
import { FALSE, settingsSchema, type WebCspDirective } from './settings';

/** A directive of WEB_CSP (settings.ts), where http/security-headers.ts finds the configuration's types. */
export type { WebCspDirective } from './settings';

/** Where the process environment may be overridden (tests) or replaced. */
export type EnvSource = Record<string, string | undefined>;

/** Default SESSION_CACHE_TTL with PostgreSQL: other instances may end sessions without telling us. */
const SHARED_DATABASE_CACHE_TTL = 5;
/**
 * Default SESSION_CACHE_TTL with the embedded database: no other process can open it, so every
 * sign-in, logout and refresh happens here and updates the caches at once; the TTL then only bounds
 * how often a device's profile is read again (each read blocks the loop: PGlite runs in-process).
 */
const EMBEDDED_CACHE_TTL = 600;

/** Limits of the payment calls over rolling hours (docs/decisions/048). */
export interface PaymentLimitSettings {
  createsPerProfileHour: number;
  createsPerNetworkHour: number;
  checksPerProfileHour: number;
  checksPerNetworkHour: number;
}

/** Anti-pumping and anti-guessing limits, all over rolling windows (docs/decisions/001, 021). */
export interface RateLimitSettings {
  /** Codes per phone per hour. */
  phonePerHour: number;
  /** Codes per phone per 24 hours. */
  phonePerDay: number;
  /** Codes per client address (IPv6: per /64) per hour. */
  ipPerHour: number;
  /** Sign-in SMS of the whole service per hour (the global budget against SMS pumping). */
  smsPerHour: number;
  /** Wrong codes per phone per 24 hours before its codes are stepped up to one try each. */
  wrongCodesPerDay: number;
  /** New anonymous profiles (first sight of a device) per client address per hour; IPv6 per /64. */
  anonymousPerAddressHour: number;
  /** Anonymous profiles one device gets per day (a new one after each sign-in). */
  anonymousPerDeviceDay: number;
  /** Wrong codes per client address (IPv6: per /64) per 24 hours before it is refused (429). */
  wrongCodesPerNetworkDay: number;
  /** Codes per client subnet (IPv4 /24, IPv6 /48) per hour (docs/decisions/046). */
  subnetPerHour: number;
  /** Wrong codes per client subnet per 24 hours before it is refused (429). */
  wrongCodesPerSubnetDay: number;
  /** New anonymous profiles per client subnet per hour. */
  anonymousPerSubnetHour: number;
  /** New anonymous profiles of the whole service per hour. */
  anonymousPerHour: number;
  /** authByLink exchanges that did not sign in, per client address per hour. */
  signInLinkPerAddressHour: number;
  /** The same per client subnet. */
  signInLinkPerSubnetHour: number;
  /** Sign-ins by link into one profile per hour. */
  signInLinkPerProfileHour: number;
}

/** The validated configuration of one api process. Read once at start; nothing else reads process.env. */
export interface Env {
  port: number;
  /**
   * Listening address: HOST, else 127.0.0.1 in development (its sandbox SMS outbox and push page hand
   * out sign-in codes to whoever can reach them) and 0.0.0.0 in production.
   */
  host: string;
  /** Absolute path of the data folder (PGlite database, generated secret). */
  dataDir: string;
  /** PostgreSQL URL; undefined means embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /**
   * Connections this instance keeps to PostgreSQL (DATABASE_POOL_SIZE, default 10): the server's
   * max_connections must cover every instance's pool plus the operator's sessions.
   */
  databasePoolSize: number;
  redisUrl: string | undefined;
  /**
   * PostgreSQL time bounds (docs/decisions/025-dependency-recovery.md): `connectMs` to make a
   * connection or wait for a free one of the pool (DATABASE_CONNECT_TIMEOUT_MS, default 2000), so a
   * request answers 503 rather than hang while the server does not answer; `statementMs` for one
   * statement (DATABASE_STATEMENT_TIMEOUT_MS, default 30000; 0: none).
   */
  databaseTimeouts: { connectMs: number; statementMs: number };
  production: boolean;
  /** Built-in sandbox providers (SMS outbox, push page) and their /sandbox pages. */
  sandboxProviders: boolean;
  tokenSecret: string;
  /**
   * Signs playback grants and segment URLs (docs/decisions/005); nginx's secure_link needs the same
   * value. Default: derived from tokenSecret (set it explicitly when nginx serves the media).
   */
  mediaSecret: string;
  /** Access token lifetime, seconds. */
  accessTokenTtl: number;
  /** Seconds a rotated refresh token may still be used (two tabs refreshing at once). */
  refreshTokenGrace: number;
  /**
   * Seconds a checked session is trusted from this process's cache (0: no cache). Another instance's
   * logout reaches this one at once through Redis, or without Redis after at most this long. Default:
   * 5 with PostgreSQL; 600 with the embedded database, which only this process writes.
   */
  sessionCacheTtl: number;
  /**
   * Seconds a playback grant (a release's `content_url`) works before the player must renew it
   * (docs/decisions/022): what a leaked playlist or key URL is worth. Default 300.
   */
  playbackGrantSeconds: number;
  /** Full playbacks one profile may have at once (STREAM_LIMIT, docs/decisions/057); 0: no limit. */
  streamLimit: number;
  /**
   * Live TV (docs/decisions/029): how far back a full live playlist reaches (LIVE_DVR_SECONDS, default
   * 1800; 0: a 24 s live window only), an upper bound on every channel's archive days (ARCHIVE_DAYS,
   * 0–30; unset: the manifest's `archive_days` as they are), and live previews one profile gets of one
   * channel per hour (LIVE_PREVIEWS_PER_HOUR, default 3), and that one client network (an IPv4 address,
   * an IPv6 /64) gets of one channel per hour, whatever profiles it makes (LIVE_PREVIEWS_PER_NETWORK_HOUR,
   * default 10: households and carrier NAT share addresses), and one client subnet (IPv4 /24, IPv6 /48)
   * gets (LIVE_PREVIEWS_PER_SUBNET_HOUR, default 50; docs/decisions/046).
   */
  live: {
    dvrSeconds: number;
    archiveDaysCap: number | undefined;
    previewsPerHour: number;
    previewsPerNetworkHour: number;
    previewsPerSubnetHour: number;
  };
  /** client_id → client_secret. */
  authClients: ReadonlyMap<string, string>;
  /** CIDR ranges of the blocked provider's network. */
  goodlineIpRanges: readonly string[];
  /**
   * Exact origins (`scheme://host[:port]`) whose pages may call the API paths cross-origin
   * (http/cors.ts); empty: no CORS headers at all, same-origin only.
   */
  corsOrigins: readonly string[];
  /**
   * Who may frame the frame player page /promo/web/embed/ (EMBED_ANCESTORS): `*`, any site (the
   * default: partners are not a known list), or exact origins. Every other page refuses any framing.
   */
  embedAncestors: readonly string[];
  /** Fastify `trustProxy`: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Real SMS gateway; undefined means the sandbox outbox. */
  smsGateway: { url: string; token: string } | undefined;
  pushSignin: boolean;
  /** Real YooKassa (HTTP Basic shopId:secretKey); undefined means the sandbox emulator. */
  yookassa: { shopId: string; secretKey: string; apiUrl: string } | undefined;
  /**
   * The card payment widget's script (CHECKOUT_WIDGET_URL), given to the web app's pages as they are
   * served (modules/web): YooKassa's with a real shop, else the sandbox's on this origin.
   */
  checkoutWidgetUrl: string;
  /** The sandbox YooKassa's notifications (docs/decisions/016-payment-provider.md). */
  yookassaSandbox: {
    /** Where notifications are posted; undefined: this api's own route on its own address. */
    webhookUrl: string | undefined;
    /** Extra copies of each notification. */
    webhookDuplicates: number;
    /** Each notification waits up to this long at random, so they may arrive out of order. */
    webhookReorderMs: number;
  };
  /**
   * A real OpenID Connect provider (OIDC_*; docs/decisions/041-identity-provider.md): its web route is
   * /promo/web/auth_{name}/; undefined: none (the sandbox's auth_sandbox is there with the sandbox providers).
   */
  oidc:
    | { name: string; issuer: string; clientId: string; clientSecret: string; redirectUri: string }
    | undefined;
  rateLimits: RateLimitSettings;
  /** Absolute path of the built web app. */
  webDist: string;
  /** Served at /media/ (catalogue images in `images/`): DATA_DIR/media. */
  mediaDir: string;
  /** Manifest imported at start when the catalogue is empty; undefined: none (CATALOGUE_SEED=off). */
  catalogueSeed: string | undefined;
  /** Generate and package demo media for the catalogue's titles after start (src/media/demo.ts). */
  demoMedia: boolean;
  /**
   * Fill the TV programme guide from the demo EPG after start and daily, for the Moscow days
   * [today − 3, today + 7] (src/modules/live/demo-schedule-fill.ts). On by default, off in production.
   */
  demoSchedule: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * How log lines are written (LOG_FORMAT): `json`, one JSON object a line (production, collectors),
   * or `pretty`, coloured readable lines (pino-pretty). Default: pretty when stdout is a terminal and
   * not in production, else json.
   */
  logFormat: 'json' | 'pretty';
  /**
   * Bearer token /metrics asks for (METRICS_TOKEN, docs/decisions/027-operations.md). Without it
   * /metrics is open in development and not served at all in production.
   */
  metricsToken: string | undefined;
  /** A request slower than this many milliseconds gets a warn log line (http/request-log.ts). */
  logSlowMs: number;
  /**
   * Payment calls per profile and per client network (IPv4 address, IPv6 /64) per rolling hour
   * (PAYMENT_CREATES_*, PAYMENT_CHECKS_*; docs/decisions/048).
   */
  paymentLimits: PaymentLimitSettings;
  /**
   * Heavy writes (createPayment, checkPayment) running and waiting at once on this instance
   * (HEAVY_WRITES_*; db/heavy-writes.ts): `inFlight` undefined means 4 per write slot.
   */
  heavyWrites: { inFlight: number | undefined; queue: number };
  /** Hours after a payment during which the cancel flow shows only 'Проверка платежа' (first_hours). */
  billingFirstHours: number;
  /** The 54-FZ receipt contact of a buyer without a phone (an anonymous profile). */
  billingReceiptEmail: string;
  /**
   * Run the payment jobs (reconciliation of pending payments and receipts, renewals) after listen
   * (docs/decisions/018-payment-flow.md); off for tests and benchmarks that drive them by hand.
   */
  paymentJobs: boolean;
  /**
   * Milliseconds between passes of the payment jobs (PAYMENT_JOBS_EVERY_S, default 60 s). Each instance
   * runs its own; claims share the work, so more instances do not charge twice (docs/decisions/024).
   */
  paymentJobsEveryMs: number;
  /** A pending payment is asked of the provider by reconciliation after this many minutes. */
  reconcileAfterMinutes: number;
  /**
   * The renewal scheduler's settings (modules/billing/renewals.ts, bench/renewals.ts): due
   * subscriptions claimed a batch at a time (RENEWAL_BATCH) and charges in flight at once per instance
   * (RENEWAL_CONCURRENCY; the provider's rate limit is the bound to respect).
   */
  renewals: { batch: number; concurrency: number };
  /** Graceful shutdown on SIGTERM/SIGINT (src/shutdown.ts, docs/decisions/020-server-lifecycle.md). */
  shutdown: {
    /**
     * How long readiness fails, while requests are still served, before the listener closes: the time
     * a load balancer polling /readyz needs to stop sending new work (SHUTDOWN_DELAY_MS).
     */
    delayMs: number;
    /**
     * Bound on the whole shutdown (SHUTDOWN_TIMEOUT_MS): requests still running near its end are cut,
     * and at its end the process exits anyway, its lock released. Keep it under the orchestrator's
     * grace period (docker stop: 10 s, Kubernetes: 30 s).
     */
    timeoutMs: number;
  };
  /**
   * Days after which an anonymous profile that owns nothing and was not seen is deleted
   * (modules/auth/anonymous-pruning.ts).
   */
  anonymousProfileIdleDays: number;
  /** Serve the API reference (/docs) and /openapi.json. On by default, off in production unless API_DOCS. */
  apiDocs: boolean;
  /**
   * Sources added to the web app's Content-Security-Policy, e.g. an API or media CDN on another
   * origin, or analytics: `connect-src https://api.kadr.ru; img-src https://cdn.kadr.ru`.
   */
  webCsp: Partial<Record<WebCspDirective, string[]>>;
  /**
   * This process's name behind a load balancer (INSTANCE_NAME), sent as `X-Kadr-Instance` on every
   * answer so operators and the scale-out tests see which instance served a request; unset: no header.
   */
  instanceName: string | undefined;
  /** Keys of the partner-site accounts' encryption (docs/decisions/042-partner-accounts.md). */
  partnerAccountKeys: PartnerAccountKeys;
}

/**
 * AES-256 keys of the partner-site accounts: `current` encrypts, `previous` (PARTNER_ACCOUNTS_OLD_KEYS)
 * still decrypt rows written before a rotation. Each is 32 bytes.
 */
export interface PartnerAccountKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

/** YooKassa's checkout widget, and the sandbox's copy of it (providers/payments/sandbox/routes.ts). */
const YOOKASSA_CHECKOUT_WIDGET = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';
const SANDBOX_CHECKOUT_WIDGET = '/sandbox/yookassa/checkout-widget/v1/checkout-widget.js';

/** Default drain delay in production (a balancer polling readiness every second or two sees it). */
const PRODUCTION_SHUTDOWN_DELAY_MS = 2000;

/** Thrown when the configuration is invalid; the message lists every problem. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses and validates the configuration once. `overrides` win over `source` (process.env by
 * default); tests pass both to stay independent of the machine's environment (and `terminal`).
 */
export function loadEnv(
  overrides: EnvSource = {},
  source: EnvSource = process.env,
  /** Whether stdout is a terminal (LOG_FORMAT=auto writes readable lines there outside production). */
  terminal: boolean = process.stdout.isTTY === true,
): Env {
  const parsed = settingsSchema.safeParse({ ...source, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.KADR_PRODUCTION ?? e.NODE_ENV === 'production';
  const sandboxProviders = e.SANDBOX_PROVIDERS ?? !production;
  const pushSignin = e.PUSH_SIGNIN ?? sandboxProviders;
  const dataDir = resolve(e.DATA_DIR);

  const problems: string[] = [];
  // A limit that no longer exists must not look configured (docs/decisions/021).
  if (e.RATE_LIMIT_PREFIX_HOUR !== undefined)
    problems.push(
      'RATE_LIMIT_PREFIX_HOUR: removed (it let one requester block a whole prefix); the global RATE_LIMIT_SMS_HOUR caps SMS pumping instead',
    );
  if (production && !e.TOKEN_SECRET) problems.push('TOKEN_SECRET: required in production');
  if (production && !e.PARTNER_ACCOUNTS_KEY)
    problems.push('PARTNER_ACCOUNTS_KEY: required in production (openssl rand -base64 32)');
  if (e.SMS_GATEWAY_URL && !e.SMS_GATEWAY_TOKEN)
    problems.push('SMS_GATEWAY_TOKEN: required with SMS_GATEWAY_URL');
  // The sandboxes hand out every phone's sign-in code, subscriptions and identities to whoever asks:
  // production never serves them, and no message suggests turning them on (docs/decisions/054).
  if (production && e.SANDBOX_PROVIDERS)
    problems.push(
      'SANDBOX_PROVIDERS: never in production (the sandboxes give anyone sign-in codes and subscriptions)',
    );
  const required = production ? 'required in production' : 'required when SANDBOX_PROVIDERS is off';
  if (!e.SMS_GATEWAY_URL && !sandboxProviders) problems.push(`SMS_GATEWAY_URL: ${required}`);
  if (Boolean(e.YOOKASSA_SHOP_ID) !== Boolean(e.YOOKASSA_SECRET_KEY))
    problems.push('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY: set both or neither');
  if (!e.YOOKASSA_SHOP_ID && !sandboxProviders)
    problems.push(`YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY: ${required}`);
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, e.OIDC_REDIRECT_URI].filter(
    Boolean,
  );
  if (oidcSet.length > 0 && oidcSet.length < 4)
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI: set all or none');
  if (e.OIDC_ISSUER && e.OIDC_NAME === 'sandbox')
    problems.push('OIDC_NAME: "sandbox" is the sandbox provider\'s');
  if (production && e.OIDC_ISSUER && !e.OIDC_ISSUER.startsWith('https:'))
    problems.push('OIDC_ISSUER: must be https in production');
  // The code and state come back to this address: over http a network observer could take them.
  if (production && e.OIDC_REDIRECT_URI && !e.OIDC_REDIRECT_URI.startsWith('https:'))
    problems.push('OIDC_REDIRECT_URI: must be https in production');
  // The provider compares it with its registration as a string (RFC 9700 §2.1): it must be the web
  // route itself, written as a URL parser writes it — no user@, query, fragment, `\`, dot segments.
  if (e.OIDC_REDIRECT_URI) {
    const route = `${new URL(e.OIDC_REDIRECT_URI).origin}/promo/web/auth_${e.OIDC_NAME}/`;
    if (e.OIDC_REDIRECT_URI !== route)
      problems.push(
        `OIDC_REDIRECT_URI: must be the web route itself, ${route} (no user@, query or fragment)`,
      );
  }
  // Only the sandbox push exists so far: asking for push without it would silently send nothing.
  if (pushSignin && !sandboxProviders)
    problems.push('PUSH_SIGNIN: no real push provider yet (only the sandbox push, never in production)');
  const checkoutWidgetUrl =
    e.CHECKOUT_WIDGET_URL ?? (e.YOOKASSA_SHOP_ID ? YOOKASSA_CHECKOUT_WIDGET : SANDBOX_CHECKOUT_WIDGET);
  // The page runs this script with the card form: over http anyone on the way could replace it.
  if (production && !checkoutWidgetUrl.startsWith('https:'))
    problems.push('CHECKOUT_WIDGET_URL: must be https in production');
  const shutdownDelayMs = e.SHUTDOWN_DELAY_MS ?? (production ? PRODUCTION_SHUTDOWN_DELAY_MS : 0);
  if (shutdownDelayMs >= e.SHUTDOWN_TIMEOUT_MS) {
    problems.push(`SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (${e.SHUTDOWN_TIMEOUT_MS})`);
  }
  // A pruned profile must have no live token: it was seen at least IDLE − 1 days ago (marks are daily).
  if (e.ACCESS_TOKEN_TTL >= (e.ANONYMOUS_PROFILE_IDLE_DAYS - 1) * 24 * 3600)
    problems.push('ANONYMOUS_PROFILE_IDLE_DAYS: must exceed ACCESS_TOKEN_TTL by more than a day');
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  const tokenSecret =
    e.TOKEN_SECRET ?? persistedSecret(dataDir, 'secret', () => randomBytes(32).toString('base64url'));
  return {
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    production,
    sandboxProviders,
    tokenSecret,
    mediaSecret:
      e.MEDIA_SECRET ?? createHmac('sha256', tokenSecret).update('kadr media secret').digest('base64url'),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenGrace: e.REFRESH_TOKEN_GRACE,
    sessionCacheTtl: e.SESSION_CACHE_TTL ?? (e.DATABASE_URL ? SHARED_DATABASE_CACHE_TTL : EMBEDDED_CACHE_TTL),
    playbackGrantSeconds: e.PLAYBACK_GRANT_SECONDS,
    streamLimit: e.STREAM_LIMIT,
    live: {
      dvrSeconds: e.LIVE_DVR_SECONDS,
      archiveDaysCap: e.ARCHIVE_DAYS,
      previewsPerHour: e.LIVE_PREVIEWS_PER_HOUR,
      previewsPerNetworkHour: e.LIVE_PREVIEWS_PER_NETWORK_HOUR,
      previewsPerSubnetHour: e.LIVE_PREVIEWS_PER_SUBNET_HOUR,
    },
    authClients: e.AUTH_CLIENTS,
    goodlineIpRanges: e.GOODLINE_IP_RANGES,
    corsOrigins: e.CORS_ORIGINS,
    embedAncestors: e.EMBED_ANCESTORS.length > 0 ? e.EMBED_ANCESTORS : ['*'],
    trustProxy: e.TRUST_PROXY,
    smsGateway:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN
        ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN }
        : undefined,
    pushSignin,
    yookassa:
      e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
        ? {
            shopId: e.YOOKASSA_SHOP_ID,
            secretKey: e.YOOKASSA_SECRET_KEY,
            apiUrl: e.YOOKASSA_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && e.OIDC_REDIRECT_URI
        ? {
            name: e.OIDC_NAME,
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            redirectUri: e.OIDC_REDIRECT_URI,
          }
        : undefined,
    checkoutWidgetUrl,
    yookassaSandbox: {
      webhookUrl: e.YOOKASSA_WEBHOOK_URL,
      webhookDuplicates: e.SANDBOX_YOOKASSA_WEBHOOK_DUPLICATES,
      webhookReorderMs: e.SANDBOX_YOOKASSA_WEBHOOK_REORDER_MS,
    },
    rateLimits: {
      phonePerHour: e.RATE_LIMIT_PHONE_HOUR,
      phonePerDay: e.RATE_LIMIT_PHONE_DAY,
      ipPerHour: e.RATE_LIMIT_IP_HOUR,
      subnetPerHour: e.RATE_LIMIT_SUBNET_HOUR,
      smsPerHour: e.RATE_LIMIT_SMS_HOUR,
      wrongCodesPerDay: e.RATE_LIMIT_WRONG_CODES_DAY,
      anonymousPerAddressHour: e.RATE_LIMIT_ANONYMOUS_IP_HOUR,
      anonymousPerSubnetHour: e.RATE_LIMIT_ANONYMOUS_SUBNET_HOUR,
      anonymousPerHour: e.RATE_LIMIT_ANONYMOUS_HOUR,
      anonymousPerDeviceDay: e.RATE_LIMIT_ANONYMOUS_DEVICE_DAY,
      wrongCodesPerNetworkDay: e.RATE_LIMIT_WRONG_CODES_IP_DAY,
      wrongCodesPerSubnetDay: e.RATE_LIMIT_WRONG_CODES_SUBNET_DAY,
      signInLinkPerAddressHour: e.RATE_LIMIT_SIGN_IN_LINK_IP_HOUR,
      signInLinkPerSubnetHour: e.RATE_LIMIT_SIGN_IN_LINK_SUBNET_HOUR,
      signInLinkPerProfileHour: e.RATE_LIMIT_SIGN_IN_LINK_PROFILE_HOUR,
    },
    anonymousProfileIdleDays: e.ANONYMOUS_PROFILE_IDLE_DAYS,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist,
    mediaDir: join(dataDir, 'media'),
    catalogueSeed: catalogueSeedOf(e.CATALOGUE_SEED),
    demoMedia: e.DEMO_MEDIA ?? !production,
    demoSchedule: e.DEMO_SCHEDULE ?? !production,
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    logFormat: e.LOG_FORMAT === 'auto' ? (terminal && !production ? 'pretty' : 'json') : e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    paymentLimits: {
      createsPerProfileHour: e.PAYMENT_CREATES_PER_PROFILE_HOUR,
      createsPerNetworkHour: e.PAYMENT_CREATES_PER_NETWORK_HOUR,
      checksPerProfileHour: e.PAYMENT_CHECKS_PER_PROFILE_HOUR,
      checksPerNetworkHour: e.PAYMENT_CHECKS_PER_NETWORK_HOUR,
    },
    heavyWrites: { inFlight: e.HEAVY_WRITES_IN_FLIGHT, queue: e.HEAVY_WRITES_QUEUE },
    billingFirstHours: e.BILLING_FIRST_HOURS,
    billingReceiptEmail: e.BILLING_RECEIPT_EMAIL,
    paymentJobs: e.PAYMENT_JOBS ?? true,
    paymentJobsEveryMs: e.PAYMENT_JOBS_EVERY_S * 1000,
    reconcileAfterMinutes: e.PAYMENT_RECONCILE_AFTER_MINUTES,
    renewals: { batch: e.RENEWAL_BATCH, concurrency: e.RENEWAL_CONCURRENCY },
    shutdown: { delayMs: shutdownDelayMs, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    apiDocs: e.API_DOCS ?? !production,
    webCsp: e.WEB_CSP,
    instanceName: e.INSTANCE_NAME,
    partnerAccountKeys: partnerKeysOf(e, dataDir),
  };
}

/**
 * The partner-account keys: PARTNER_ACCOUNTS_KEY, else (outside production, which requires it) a key
 * generated once into DATA_DIR/partner-accounts.key, so the server and the operator commands on the
 * same DATA_DIR agree and restarts keep the accounts readable.
 */
function partnerKeysOf(
  e: { PARTNER_ACCOUNTS_KEY?: Buffer | undefined; PARTNER_ACCOUNTS_OLD_KEYS: Buffer[] },
  dataDir: string,
): PartnerAccountKeys {
  const current =
    e.PARTNER_ACCOUNTS_KEY ??
    Buffer.from(
      persistedSecret(dataDir, 'partner-accounts.key', () => randomBytes(32).toString('base64')),
      'base64',
    );
  if (current.length !== 32)
    throw new EnvError(
      `Invalid configuration:\n  ${join(dataDir, 'partner-accounts.key')}: not a 32-byte key`,
    );
  return { current, previous: e.PARTNER_ACCOUNTS_OLD_KEYS };
}

/**
 * What an operator command that reads or writes partner-site accounts needs: the storage settings and
 * the keys, with the server's rules (production requires PARTNER_ACCOUNTS_KEY).
 */
export function loadPartnerAccountsEnv(
  source: EnvSource = process.env,
): StorageEnv & { cwd: string; partnerAccountKeys: PartnerAccountKeys } {
  const storage = loadStorageEnv(source);
  const parsed = settingsSchema
    .pick({
      NODE_ENV: true,
      KADR_PRODUCTION: true,
      PARTNER_ACCOUNTS_KEY: true,
      PARTNER_ACCOUNTS_OLD_KEYS: true,
    })
    .safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.KADR_PRODUCTION ?? e.NODE_ENV === 'production';
  if (production && !e.PARTNER_ACCOUNTS_KEY)
    throw new EnvError(
      'Invalid configuration:\n  PARTNER_ACCOUNTS_KEY: required in production (openssl rand -base64 32)',
    );
  return { ...storage, partnerAccountKeys: partnerKeysOf(e, storage.dataDir) };
}

function catalogueSeedOf(value: string | undefined): string | undefined {
  if (value === undefined) return demoCatalogue;
  return FALSE.includes(value.trim().toLowerCase()) ? undefined : resolve(value);
}

/** Where the catalogue CLI reads and writes: the database and the data folder. */
export interface StorageEnv {
  dataDir: string;
  databaseUrl: string | undefined;
  mediaDir: string;
}

/**
 * The part of the configuration a command-line tool needs (DATABASE_URL, DATA_DIR), relative paths
 * resolved against `cwd`. Under `pnpm --filter … run` the process runs in the package folder, so the
 * CLI passes the folder the command was typed in (INIT_CWD) to reach the same DATA_DIR as the server.
 */
export function loadStorageEnv(source: EnvSource = process.env): StorageEnv & { cwd: string } {
  const parsed = settingsSchema
    .pick({ DATA_DIR: true, DATABASE_URL: true, INIT_CWD: true })
    .safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cwd = parsed.data.INIT_CWD ?? process.cwd();
  const dataDir = resolve(cwd, parsed.data.DATA_DIR);
  return { cwd, dataDir, databaseUrl: parsed.data.DATABASE_URL, mediaDir: join(dataDir, 'media') };
}

/** The ffmpeg binary `media:package` is told to use (FFMPEG_PATH); undefined: findFfmpeg looks for one. */
export function loadFfmpegPath(source: EnvSource = process.env): string | undefined {
  return settingsSchema.pick({ FFMPEG_PATH: true }).parse(source).FFMPEG_PATH;
}

/**
 * A development default generated once and kept in DATA_DIR/<name> (TOKEN_SECRET in `secret`, the
 * partner-account key in `partner-accounts.key`), so restarts keep sessions and readable accounts.
 * `wx` makes concurrent first starts agree on one value (the loser reads the winner's).
 */
function persistedSecret(dataDir: string, name: string, generate: () => string): string {
  const file = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, generate(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new EnvError(`Invalid configuration:\n  ${file}: secret shorter than 32 characters`);
  return secret;
}
