// Every environment variable the api reads, once: its parser (env.ts builds its schema from these and
// reads nothing else) and its row of docs/settings.md (src/cli/settings-docs.ts writes the file;
// settings.test.ts fails when the file is stale or a variable is read without a row here).
// Imports stay node: and npm ones only: src/cli/settings-docs.ts runs this file with plain Node.
import { isIP } from 'node:net';
import { z } from 'zod';

/** The parts of docs/settings.md, in the order they are written. */
export const SETTING_GROUPS = [
  'Server',
  'Storage',
  'Secrets and sessions',
  'Sign-in',
  'Web pages and embeds',
  'Playback and live TV',
  'Payments',
  'Demo content',
  'Logs and metrics',
  'Operator commands',
] as const;
/** A part of docs/settings.md. */
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** One environment variable: how it is parsed and how docs/settings.md describes it. */
export interface Setting<S extends z.ZodType = z.ZodType> {
  /** The part of docs/settings.md it is listed in. */
  group: SettingGroup;
  /** Its default as an operator reads it, markdown (`8080`, unset, on, off in production). */
  default: string;
  /** What it does, markdown in one table cell (no line breaks, no `|`). */
  meaning: string;
  /** Whether production mode refuses to start without it. Checked against loadEnv by settings.test.ts. */
  production?: 'required';
  /** Parses the variable's text; it gets undefined when the variable is unset. */
  schema: S;
}

/** Keeps an entry's own schema type (loadEnv's parsed values are typed by it). */
const setting = <S extends z.ZodType>(entry: Setting<S>): Setting<S> => entry;

/**
 * Due subscriptions one renewal pass claims at a time; a pass keeps claiming while whole batches come.
 * A batch's bookkeeping is a few set-based statements whatever its size (modules/billing/renewals.ts),
 * so bigger is cheaper per renewal; 500 charges finish well inside the claim's 5-minute lease
 * (bench/renewals.ts). RENEWAL_BATCH changes it.
 */
export const RENEWAL_BATCH = 500;
/**
 * Renewals one pass charges at the same time: a provider call is mostly waiting (YooKassa answers a
 * saved-card charge in hundreds of milliseconds), so throughput is charges in flight over latency.
 * RENEWAL_CONCURRENCY changes it.
 */
export const RENEWAL_CONCURRENCY = 64;
/** Default shutdown bound: under docker stop's 10 s before SIGKILL. */
export const SHUTDOWN_TIMEOUT_MS = 8000;

/** CSP directives the web app's policy may be widened with (WEB_CSP; http/security-headers.ts). */
export const WEB_CSP_DIRECTIVES = [
  'connect-src',
  'font-src',
  'frame-src',
  'img-src',
  'media-src',
  'script-src',
  'style-src',
  'worker-src',
] as const;
/** A directive of WEB_CSP. */
export type WebCspDirective = (typeof WEB_CSP_DIRECTIVES)[number];

