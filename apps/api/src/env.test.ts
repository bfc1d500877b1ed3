import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv, loadPartnerAccountsEnv } from './env';
import { PRODUCTION_SETTINGS } from './test/security-settings';

/** A partner-account key as operators write it (openssl rand -base64 32). */
const PARTNER_KEY = Buffer.alloc(32, 1).toString('base64');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-env-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadEnv', () => {
  it('has development defaults', () => {
    const env = loadEnv({ DATA_DIR: tempDir() }, {});
    expect(env).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      production: false,
      sandboxProviders: true,
      pushSignin: true,
      accessTokenTtl: 900,
      refreshTokenGrace: 10,
      goodlineIpRanges: [],
      corsOrigins: [],
      trustProxy: false,
      smsGateway: undefined,
      rateLimits: {
        phonePerHour: 5,
        phonePerDay: 10,
        ipPerHour: 20,
        smsPerHour: 1000,
        wrongCodesPerDay: 10,
        wrongCodesPerNetworkDay: 30,
      },
      logLevel: 'info',
      logSlowMs: 1000,
    });
    expect(env.authClients).toEqual(new Map([['web', 'web']]));
    expect(env.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('generates TOKEN_SECRET once and keeps it in DATA_DIR/secret', () => {
    const dir = tempDir();
    const first = loadEnv({ DATA_DIR: dir }, {});
    const second = loadEnv({ DATA_DIR: join(dir, '.') }, {});
    expect(first.tokenSecret).toHaveLength(43);
    expect(second.tokenSecret).toBe(first.tokenSecret);
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(first.tokenSecret);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('takes PARTNER_ACCOUNTS_KEY and PARTNER_ACCOUNTS_OLD_KEYS as 32 bytes of base64 (or base64url)', () => {
    const old = Buffer.alloc(32, 2);
    const env = loadEnv(
      {
        DATA_DIR: tempDir(),
        PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
        PARTNER_ACCOUNTS_OLD_KEYS: ` ${old.toString('base64url')} , ${Buffer.alloc(32, 3).toString('base64')}`,
      },
      {},
    );
    expect(env.partnerAccountKeys).toEqual({
      current: Buffer.alloc(32, 1),
      previous: [old, Buffer.alloc(32, 3)],
    });
  });

  it('refuses a partner key that is not 32 bytes of base64, without repeating it', () => {
    for (const bad of [Buffer.alloc(16, 1).toString('base64'), 'not a key at all', `${PARTNER_KEY}x`]) {
      for (const name of ['PARTNER_ACCOUNTS_KEY', 'PARTNER_ACCOUNTS_OLD_KEYS']) {
        let message = '';
        try {
          loadEnv({ DATA_DIR: tempDir(), [name]: bad }, {});
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toContain(`${name}`);
        expect(message).toContain('expected 32 random bytes in base64');
        expect(message).not.toContain(bad);
      }
    }
  });

  it('generates the partner key into DATA_DIR/partner-accounts.key outside production and keeps it', () => {
    const dir = tempDir();
    const first = loadEnv({ DATA_DIR: dir }, {}).partnerAccountKeys.current;
    expect(first).toHaveLength(32);
    expect(loadEnv({ DATA_DIR: dir }, {}).partnerAccountKeys.current).toEqual(first);
    expect(loadPartnerAccountsEnv({ DATA_DIR: dir }).partnerAccountKeys).toEqual({
      current: first,
      previous: [],
    });
    expect(readFileSync(join(dir, 'partner-accounts.key'), 'utf8')).toBe(first.toString('base64'));
    expect(statSync(join(dir, 'partner-accounts.key')).mode & 0o777).toBe(0o600);
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).partnerAccountKeys.current).not.toEqual(first);
  });

  it('requires PARTNER_ACCOUNTS_KEY in production, for the server and the operator commands', () => {
    const production = { ...PRODUCTION_SETTINGS, DATA_DIR: tempDir() };
    expect(() => loadEnv({ ...production, TOKEN_SECRET: 'x'.repeat(32) }, {})).toThrow(
      'PARTNER_ACCOUNTS_KEY: required in production',
    );
    expect(() => loadPartnerAccountsEnv(production)).toThrow('PARTNER_ACCOUNTS_KEY: required in production');
    expect(
      loadPartnerAccountsEnv({ ...production, PARTNER_ACCOUNTS_KEY: PARTNER_KEY }).partnerAccountKeys.current,
    ).toEqual(Buffer.alloc(32, 1));
  });

  it('requires TOKEN_SECRET and a real SMS gateway in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() }, {})).toThrow(EnvError);
    const message = (() => {
      try {
        loadEnv({ KADR_PRODUCTION: 'on', DATA_DIR: tempDir() }, {});
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(message).toContain('TOKEN_SECRET');
    expect(message).toContain('SMS_GATEWAY_URL');
    expect(message).toContain('SMS_GATEWAY_URL: required in production');
    expect(message).toContain('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY: required in production');
    // Nothing suggests the sandboxes as a way out (docs/decisions/054).
    expect(message).not.toMatch(/SANDBOX_PROVIDERS|sandbox/i);
  });

  it('refuses to start production with the sandbox providers on, however production is chosen', () => {
    const secrets = { TOKEN_SECRET: 'x'.repeat(32), PARTNER_ACCOUNTS_KEY: PARTNER_KEY };
    for (const mode of [{ NODE_ENV: 'production' }, { KADR_PRODUCTION: 'on' }]) {
      for (const on of ['on', 'true', '1', 'yes']) {
        const settings = { ...PRODUCTION_SETTINGS, ...secrets, ...mode, DATA_DIR: tempDir() };
        expect(() => loadEnv({ ...settings, SANDBOX_PROVIDERS: on }, {}), on).toThrow(
          /SANDBOX_PROVIDERS: never in production/,
        );
        expect(loadEnv({ ...settings, SANDBOX_PROVIDERS: 'off' }, {}).sandboxProviders).toBe(false);
        expect(loadEnv(settings, {}).sandboxProviders).toBe(false);
      }
    }
    // Nor does the sandbox push come back through PUSH_SIGNIN.
    const settings = { ...PRODUCTION_SETTINGS, ...secrets, DATA_DIR: tempDir() };
    expect(() => loadEnv({ ...settings, PUSH_SIGNIN: 'on' }, {})).toThrow(
      /PUSH_SIGNIN: no real push provider/,
    );
    // Outside production the sandboxes stay the default, and can be turned off.
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).sandboxProviders).toBe(true);
    expect(
      loadEnv(
        { KADR_PRODUCTION: 'off', NODE_ENV: 'production', DATA_DIR: tempDir(), SANDBOX_PROVIDERS: 'on' },
        {},
      ).production,
    ).toBe(false);
  });

  it("gives the web app YooKassa's checkout widget with a real shop, the sandbox's without, and only https in production", () => {
    const sandbox = '/sandbox/yookassa/checkout-widget/v1/checkout-widget.js';
    const yookassa = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).checkoutWidgetUrl).toBe(sandbox);
    const shop = { YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 's' };
    expect(loadEnv({ DATA_DIR: tempDir(), ...shop }, {}).checkoutWidgetUrl).toBe(yookassa);
    const own = 'https://pay.kadr.example/widget.js';
    expect(loadEnv({ DATA_DIR: tempDir(), CHECKOUT_WIDGET_URL: own }, {}).checkoutWidgetUrl).toBe(own);
    const production = {
      ...PRODUCTION_SETTINGS,
      TOKEN_SECRET: 'x'.repeat(32),
      PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
      DATA_DIR: tempDir(),
    };
    expect(loadEnv(production, {}).checkoutWidgetUrl).toBe(yookassa);
    expect(() => loadEnv({ ...production, CHECKOUT_WIDGET_URL: 'http://pay.kadr.example/w.js' }, {})).toThrow(
      /CHECKOUT_WIDGET_URL: must be https in production/,
    );
    expect(() => loadEnv({ DATA_DIR: tempDir(), CHECKOUT_WIDGET_URL: 'javascript:alert(1)' }, {})).toThrow(
      /CHECKOUT_WIDGET_URL/,
    );
  });

  const oidc = {
    OIDC_NAME: 'yandex',
    OIDC_ISSUER: 'https://id.example',
    OIDC_CLIENT_ID: 'kadr',
    OIDC_CLIENT_SECRET: 's3cret',
    OIDC_REDIRECT_URI: 'https://kadr.example/promo/web/auth_yandex/',
  };

  it('takes a real OpenID Connect provider whole, on its own auth_ route, https in production', () => {
    expect(loadEnv({ DATA_DIR: tempDir(), ...oidc }, {}).oidc).toEqual({
      name: 'yandex',
      issuer: 'https://id.example',
      clientId: 'kadr',
      clientSecret: 's3cret',
      redirectUri: 'https://kadr.example/promo/web/auth_yandex/',
    });
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).oidc).toBeUndefined();
    expect(() => loadEnv({ DATA_DIR: tempDir(), OIDC_ISSUER: 'https://id.example' }, {})).toThrow(
      /set all or none/,
    );
    expect(() =>
      loadEnv({ DATA_DIR: tempDir(), ...oidc, OIDC_REDIRECT_URI: 'https://kadr.example/promo/web/' }, {}),
    ).toThrow(/auth_yandex/);
    expect(() =>
      loadEnv(
        {
          DATA_DIR: tempDir(),
          ...oidc,
          OIDC_NAME: 'sandbox',
          OIDC_REDIRECT_URI: 'https://kadr.example/promo/web/auth_sandbox/',
        },
        {},
      ),
    ).toThrow(/sandbox provider/);
    expect(() =>
      loadEnv(
        {
          DATA_DIR: tempDir(),
          ...PRODUCTION_SETTINGS,
          TOKEN_SECRET: 'x'.repeat(32),
          ...oidc,
          OIDC_ISSUER: 'http://id.example',
        },
        {},
      ),
    ).toThrow(/must be https in production/);
  });

  it.each([
    ['userinfo', 'https://user@kadr.example/promo/web/auth_yandex/'],
    ['another host in userinfo form', 'https://kadr.example@evil.example/promo/web/auth_yandex/'],
    ['a fragment', 'https://kadr.example/promo/web/auth_yandex/#x'],
    ['a query', 'https://kadr.example/promo/web/auth_yandex/?next=/'],
    ['another path ending in the route', 'https://kadr.example/evil/auth_yandex/'],
    ['a dot segment', 'https://kadr.example/promo/web/auth_yandex/x/../'],
    ['backslashes', 'https://kadr.example\\promo\\web\\auth_yandex\\'],
    ['an encoded character', 'https://kadr.example/promo/web/auth%5Fyandex/'],
    ['the default port spelled out', 'https://kadr.example:443/promo/web/auth_yandex/'],
    ['an upper-case host', 'https://KADR.example/promo/web/auth_yandex/'],
  ])('refuses an OIDC_REDIRECT_URI with %s: the provider matches it as a string', (_form, uri) => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...oidc, OIDC_REDIRECT_URI: uri }, {})).toThrow(
      'OIDC_REDIRECT_URI: must be the web route itself, https://',
    );
  });

  it('takes only an https OIDC_REDIRECT_URI in production', () => {
    const production = {
      DATA_DIR: tempDir(),
      ...PRODUCTION_SETTINGS,
      TOKEN_SECRET: 'x'.repeat(32),
      ...oidc,
    };
    expect(() =>
      loadEnv({ ...production, OIDC_REDIRECT_URI: 'http://kadr.example/promo/web/auth_yandex/' }, {}),
    ).toThrow(/OIDC_REDIRECT_URI: must be https in production/);
    expect(() => loadEnv(production, {})).not.toThrow(/OIDC_/);
    // Outside production the sandbox and local tests use http.
    expect(
      loadEnv(
        { DATA_DIR: tempDir(), ...oidc, OIDC_REDIRECT_URI: 'http://localhost:8080/promo/web/auth_yandex/' },
        {},
      ).oidc?.redirectUri,
    ).toBe('http://localhost:8080/promo/web/auth_yandex/');
  });

  it('takes real YooKassa credentials in pairs and documents the sandbox webhook chaos', () => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), YOOKASSA_SHOP_ID: '100500' }, {})).toThrow(
      /set both or neither/,
    );
    const real = loadEnv(
      { DATA_DIR: tempDir(), YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_x' },
      {},
    );
    expect(real.yookassa).toEqual({
      shopId: '100500',
      secretKey: 'live_x',
      apiUrl: 'https://api.yookassa.ru/v3',
    });
    const sandbox = loadEnv(
      {
        DATA_DIR: tempDir(),
        SANDBOX_YOOKASSA_WEBHOOK_DUPLICATES: '2',
        SANDBOX_YOOKASSA_WEBHOOK_REORDER_MS: '3000',
        YOOKASSA_WEBHOOK_URL: 'http://127.0.0.1:9000/hook',
      },
      {},
    );
    expect(sandbox.yookassa).toBeUndefined();
    expect(sandbox.yookassaSandbox).toEqual({
      webhookUrl: 'http://127.0.0.1:9000/hook',
      webhookDuplicates: 2,
      webhookReorderMs: 3000,
    });
  });

  it('turns sandboxes and push off in production', () => {
    const env = loadEnv(
      {
        NODE_ENV: 'production',
        TOKEN_SECRET: 'x'.repeat(32),
        PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
        SMS_GATEWAY_URL: 'https://sms.example/send',
        SMS_GATEWAY_TOKEN: 'tok',
        YOOKASSA_SHOP_ID: '100500',
        YOOKASSA_SECRET_KEY: 'live_secret',
      },
      {},
    );
    expect(env).toMatchObject({ production: true, sandboxProviders: false, pushSignin: false });
    expect(env.smsGateway).toEqual({ url: 'https://sms.example/send', token: 'tok' });
  });

  it('listens on loopback only in development (its sandbox SMS outbox hands out codes), everywhere in production, or on HOST', () => {
    const production = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 'tok',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'live_secret',
    };
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).host).toBe('127.0.0.1');
    expect(loadEnv({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }, {}).host).toBe('0.0.0.0');
    expect(loadEnv({ DATA_DIR: tempDir(), HOST: ' ' }, {}).host).toBe('127.0.0.1');
    expect(loadEnv(production, {}).host).toBe('0.0.0.0');
    expect(loadEnv({ ...production, HOST: '10.1.2.3' }, {}).host).toBe('10.1.2.3');
  });

  it('drains on shutdown for SHUTDOWN_DELAY_MS (0 in development, 2 s in production) within SHUTDOWN_TIMEOUT_MS', () => {
    const production = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 'tok',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'live_secret',
    };
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).shutdown).toEqual({ delayMs: 0, timeoutMs: 8000 });
    expect(loadEnv(production, {}).shutdown).toEqual({ delayMs: 2000, timeoutMs: 8000 });
    expect(
      loadEnv({ DATA_DIR: tempDir(), SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '25000' }, {}).shutdown,
    ).toEqual({ delayMs: 5000, timeoutMs: 25000 });
    expect(() => loadEnv({ DATA_DIR: tempDir(), SHUTDOWN_DELAY_MS: '8000' }, {})).toThrow(
      'SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (8000)',
    );
    expect(() => loadEnv({ DATA_DIR: tempDir(), SHUTDOWN_TIMEOUT_MS: '0' }, {})).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), SHUTDOWN_DELAY_MS: '-1' }, {})).toThrow(EnvError);
  });

  it('fills the demo TV schedule by default, not in production unless DEMO_SCHEDULE says so', () => {
    const production = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 'tok',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'live_secret',
    };
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).demoSchedule).toBe(true);
    expect(loadEnv({ DATA_DIR: tempDir(), DEMO_SCHEDULE: 'off' }, {}).demoSchedule).toBe(false);
    expect(loadEnv(production, {}).demoSchedule).toBe(false);
    expect(loadEnv({ ...production, DEMO_SCHEDULE: 'on' }, {}).demoSchedule).toBe(true);
    expect(() => loadEnv({ DATA_DIR: tempDir(), DEMO_SCHEDULE: 'maybe' }, {})).toThrow(EnvError);
  });

  it('publishes the API reference by default, not in production unless API_DOCS says so', () => {
    const production = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 'tok',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'live_secret',
    };
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).apiDocs).toBe(true);
    expect(loadEnv({ DATA_DIR: tempDir(), API_DOCS: 'off' }, {}).apiDocs).toBe(false);
    expect(loadEnv(production, {}).apiDocs).toBe(false);
    expect(loadEnv({ ...production, API_DOCS: 'on' }, {}).apiDocs).toBe(true);
    expect(() => loadEnv({ DATA_DIR: tempDir(), API_DOCS: 'public' }, {})).toThrow(EnvError);
  });

  it('names the instance in X-Kadr-Instance only when INSTANCE_NAME is set, as a header-safe token', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).instanceName).toBeUndefined();
    expect(loadEnv({ DATA_DIR: tempDir(), INSTANCE_NAME: 'api-2' }, {}).instanceName).toBe('api-2');
    expect(() => loadEnv({ DATA_DIR: tempDir(), INSTANCE_NAME: 'api 2\r\nx: y' }, {})).toThrow(EnvError);
  });

  it('reads WEB_CSP as directives and sources, refusing what would open the policy', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).webCsp).toEqual({});
    expect(
      loadEnv(
        {
          DATA_DIR: tempDir(),
          WEB_CSP: 'connect-src https://api.kadr.ru wss://live.kadr.ru; img-src https:;',
        },
        {},
      ).webCsp,
    ).toEqual({ 'connect-src': ['https://api.kadr.ru', 'wss://live.kadr.ru'], 'img-src': ['https:'] });
    for (const bad of ["script-src 'unsafe-inline'", 'script-src *', 'frame-ancestors *', 'img-src "x"']) {
      expect(() => loadEnv({ DATA_DIR: tempDir(), WEB_CSP: bad }, {}), bad).toThrow(EnvError);
    }
  });

  it('limits new anonymous profiles per address and device, and prunes idle ones after 30 days', () => {
    const env = loadEnv({ DATA_DIR: tempDir() }, {});
    expect(env.rateLimits).toMatchObject({
      anonymousPerAddressHour: 120,
      anonymousPerSubnetHour: 1000,
      anonymousPerHour: 20000,
      anonymousPerDeviceDay: 20,
      subnetPerHour: 100,
      wrongCodesPerSubnetDay: 150,
      signInLinkPerAddressHour: 30,
      signInLinkPerSubnetHour: 150,
      signInLinkPerProfileHour: 10,
    });
    expect(env.anonymousProfileIdleDays).toBe(30);
    const set = loadEnv(
      {
        DATA_DIR: tempDir(),
        RATE_LIMIT_ANONYMOUS_IP_HOUR: '5',
        RATE_LIMIT_ANONYMOUS_DEVICE_DAY: '2',
        ANONYMOUS_PROFILE_IDLE_DAYS: '7',
      },
      {},
    );
    expect(set.rateLimits).toMatchObject({ anonymousPerAddressHour: 5, anonymousPerDeviceDay: 2 });
    expect(set.anonymousProfileIdleDays).toBe(7);
    expect(() => loadEnv({ DATA_DIR: tempDir(), ANONYMOUS_PROFILE_IDLE_DAYS: '1' }, {})).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), RATE_LIMIT_ANONYMOUS_IP_HOUR: '0' }, {})).toThrow(EnvError);
    // A token living longer than the idle period could outlive its pruned profile.
    expect(() =>
      loadEnv(
        { DATA_DIR: tempDir(), ANONYMOUS_PROFILE_IDLE_DAYS: '2', ACCESS_TOKEN_TTL: String(2 * 86400) },
        {},
      ),
    ).toThrow(/ANONYMOUS_PROFILE_IDLE_DAYS/);
  });

  it('runs the payment jobs every 60 s unless PAYMENT_JOBS_EVERY_S says otherwise (1 s to an hour)', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).paymentJobsEveryMs).toBe(60_000);
    expect(loadEnv({ DATA_DIR: tempDir(), PAYMENT_JOBS_EVERY_S: '2' }, {}).paymentJobsEveryMs).toBe(2000);
    for (const bad of ['0', '0.5', '3601', 'often'])
      expect(() => loadEnv({ DATA_DIR: tempDir(), PAYMENT_JOBS_EVERY_S: bad }, {})).toThrow(EnvError);
  });

  it('runs the payment jobs unless PAYMENT_JOBS is off; reconciliation after 10 minutes; a receipt contact', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }, {})).toMatchObject({
      paymentJobs: true,
      reconcileAfterMinutes: 10,
      billingReceiptEmail: 'receipts@kadr.example',
    });
    expect(
      loadEnv(
        {
          DATA_DIR: tempDir(),
          PAYMENT_JOBS: 'off',
          PAYMENT_RECONCILE_AFTER_MINUTES: '30',
          BILLING_RECEIPT_EMAIL: 'cheki@kadr.ru',
        },
        {},
      ),
    ).toMatchObject({ paymentJobs: false, reconcileAfterMinutes: 30, billingReceiptEmail: 'cheki@kadr.ru' });
    expect(() => loadEnv({ DATA_DIR: tempDir(), BILLING_RECEIPT_EMAIL: 'not a mail' }, {})).toThrow(EnvError);
    expect(loadEnv({ DATA_DIR: tempDir() }, {}).renewals).toEqual({ batch: 500, concurrency: 64 });
    expect(
      loadEnv({ DATA_DIR: tempDir(), RENEWAL_BATCH: '1000', RENEWAL_CONCURRENCY: '256' }, {}).renewals,
    ).toEqual({ batch: 1000, concurrency: 256 });
    expect(() => loadEnv({ DATA_DIR: tempDir(), RENEWAL_CONCURRENCY: '0' }, {})).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), PAYMENT_RECONCILE_AFTER_MINUTES: '0' }, {})).toThrow(
      EnvError,
    );
  });

  it('parses lists, flags and numbers', () => {
    const env = loadEnv(
      {
        DATA_DIR: tempDir(),
        AUTH_CLIENTS: 'web:web, tv:s3cr:et',
        GOODLINE_IP_RANGES: '203.0.113.0/24, 2001:db8::/32',
        TRUST_PROXY: '2',
        PUSH_SIGNIN: 'off',
        RATE_LIMIT_IP_HOUR: '7',
        PORT: '0',
      },
      {},
    );
    expect(env.authClients).toEqual(
      new Map([
        ['web', 'web'],
        ['tv', 's3cr:et'],
      ]),
    );
    expect(env.goodlineIpRanges).toEqual(['203.0.113.0/24', '2001:db8::/32']);
    expect(env).toMatchObject({ trustProxy: 2, pushSignin: false, port: 0, rateLimits: { ipPerHour: 7 } });
    expect(loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }, {}).trustProxy).toBe(true);
    expect(loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, {}).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('reads the global SMS budget and the per-network wrong-code limit, refusing non-positive ones', () => {
    const env = loadEnv(
      { DATA_DIR: tempDir(), RATE_LIMIT_SMS_HOUR: '250', RATE_LIMIT_WRONG_CODES_IP_DAY: '12' },
      {},
    );
    expect(env.rateLimits).toMatchObject({ smsPerHour: 250, wrongCodesPerNetworkDay: 12 });
    expect(() => loadEnv({ DATA_DIR: tempDir(), RATE_LIMIT_SMS_HOUR: '0' }, {})).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), RATE_LIMIT_WRONG_CODES_IP_DAY: '-1' }, {})).toThrow(EnvError);
  });

  it('refuses the removed per-prefix limit instead of silently ignoring it', () => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), RATE_LIMIT_PREFIX_HOUR: '30' }, {})).toThrow(
      /RATE_LIMIT_PREFIX_HOUR: removed .*RATE_LIMIT_SMS_HOUR/,
    );
  });

  it('reads CORS_ORIGINS as exact origins, once each', () => {
    const env = loadEnv(
      {
        DATA_DIR: tempDir(),
        CORS_ORIGINS: ' https://app.partner.ru, http://localhost:5173,https://app.partner.ru ',
      },
      {},
    );
    expect(env.corsOrigins).toEqual(['https://app.partner.ru', 'http://localhost:5173']);
  });

  it('refuses a CORS_ORIGINS entry that is not an exact origin, saying what to write', () => {
    const problems = (value: string) => {
      try {
        loadEnv({ DATA_DIR: tempDir(), CORS_ORIGINS: value }, {});
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return (error as Error).message;
      }
    };
    expect(problems('https://app.partner.ru/')).toContain(
      'CORS_ORIGINS: "https://app.partner.ru/" is not an origin (scheme://host[:port], no path, no trailing slash, lower case): did you mean "https://app.partner.ru"?',
    );
    expect(problems('https://App.Partner.ru:443')).toContain('did you mean "https://app.partner.ru"?');
    expect(problems('*')).toContain('CORS_ORIGINS: "*" is not allowed: list the exact origins');
    expect(problems('app.partner.ru')).toContain(
      '"app.partner.ru" is not an origin like https://app.example.ru (scheme://host[:port])',
    );
    expect(problems('null')).toContain('"null" is not an origin');
    expect(problems('ftp://files.partner.ru')).toContain(
      '"ftp://files.partner.ru": expected http:// or https://',
    );
    // Every bad entry at once.
    expect(problems('https://a.ru/x, *')).toMatch(/"https:\/\/a\.ru\/x"[\s\S]*"\*"/);
  });

  it('trusts cached sessions for 600 s on the embedded database and 5 s on PostgreSQL, unless told', () => {
    const dataDir = tempDir();
    const pg = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadEnv({ DATA_DIR: dataDir }, {}).sessionCacheTtl).toBe(600);
    expect(loadEnv({ DATA_DIR: dataDir, DATABASE_URL: pg }, {}).sessionCacheTtl).toBe(5);
    expect(loadEnv({ DATA_DIR: dataDir, SESSION_CACHE_TTL: '0' }, {}).sessionCacheTtl).toBe(0);
    expect(
      loadEnv({ DATA_DIR: dataDir, DATABASE_URL: pg, SESSION_CACHE_TTL: '30' }, {}).sessionCacheTtl,
    ).toBe(30);
    expect(() => loadEnv({ DATA_DIR: dataDir, SESSION_CACHE_TTL: '3601' }, {})).toThrow(/SESSION_CACHE_TTL/);
  });

  it('bounds a PostgreSQL connection to 2 s and a statement to 30 s unless told; 0 lifts the statement bound', () => {
    const dir = tempDir();
    expect(loadEnv({ DATA_DIR: dir }, {}).databaseTimeouts).toEqual({ connectMs: 2000, statementMs: 30_000 });
    expect(
      loadEnv({ DATA_DIR: dir, DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_STATEMENT_TIMEOUT_MS: '0' }, {})
        .databaseTimeouts,
    ).toEqual({ connectMs: 500, statementMs: 0 });
    expect(() => loadEnv({ DATA_DIR: dir, DATABASE_CONNECT_TIMEOUT_MS: '0' }, {})).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
    expect(() => loadEnv({ DATA_DIR: dir, DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, {})).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('lets playback grants live 5 minutes unless told, between 30 s and an hour', () => {
    const dataDir = tempDir();
    expect(loadEnv({ DATA_DIR: dataDir }, {}).playbackGrantSeconds).toBe(300);
    expect(loadEnv({ DATA_DIR: dataDir, PLAYBACK_GRANT_SECONDS: '45' }, {}).playbackGrantSeconds).toBe(45);
    for (const bad of ['29', '3601', '1.5', 'soon'])
      expect(() => loadEnv({ DATA_DIR: dataDir, PLAYBACK_GRANT_SECONDS: bad }, {})).toThrow(
        /PLAYBACK_GRANT_SECONDS/,
      );
  });

  it('keeps 30 minutes of live TV to rewind, the manifest archive days, 3 live previews an hour, unless told', () => {
    const dataDir = tempDir();
    expect(loadEnv({ DATA_DIR: dataDir }, {}).live).toEqual({
      dvrSeconds: 1800,
      archiveDaysCap: undefined,
      previewsPerHour: 3,
      previewsPerNetworkHour: 10,
      previewsPerSubnetHour: 50,
    });
    expect(
      loadEnv(
        {
          DATA_DIR: dataDir,
          LIVE_DVR_SECONDS: '0',
          ARCHIVE_DAYS: '1',
          LIVE_PREVIEWS_PER_HOUR: '10',
          LIVE_PREVIEWS_PER_NETWORK_HOUR: '50',
          LIVE_PREVIEWS_PER_SUBNET_HOUR: '500',
        },
        {},
      ).live,
    ).toEqual({
      dvrSeconds: 0,
      archiveDaysCap: 1,
      previewsPerHour: 10,
      previewsPerNetworkHour: 50,
      previewsPerSubnetHour: 500,
    });
    for (const [name, bad] of [
      ['LIVE_DVR_SECONDS', '-1'],
      ['LIVE_DVR_SECONDS', '21601'],
      ['ARCHIVE_DAYS', '31'],
      ['ARCHIVE_DAYS', 'week'],
      ['LIVE_PREVIEWS_PER_HOUR', '0'],
    ] as const)
      expect(() => loadEnv({ DATA_DIR: dataDir, [name]: bad }, {})).toThrow(new RegExp(name));
  });

  it('writes readable log lines to a development terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    const dataDir = tempDir();
    const production = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PARTNER_ACCOUNTS_KEY: PARTNER_KEY,
    };
    const sandboxes = PRODUCTION_SETTINGS;
    expect(loadEnv({ DATA_DIR: dataDir }, {}, true).logFormat).toBe('pretty');
    expect(loadEnv({ DATA_DIR: dataDir }, {}, false).logFormat).toBe('json');
    expect(loadEnv({ ...production, ...sandboxes }, {}, true).logFormat).toBe('json');
    expect(loadEnv({ DATA_DIR: dataDir, LOG_FORMAT: 'json' }, {}, true).logFormat).toBe('json');
    expect(loadEnv({ ...production, ...sandboxes, LOG_FORMAT: 'pretty' }, {}, false).logFormat).toBe(
      'pretty',
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, LOG_FORMAT: 'text' }, {})).toThrow(/LOG_FORMAT/);
  });

  it('takes a METRICS_TOKEN of at least 32 characters without spaces, none by default', () => {
    const dataDir = tempDir();
    const token = 'm'.repeat(40);
    expect(loadEnv({ DATA_DIR: dataDir }, {}).metricsToken).toBeUndefined();
    expect(loadEnv({ DATA_DIR: dataDir, METRICS_TOKEN: token }, {}).metricsToken).toBe(token);
    for (const bad of ['short', `${'m'.repeat(32)} x`])
      expect(() => loadEnv({ DATA_DIR: dataDir, METRICS_TOKEN: bad }, {})).toThrow(/METRICS_TOKEN/);
  });

  it('opens 10 PostgreSQL connections per instance unless DATABASE_POOL_SIZE says, between 1 and 200', () => {
    const dataDir = tempDir();
    expect(loadEnv({ DATA_DIR: dataDir }, {}).databasePoolSize).toBe(10);
    expect(loadEnv({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '25' }, {}).databasePoolSize).toBe(25);
    for (const bad of ['0', '201', '2.5', 'many'])
      expect(() => loadEnv({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: bad }, {})).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('lists every invalid value at once', () => {
    expect(() =>
      loadEnv(
        { DATA_DIR: tempDir(), PORT: 'eighty', GOODLINE_IP_RANGES: '10.0.0.0/33', PUSH_SIGNIN: 'maybe' },
        {},
      ),
    ).toThrow(/PORT[\s\S]*GOODLINE_IP_RANGES[\s\S]*PUSH_SIGNIN/);
  });

  it('refuses a short TOKEN_SECRET', () => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), TOKEN_SECRET: 'short' }, {})).toThrow(/TOKEN_SECRET/);
  });
});