/** How a flag's "on" is written. */
export const TRUE = ['1', 'true', 'on', 'yes'];
/** How a flag's "off" is written. */
export const FALSE = ['0', 'false', 'off', 'no'];

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE.includes(v) || FALSE.includes(v), 'expected on/off, true/false, 1/0 or yes/no')
  .transform((v) => TRUE.includes(v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A variable set to blanks counts as unset. */
export const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function isCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (!address || rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return Number.isInteger(n) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/**
 * Why `value` is not an exact web origin as browsers send it in `Origin` (http or https, host, port
 * only when not the default; no path, not even a trailing slash), or undefined when it is one.
 */
function originProblem(value: string): string | undefined {
  if (value === '*') return '"*" is not allowed: list the exact origins';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an origin like https://app.example.ru (scheme://host[:port])`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `"${value}": expected http:// or https://`;
  if (url.origin !== value) {
    return `"${value}" is not an origin (scheme://host[:port], no path, no trailing slash, lower case): did you mean "${url.origin}"?`;
  }
  return undefined;
}

/**
 * Why `source` may not widen the web app's policy, or undefined when it may: a scheme (`https:`), a
 * host with an optional scheme, port and path, or `'self'`. Wildcards alone and `'unsafe-…'` keywords
 * would undo what the policy is for.
 */
function cspSourceProblem(source: string): string | undefined {
  if (source === "'self'") return undefined;
  if (source === '*' || source.startsWith("'")) return `"${source}" would open the policy: list origins`;
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return undefined;
  if (/^([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9.-]+(:\d+)?(\/[^\s;,]*)?$/i.test(source)) return undefined;
  return `"${source}" is not a CSP source like https://cdn.kadr.ru`;
}

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A 256-bit key written as base64 (or base64url): 44 characters with padding. */
const aes256Key = z
  .string()
  .trim()
  .refine(
    (v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32,
    'expected 32 random bytes in base64 (openssl rand -base64 32)',
  )
  .transform((v) => Buffer.from(v, 'base64'));

/**
 * Every environment variable the api and its operator commands read. The order is the order of the
 * checks (an invalid configuration's problems are listed in it); docs/settings.md groups them by `group`.
 */
export const SETTINGS = {
  PORT: setting({
    group: 'Server',
    default: '`8080`',
    meaning: 'Listening port (`0`: any free port).',
    schema: z.coerce.number().int().min(0).max(65535).default(8080),
  }),
  HOST: setting({
    group: 'Server',
    default: '`127.0.0.1`, `0.0.0.0` in production',
    meaning:
      'Listening address. Development listens on loopback only: its sandbox SMS outbox and push page hand out sign-in codes. `HOST=0.0.0.0` reaches it from another machine (then anyone who can reach it can sign in as any phone).',
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
  DATA_DIR: setting({
    group: 'Storage',
    default: '`./.data`',
    meaning:
      'Data folder (relative to the working directory): the embedded database in `db/` when there is no `DATABASE_URL`, the generated `secret` and `partner-accounts.key`, the media store in `media/` and its keys in `keys/` (docs/media.md). Every instance needs the same `media/` and `keys/` (docs/deployment.md).',
    schema: z.string().min(1).default('./.data'),
  }),
  DATABASE_URL: setting({
    group: 'Storage',
    default: 'unset: embedded PGlite in `DATA_DIR/db`',
    meaning:
      '`postgres://…`: PostgreSQL (a pool) instead of the embedded PGlite, which serves one process only; required for more than one instance.',
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  }),
  DATABASE_POOL_SIZE: setting({
    group: 'Storage',
    default: '`10`',
    meaning:
      "PostgreSQL connections per instance (1–200); PostgreSQL's `max_connections` must cover every instance's pool plus the operator commands (docs/deployment.md).",
    schema: z.coerce.number().int().min(1).max(200).default(10),
  }),
  REDIS_URL: setting({
    group: 'Storage',
    default: 'unset: counters in the database (in memory with the embedded one), no session channel',
    meaning:
      '`redis://…` or `rediss://…`: rate-limit counters in Redis instead of the database, and ended sessions announced to the other instances; required for more than one instance. While Redis is down the counters fall back to the database (docs/decisions/025-dependency-recovery.md), to memory with the embedded database (docs/decisions/048).',
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  }),
  HEAVY_WRITES_IN_FLIGHT: setting({
    group: 'Storage',
    default: '`4` a write slot: `4` with the embedded database, `16` with PostgreSQL',
    meaning:
      'Heavy writes (createPayment, checkPayment) one instance runs at once (1–1024), at most one per profile; more wait their turn, profile after profile, so one profile cannot starve the others. docs/decisions/048.',
    schema: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1024).optional()),
  }),
  HEAVY_WRITES_QUEUE: setting({
    group: 'Storage',
    default: '`256`',
    meaning:
      'Heavy writes waiting at once on one instance (0–100000; 8 at most per profile); one more is shed with 503 `service_unavailable` and `Retry-After: 1`, without touching the database.',
    schema: z.coerce.number().int().min(0).max(100_000).default(256),
  }),
  DATABASE_CONNECT_TIMEOUT_MS: setting({
    group: 'Storage',
    default: '`2000`',
    meaning:
      'PostgreSQL: how long making a connection, or waiting for a free one of the pool, may take before the request answers 503 `service_unavailable` (100–60000), so a server that does not answer never holds requests. docs/decisions/025-dependency-recovery.md.',
    schema: z.coerce.number().int().min(100).max(60_000).default(2000),
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: setting({
    group: 'Storage',
    default: '`30000`',
    meaning:
      "PostgreSQL `statement_timeout` of the pool's connections (`0`: none); a statement cancelled by it answers 503.",
    schema: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  }),
  NODE_ENV: setting({
    group: 'Server',
    default: 'unset: development',
    meaning:
      '`production` selects production mode: sandboxes off, `TOKEN_SECRET` and `PARTNER_ACCOUNTS_KEY` required, listening on 0.0.0.0, HSTS, API reference and demo content off, a 2 s drain. (`test`, as Vitest sets it, also checks every answer against the contract.)',
    schema: z.string().optional(),
  }),
  KADR_PRODUCTION: setting({
    group: 'Server',
    default: 'unset: as `NODE_ENV`',
    meaning: '`on` selects production mode, `off` development, whatever `NODE_ENV` says.',
    schema: flag,
  }),
  SANDBOX_PROVIDERS: setting({
    group: 'Server',
    default: 'on; off in production',
    meaning:
      'Sandbox SMS outbox, push page, YooKassa emulator and OpenID Connect provider, and their `/sandbox/*` pages; the embed playground `/embed/playground/`. Production refuses to start with it on: the sandboxes give anyone sign-in codes, subscriptions and identities (docs/decisions/054).',
    schema: flag,
  }),
  TOKEN_SECRET: setting({
    group: 'Secrets and sessions',
    default: 'generated into `DATA_DIR/secret`',
    meaning:
      'Key of access tokens, code hashes and anonymous refresh tokens (≥ 32 characters). The same on every instance; changing it ends every session (docs/deployment.md, "Secrets").',
    production: 'required',
    schema: z.preprocess(emptyAsUndefined, z.string().min(32, 'at least 32 characters').optional()),
  }),
  MEDIA_SECRET: setting({
    group: 'Secrets and sessions',
    default: 'derived from `TOKEN_SECRET`',
    meaning:
      "Signs playback grants and segment URLs (≥ 32 of `A-Za-z0-9_-`; docs/decisions/005). nginx's `secure_link` needs the same value: set it when nginx serves the media (docs/nginx/kadr-media.conf).",
    // Written into an nginx config as a string: no spaces, quotes or semicolons.
    schema: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{32,}$/, 'at least 32 characters of A-Z, a-z, 0-9, _ and -')
        .optional(),
    ),
  }),
  ACCESS_TOKEN_TTL: setting({
    group: 'Secrets and sessions',
    default: '`900`',
    meaning: 'Access token lifetime, seconds.',
    schema: positiveInt(900),
  }),
  REFRESH_TOKEN_GRACE: setting({
    group: 'Secrets and sessions',
    default: '`10`',
    meaning:
      'Seconds a rotated refresh token still yields a sibling pair (two tabs refreshing at once); later reuse ends the session.',
    schema: z.coerce.number().int().min(0).default(10),
  }),
  SESSION_CACHE_TTL: setting({
    group: 'Secrets and sessions',
    default: '`600` embedded, `5` with `DATABASE_URL`',
    meaning:
      "Seconds a checked session is trusted from this process's memory (0–3600; `0`: check the database on every request). Another instance's logout reaches this one at once through Redis, without Redis after at most this long; the embedded database has no other writer, so its default is long. docs/decisions/002-auth-hot-path.md.",
    schema: z.coerce.number().min(0).max(3600).optional(),
  }),
  PLAYBACK_GRANT_SECONDS: setting({
    group: 'Playback and live TV',
    default: '`300`',
    meaning:
      "Seconds a release's playback grant works (30–3600): what a leaked playlist or key URL is worth. The player renews it before then; it stops earlier when the session ends or the package is no longer held (docs/decisions/022).",
    schema: z.coerce.number().int().min(30).max(3600).default(300),
  }),
  STREAM_LIMIT: setting({
    group: 'Playback and live TV',
    default: '`3`',
    meaning:
      'Full playbacks of sold titles and channels one profile may have at once (0–100; `0`: no limit). The next is refused with `stream_limit` and the list of the others, one of which the viewer may stop; one that stops fetching keys frees its place within a minute. Previews, trailers and free titles do not count. docs/decisions/057.',
    schema: z.coerce.number().int().min(0).max(100).default(3),
  }),
  LIVE_DVR_SECONDS: setting({
    group: 'Playback and live TV',
    default: '`1800`',
    meaning:
      "How far back a full live playlist reaches (pause and rewind; 0–21600), within the channel's archive; `0` or a channel without archive: a 24 s live window. docs/decisions/029.",
    schema: z.coerce
      .number()
      .int()
      .min(0)
      .max(6 * 3600)
      .default(1800),
  }),
  ARCHIVE_DAYS: setting({
    group: 'Playback and live TV',
    default: "unset: the manifest's",
    meaning:
      "Upper bound (0–30) on every channel's `archive_days` from the manifest (`0`: no archive anywhere); unset: the manifest's days as they are.",
    schema: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(30).optional()),
  }),
  LIVE_PREVIEWS_PER_HOUR: setting({
    group: 'Playback and live TV',
    default: '`3`',
    meaning:
      'Live previews one profile gets of one channel per rolling hour (1–100); more answer 403 `preview_spent` with `retry_after`.',
    schema: z.coerce.number().int().min(1).max(100).default(3),
  }),
  LIVE_PREVIEWS_PER_NETWORK_HOUR: setting({
    group: 'Playback and live TV',
    default: '`10`',
    meaning:
      'Live previews one client network (an IPv4 address, an IPv6 /64) gets of one channel per rolling hour, whatever profiles it makes; households and carrier NAT share addresses: raise it behind a shared one.',
    schema: z.coerce.number().int().min(1).max(100_000).default(10),
  }),
  LIVE_PREVIEWS_PER_SUBNET_HOUR: setting({
    group: 'Playback and live TV',
    default: '`50`',
    meaning:
      'Live previews one client subnet (IPv4 /24, IPv6 /48) gets of one channel per rolling hour, beside `LIVE_PREVIEWS_PER_NETWORK_HOUR` per address: addresses rotating within one subnet share it (docs/decisions/046).',
    schema: z.coerce.number().int().min(1).max(1_000_000).default(50),
  }),
  AUTH_CLIENTS: setting({
    group: 'Secrets and sessions',
    default: '`web:web`',
    meaning:
      'Comma-separated `client_id:client_secret` pairs apps sign in with (authApp, refreshToken); set your own in production. Rotation: add the new pair, move the apps, remove the old.',
    schema: z
      .string()
      .default('web:web')
      .transform((v, ctx) => {
        const clients = new Map<string, string>();
        for (const pair of v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const at = pair.indexOf(':');
          if (at <= 0 || at === pair.length - 1) {
            ctx.addIssue({ code: 'custom', message: `"${pair}" is not client_id:client_secret` });
            return z.NEVER;
          }
          clients.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return clients;
      }),
  }),
  GOODLINE_IP_RANGES: setting({
    group: 'Sign-in',
    default: 'empty',
    meaning:
      'Comma-separated CIDR ranges of the blocked provider; sendAuth answers their callers `is_goodline: true` and sends nothing.',
    schema: list.refine((v) => v.every(isCidr), 'expected comma-separated CIDR ranges'),
  }),
  CORS_ORIGINS: setting({
    group: 'Web pages and embeds',
    default: 'empty: same-origin only',
    meaning:
      'Comma-separated exact origins (`https://app.partner.ru`, no path or trailing slash) whose pages may call the API paths (`/web/…`, `/v1/agregator/…`, `/v2/agregator/…`) cross-origin; empty: no CORS headers at all. No credentials: the client sends bearer tokens. A malformed entry stops the start. docs/decisions/013-cors.md.',
    schema: list
      .superRefine((origins, ctx) => {
        for (const origin of origins) {
          const problem = originProblem(origin);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }
      })
      .transform((origins) => [...new Set(origins)]),
  }),
  EMBED_ANCESTORS: setting({
    group: 'Web pages and embeds',
    default: '`*`: any site',
    meaning:
      'Who may frame the frame player page `/promo/web/embed/` (its `frame-ancestors`): `*`, any site (partners are not a known list), or comma-separated exact origins. Every other page refuses any framing. docs/decisions/035-embed-frame-page.md.',
    schema: list.default(['*']).superRefine((origins, ctx) => {
      for (const origin of origins) {
        const problem = origin === '*' ? undefined : originProblem(origin);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
      if (origins.includes('*') && origins.length > 1)
        ctx.addIssue({ code: 'custom', message: '"*" allows every site: list origins or "*" alone' });
    }),
  }),
  TRUST_PROXY: setting({
    group: 'Server',
    default: 'off',
    meaning:
      "Behind a proxy: `true`, a hop count (`1`: nginx in front), or comma-separated proxy addresses/CIDRs; the client's address is then read from `X-Forwarded-For`. Without it behind nginx every viewer looks like nginx, and every payment notification is refused as untrusted.",
    schema: z
      .string()
      .optional()
      .transform((v): boolean | number | string[] => {
        const s = (v ?? '').trim().toLowerCase();
        if (s === '' || FALSE.includes(s)) return false;
        if (TRUE.includes(s) && s !== '1') return true;
        if (/^\d+$/.test(s)) return Number(s);
        return s.split(',').map((x) => x.trim());
      }),
  }),
  SMS_GATEWAY_URL: setting({
    group: 'Sign-in',
    default: 'unset: the sandbox outbox',
    meaning: 'Real SMS gateway: `POST {to, text}` JSON with `Authorization: Bearer $SMS_GATEWAY_TOKEN`.',
    production: 'required',
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  }),
  SMS_GATEWAY_TOKEN: setting({
    group: 'Sign-in',
    default: 'unset',
    meaning: "The SMS gateway's bearer token; required with `SMS_GATEWAY_URL`.",
    production: 'required',
    schema: z.preprocess(emptyAsUndefined, z.string().optional()),
  }),
  PUSH_SIGNIN: setting({
    group: 'Sign-in',
    default: 'as `SANDBOX_PROVIDERS`',
    meaning: 'Push sign-in beside the SMS code; needs `SANDBOX_PROVIDERS=on` (no real push provider yet).',
    schema: flag,
  }),
  YOOKASSA_SHOP_ID: setting({
    group: 'Payments',
    default: 'unset: the sandbox YooKassa',
    meaning:
      "Real YooKassa shop id (HTTP Basic user); set it with `YOOKASSA_SECRET_KEY`, or neither for the sandbox YooKassa at `/sandbox/yookassa/`. Notifications arrive at `/v1/payments/yookassa/notifications`: set that URL in YooKassa's dashboard. docs/decisions/016-payment-provider.md.",
    production: 'required',
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
  YOOKASSA_SECRET_KEY: setting({
    group: 'Payments',
    default: 'unset',
    meaning: 'Real YooKassa secret key (HTTP Basic password); set both or neither.',
    production: 'required',
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
  YOOKASSA_API_URL: setting({
    group: 'Payments',
    default: '`https://api.yookassa.ru/v3`',
    meaning:
      'API root the YooKassa adapter calls (another YooKassa-compatible endpoint, e.g. the sandbox of another instance).',
    schema: z.url({ protocol: /^https?$/ }).default('https://api.yookassa.ru/v3'),
  }),
  YOOKASSA_WEBHOOK_URL: setting({
    group: 'Payments',
    default: "the api's own `/v1/payments/yookassa/notifications`",
    meaning:
      "Where the sandbox YooKassa posts its notifications; by default this api's own route on the address it listens on.",
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  }),
  CHECKOUT_WIDGET_URL: setting({
    group: 'Payments',
    default:
      "YooKassa's `https://yookassa.ru/checkout-widget/v1/checkout-widget.js` with `YOOKASSA_SHOP_ID`, else the sandbox's `/sandbox/yookassa/checkout-widget/v1/checkout-widget.js`",
    meaning:
      "The card payment widget's script the web app loads. The api writes it into the app's pages as they are served, so one build serves every deployment; https in production, and its origin is allowed in the web app's policy. docs/decisions/054.",
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  }),
  OIDC_NAME: setting({
    group: 'Sign-in',
    default: '`oidc`',
    meaning:
      "The OpenID Connect provider's name in its web route `/promo/web/auth_{name}/` (a-z, 0-9, hyphen; not `sandbox`, the sandbox provider's).",
    schema: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,30}$/, 'lower-case letters, digits and hyphens, up to 30')
      .default('oidc'),
  }),
  OIDC_ISSUER: setting({
    group: 'Sign-in',
    default: "unset: no provider but the sandbox's",
    meaning:
      'A real OpenID Connect provider (set `OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET` and `OIDC_REDIRECT_URI` all or none): its issuer, discovery at `/.well-known/openid-configuration`; https in production. docs/decisions/041-identity-provider.md.',
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  }),
  OIDC_CLIENT_ID: setting({
    group: 'Sign-in',
    default: 'unset',
    meaning: "This service's client id at the OpenID Connect provider.",
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
  OIDC_CLIENT_SECRET: setting({
    group: 'Sign-in',
    default: 'unset',
    meaning:
      'This service\'s client secret at the OpenID Connect provider, sent at the code exchange (rotation: docs/deployment.md, "Secrets").',
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
  OIDC_REDIRECT_URI: setting({
    group: 'Sign-in',
    default: 'unset',
    meaning:
      'The web route registered with the provider as redirect URI, exactly `https://<site>/promo/web/auth_{OIDC_NAME}/` as a URL parser writes it (no `user@`, query or fragment: the provider compares it as a string); https in production.',
    schema: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  }),
  SANDBOX_YOOKASSA_WEBHOOK_DUPLICATES: setting({
    group: 'Payments',
    default: '`0`',
    meaning:
      'The sandbox YooKassa sends each notification this many extra times (0–5), to test exactly-once fulfilment.',
    schema: z.coerce.number().int().min(0).max(5).default(0),
  }),
  SANDBOX_YOOKASSA_WEBHOOK_REORDER_MS: setting({
    group: 'Payments',
    default: '`0`',
    meaning:
      'Each sandbox YooKassa notification waits up to this many ms at random before its first post, so they may arrive out of order.',
    schema: z.coerce.number().int().min(0).max(600_000).default(0),
  }),
  RATE_LIMIT_PHONE_HOUR: setting({
    group: 'Sign-in',
    default: '`5`',
    meaning:
      'Codes per phone per rolling hour; a device that signed in to the phone before has its own budget (docs/decisions/021).',
    schema: positiveInt(5),
  }),
  RATE_LIMIT_PHONE_DAY: setting({
    group: 'Sign-in',
    default: '`10`',
    meaning: 'Codes per phone per rolling 24 h (the same budgets).',
    schema: positiveInt(10),
  }),
  RATE_LIMIT_IP_HOUR: setting({
    group: 'Sign-in',
    default: '`20`',
    meaning: 'Codes per client address per rolling hour: an IPv4 address, an IPv6 /64.',
    schema: positiveInt(20),
  }),
  RATE_LIMIT_SUBNET_HOUR: setting({
    group: 'Sign-in',
    default: '`100`',
    meaning:
      'Codes per client subnet (IPv4 /24, IPv6 /48) per rolling hour, beside `RATE_LIMIT_IP_HOUR`: one requester rotating through its addresses meets one budget (docs/decisions/046).',
    schema: positiveInt(100),
  }),
  RATE_LIMIT_SMS_HOUR: setting({
    group: 'Sign-in',
    default: '`1000`',
    meaning:
      'Sign-in SMS of the whole service per rolling hour (the global budget against SMS pumping); over it sendAuth answers 503 `sms_budget_exhausted` with `retry_after`.',
    schema: positiveInt(1000),
  }),
  RATE_LIMIT_WRONG_CODES_DAY: setting({
    group: 'Sign-in',
    default: '`10`',
    meaning:
      'Wrong codes per phone per rolling 24 h before its codes are stepped up to one try each (never a lock).',
    schema: positiveInt(10),
  }),
  RATE_LIMIT_ANONYMOUS_IP_HOUR: setting({
    group: 'Sign-in',
    default: '`120`',
    meaning:
      'New devices (each a new anonymous profile) per client address (IPv6: per /64) per rolling hour; over it anonymousAuth answers 429 `new_visits_limited` with `Retry-After`. Known devices are never counted, nor cross-site browser requests (refused). docs/decisions/023, 046.',
    schema: positiveInt(120),
  }),
  RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: setting({
    group: 'Sign-in',
    default: '`1000`',
    meaning:
      'New devices per client subnet (IPv4 /24, IPv6 /48) per rolling hour, beside the per-address limit: addresses that rotate within one subnet share it, and no single address can spend it. Over it anonymousAuth answers 429 `new_visits_limited`. docs/decisions/046.',
    schema: positiveInt(1000),
  }),
  RATE_LIMIT_ANONYMOUS_HOUR: setting({
    group: 'Sign-in',
    default: '`20000`',
    meaning:
      'New devices of the whole service per rolling hour (the ceiling against floods from many networks); over it anonymousAuth answers 429 `new_visits_budget_exhausted`. The web app still shows the catalogue (docs/decisions/047).',
    schema: positiveInt(20000),
  }),
  RATE_LIMIT_ANONYMOUS_DEVICE_DAY: setting({
    group: 'Sign-in',
    default: '`20`',
    meaning:
      'Anonymous profiles one device uid gets per day (it gets a new one only after a sign-in took its last).',
    schema: positiveInt(20),
  }),
  RATE_LIMIT_SIGN_IN_LINK_IP_HOUR: setting({
    group: 'Sign-in',
    default: '`30`',
    meaning:
      'authByLink exchanges that sign nobody in (unknown, spent or expired values) per client address (IPv6: per /64) per rolling hour; a sign-in gives its count back. Over it: 429 `rate_limited`. docs/decisions/046.',
    schema: positiveInt(30),
  }),
  RATE_LIMIT_SIGN_IN_LINK_SUBNET_HOUR: setting({
    group: 'Sign-in',
    default: '`150`',
    meaning: 'The same per client subnet (IPv4 /24, IPv6 /48).',
    schema: positiveInt(150),
  }),
  RATE_LIMIT_SIGN_IN_LINK_PROFILE_HOUR: setting({
    group: 'Sign-in',
    default: '`10`',
    meaning:
      'Sign-ins by link into one profile per rolling hour; a refused exchange leaves the link unspent (429 `rate_limited`).',
    schema: positiveInt(10),
  }),
  ANONYMOUS_PROFILE_IDLE_DAYS: setting({
    group: 'Sign-in',
    default: '`30`',
    meaning:
      'An anonymous profile that owns nothing (no subscription, payment, receipt, saved card or trial) and was not seen (anonymous auth, refresh) for this many days is deleted by a batch job every 10 minutes. At least 2, and more than a day longer than `ACCESS_TOKEN_TTL`.',
    // At least 2: a profile is marked seen to the day, and a token of one seen a day ago may still be live.
    schema: z.coerce.number().int().min(2).max(3650).default(30),
  }),
  RATE_LIMIT_WRONG_CODES_IP_DAY: setting({
    group: 'Sign-in',
    default: '`30`',
    meaning:
      'Wrong codes per client address (IPv6: /64) per rolling 24 h; over it that address gets 429 `too_many_wrong_codes`.',
    schema: positiveInt(30),
  }),
  RATE_LIMIT_WRONG_CODES_SUBNET_DAY: setting({
    group: 'Sign-in',
    default: '`150`',
    meaning:
      'Wrong codes per client subnet (IPv4 /24, IPv6 /48) per rolling 24 h, beside the per-address limit; over it that subnet gets 429 `too_many_wrong_codes` (docs/decisions/046).',
    schema: positiveInt(150),
  }),
  WEB_DIST: setting({
    group: 'Web pages and embeds',
    default: '`apps/web/dist` (beside this package)',
    meaning: 'Built web app served at `/promo/web/`; a placeholder page when missing.',
    schema: z.preprocess(emptyAsUndefined, z.string().optional()),
  }),
  CATALOGUE_SEED: setting({
    group: 'Demo content',
    default: 'the demo manifest, `apps/api/demo/catalogue.yaml`',
    meaning:
      'Manifest imported at start when the catalogue is empty (docs/catalogue-manifest.md); `off`: none. In production set it `off` and import your catalogue with `catalogue:import`, the guide with `epg:import` (docs/epg-import.md).',
    schema: z.preprocess(emptyAsUndefined, z.string().optional()),
  }),
  DEMO_MEDIA: setting({
    group: 'Demo content',
    default: 'on, off in production',
    meaning:
      "After start, generate and package HLS media for the catalogue's films, episodes and trailers that have none, and the channels' live loops, in the background (`DATA_DIR/media`, cached; docs/media.md).",
    schema: flag,
  }),
  DEMO_SCHEDULE: setting({
    group: 'Demo content',
    default: 'on, off in production',
    meaning:
      "Fill the programme guide from the demo EPG: after start (in the background) and a minute after each Moscow midnight, every channel's Moscow days today − 3 … today + 7. Existing programmes are never rewritten.",
    schema: flag,
  }),
  LOG_LEVEL: setting({
    group: 'Logs and metrics',
    default: '`info`',
    meaning:
      '`fatal` … `trace`, or `silent`. Logs carry method, path and address — never query strings, headers, bodies, codes or tokens.',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }),
  LOG_SLOW_MS: setting({
    group: 'Logs and metrics',
    default: '`1000`',
    meaning:
      'At `info` a request gets a log line only when it fails (4xx at `info`, 5xx at `error`) or takes longer than this many ms (`warn`); `debug` logs every request. docs/decisions/002, decision 9.',
    schema: z.coerce.number().int().min(1).default(1000),
  }),
  LOG_FORMAT: setting({
    group: 'Logs and metrics',
    default: '`auto`',
    meaning:
      '`json` (one object a line), `pretty` (readable coloured lines, pino-pretty), or `auto`: pretty when stdout is a terminal and not in production, else json. Redaction is the same in both.',
    schema: z.enum(['auto', 'json', 'pretty']).default('auto'),
  }),
  METRICS_TOKEN: setting({
    group: 'Logs and metrics',
    default: 'unset',
    meaning:
      'Bearer token `GET /metrics` (Prometheus) asks for, at least 32 characters; unset: open in development, not served at all in production. docs/decisions/027.',
    schema: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._~+/=-]{32,}$/, 'at least 32 characters, no spaces (a bearer token)')
        .optional(),
    ),
  }),
  PAYMENT_CREATES_PER_PROFILE_HOUR: setting({
    group: 'Payments',
    default: '`20`',
    meaning:
      'createPayment calls per profile per rolling hour (a repeat answered with the open payment counts too); more answer 429 `rate_limited` with `Retry-After`, counted without the database with the embedded one. docs/decisions/048.',
    schema: positiveInt(20),
  }),
  PAYMENT_CREATES_PER_NETWORK_HOUR: setting({
    group: 'Payments',
    default: '`300`',
    meaning:
      'createPayment calls per client network (an IPv4 address, an IPv6 /64) per rolling hour, whatever profiles it makes; households and carrier NAT share addresses: raise it behind a shared one.',
    schema: positiveInt(300),
  }),
  PAYMENT_CHECKS_PER_PROFILE_HOUR: setting({
    group: 'Payments',
    default: '`600`',
    meaning:
      'checkPayment calls per profile per rolling hour (the overlay polls every 2 s, 15 times a payment); more answer 429 `rate_limited`.',
    schema: positiveInt(600),
  }),
  PAYMENT_CHECKS_PER_NETWORK_HOUR: setting({
    group: 'Payments',
    default: '`6000`',
    meaning: 'checkPayment calls per client network (an IPv4 address, an IPv6 /64) per rolling hour.',
    schema: positiveInt(6000),
  }),
  BILLING_FIRST_HOURS: setting({
    group: 'Payments',
    default: '`3`',
    meaning:
      "Hours after a successful payment (0–72) during which goods.actions starts with `first_hours` (the cancel flow shows only 'Проверка платежа' and unsubscribePackage is refused). docs/decisions/015.",
    schema: z.coerce.number().min(0).max(72).default(3),
  }),
  BILLING_RECEIPT_EMAIL: setting({
    group: 'Payments',
    default: '`receipts@kadr.example`',
    meaning:
      "The 54-FZ receipt contact sent for a buyer without a phone (an anonymous profile); set the shop's address in production.",
    schema: z.email().default('receipts@kadr.example'),
  }),
  PAYMENT_JOBS: setting({
    group: 'Payments',
    default: 'on',
    meaning:
      'Run the payment jobs (renewals, reconciliation, receipts) after listen, on every instance (the work is shared by row claims); `off` for tests and benchmarks that drive them. docs/decisions/018-payment-flow.md.',
    schema: flag,
  }),
  PAYMENT_JOBS_EVERY_S: setting({
    group: 'Payments',
    default: '`60`',
    meaning:
      'Seconds between passes of the payment jobs on each instance (1–3600); more instances do not charge twice (docs/decisions/024).',
    schema: z.coerce.number().int().min(1).max(3600).default(60),
  }),
  PAYMENT_RECONCILE_AFTER_MINUTES: setting({
    group: 'Payments',
    default: '`10`',
    meaning:
      'A payment still pending this long after it was last looked at is asked of the provider (a notification that never came).',
    schema: z.coerce.number().int().min(1).max(1440).default(10),
  }),
  RENEWAL_BATCH: setting({
    group: 'Payments',
    default: `\`${RENEWAL_BATCH}\``,
    meaning:
      "Due subscriptions one instance's renewal pass claims at a time (FOR UPDATE SKIP LOCKED and a 5-minute lease); a pass keeps claiming while whole batches come.",
    schema: z.coerce.number().int().min(1).max(10_000).default(RENEWAL_BATCH),
  }),
  RENEWAL_CONCURRENCY: setting({
    group: 'Payments',
    default: `\`${RENEWAL_CONCURRENCY}\``,
    meaning:
      'Renewal charges one instance has in flight at once (in groups of 32, each settled in one statement). Bounded by what the provider accepts (its rate limit); bench/renewals.ts measures 256.',
    schema: z.coerce.number().int().min(1).max(1024).default(RENEWAL_CONCURRENCY),
  }),
  SHUTDOWN_DELAY_MS: setting({
    group: 'Server',
    default: '`0`, `2000` in production',
    meaning:
      'On SIGTERM/SIGINT, how long `/readyz` and `/healthz` answer 503 (requests still served, each with `Connection: close`) before the listener closes, so a balancer polling readiness stops sending work first. Shorter than `SHUTDOWN_TIMEOUT_MS`. docs/decisions/020-server-lifecycle.md.',
    schema: z.coerce.number().int().min(0).max(600_000).optional(),
  }),
  SHUTDOWN_TIMEOUT_MS: setting({
    group: 'Server',
    default: `\`${SHUTDOWN_TIMEOUT_MS}\``,
    meaning:
      "Bound on the whole shutdown: requests still running near its end are cut, background work stops, the database closes; at the end the process exits 1 anyway with its lock released. Keep it under the orchestrator's grace period (docker stop: 10 s, Kubernetes: 30 s).",
    schema: z.coerce.number().int().min(1).max(600_000).default(SHUTDOWN_TIMEOUT_MS),
  }),
  API_DOCS: setting({
    group: 'Server',
    default: 'on, off in production',
    meaning:
      'Serve the API reference at `/docs` and the OpenAPI document at `/openapi.json`; off, both answer the 404 envelope. docs/decisions/023.',
    schema: flag,
  }),
  PARTNER_ACCOUNTS_KEY: setting({
    group: 'Secrets and sessions',
    default: 'generated into `DATA_DIR/partner-accounts.key`',
    meaning:
      'AES-256 key (32 bytes, base64: `openssl rand -base64 32`) of partner-site e-mails and passwords; the same on every instance and for the `partners:*` commands (rotation: docs/deployment.md, "Secrets"). docs/decisions/042-partner-accounts.md.',
    production: 'required',
    schema: z.preprocess(emptyAsUndefined, aes256Key.optional()),
  }),
  PARTNER_ACCOUNTS_OLD_KEYS: setting({
    group: 'Secrets and sessions',
    default: 'none',
    meaning:
      'Comma-separated former keys, still read during a rotation until `partners:rekey` has re-encrypted their accounts.',
    schema: list.pipe(z.array(aes256Key)),
  }),
  INSTANCE_NAME: setting({
    group: 'Server',
    default: 'unset: no header',
    meaning:
      "This instance's name behind the balancer (`api-1`; up to 64 of `A-Za-z0-9._-`), sent as `X-Kadr-Instance` on every answer so operators see which instance served a request. docs/decisions/024.",
    // A header value: a short token, no spaces or control characters.
    schema: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,64}$/, 'up to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-"')
        .optional(),
    ),
  }),
  WEB_CSP: setting({
    group: 'Web pages and embeds',
    default: 'empty',
    meaning: `Sources added to the web app's Content-Security-Policy, as directives: \`connect-src https://api.kadr.ru; img-src https://cdn.kadr.ru\` (an API, media, a CDN or analytics on other origins). Directives: ${WEB_CSP_DIRECTIVES.join(', ')}; \`*\` and \`'unsafe-…'\` are refused. With real YooKassa, \`https://yookassa.ru\` is allowed for the widget's script and frame. docs/decisions/023.`,
    schema: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const extra: Partial<Record<WebCspDirective, string[]>> = {};
        for (const part of (v ?? '').split(';')) {
          const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
          if (!name) continue;
          if (!(WEB_CSP_DIRECTIVES as readonly string[]).includes(name)) {
            ctx.addIssue({ code: 'custom', message: `"${name}": one of ${WEB_CSP_DIRECTIVES.join(', ')}` });
            continue;
          }
          for (const source of sources) {
            const problem = cspSourceProblem(source);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }
          const directive = name as WebCspDirective;
          extra[directive] = [...(extra[directive] ?? []), ...sources];
        }
        return extra;
      }),
  }),
  RATE_LIMIT_PREFIX_HOUR: setting({
    group: 'Sign-in',
    default: 'unset',
    meaning:
      'Removed (it let one requester block a whole prefix; docs/decisions/021): set, it stops the start. `RATE_LIMIT_SMS_HOUR` caps SMS pumping instead.',
    schema: z.preprocess(emptyAsUndefined, z.string().optional()),
  }),
  INIT_CWD: setting({
    group: 'Operator commands',
    default: 'set by pnpm',
    meaning:
      "The folder an operator command was typed in (`pnpm --filter @kadr/api …` runs it in `apps/api`); the commands resolve a relative `DATA_DIR` against it, to reach the server's. Unset: the working directory.",
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
  FFMPEG_PATH: setting({
    group: 'Operator commands',
    default: "unset: the system's, else `@ffmpeg-installer/ffmpeg`'s",
    meaning: 'The ffmpeg binary `media:package` packages with (docs/media.md).',
    schema: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  }),
};

/** The name of an environment variable the api reads. */
export type SettingName = keyof typeof SETTINGS;

/** The environment's schema: one key per setting, in SETTINGS' order (so its problems are listed in it). */
export const settingsSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, entry]) => [name, entry.schema])) as {
    [K in SettingName]: (typeof SETTINGS)[K]['schema'];
  },
);
