import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteBackend, useApi } from '../test/harness';
import { cspDirectives, PRODUCTION_SETTINGS } from '../test/security-settings';
import { buildSecurityPolicies, inlineScriptHashes } from './security-headers';

const INLINE_SCRIPT = 'window.__kadr = 1;';
/** The directives of a Content-Security-Policy header, which must be there. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header, 'Content-Security-Policy present').toBe('string');
  return cspDirectives(header);
}

describe('security headers (PGlite)', () => {
  const api = useApi(pgliteBackend);

  function webDist() {
    const dir = api.tempDir();
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><title>Кадр</title><style>body{margin:0}</style></head><div id="root"></div><script>${INLINE_SCRIPT}</script><script type="module" src="/promo/web/assets/app-1.js"></script>`,
    );
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log("kadr")');
    writeFileSync(
      join(dir, 'embed.html'),
      '<!doctype html><head><title>Плеер Кадра</title></head><div id="root"></div>',
    );
    return dir;
  }

  it('gives API answers a deny-all policy, no framing, nosniff and a referrer policy; no HSTS in development', async () => {
    const { app } = await api.setup();
    for (const url of ['/healthz', '/v1/agregator/nothingHere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(csp(res.headers['content-security-policy']), url).toMatchObject({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives the web app a policy it runs under: its own scripts and inline ones by hash, HLS media, no framing', async () => {
    const { app } = await api.setup({ WEB_DIST: webDist() });
    for (const url of ['/promo/web/', '/promo/web/login', '/promo/web/assets/app-1.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
      expect(policy['script-src'], url).toEqual(["'self'", hash]);
      expect(policy['media-src'], url).toEqual(["'self'", 'blob:']);
      expect(policy['worker-src'], url).toEqual(["'self'", 'blob:']);
      expect(policy['frame-src'], url).toEqual(["'self'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['upgrade-insecure-requests'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('lets any site frame the frame player page by default, or the EMBED_ANCESTORS origins only', async () => {
    const open = (await api.setup({ WEB_DIST: webDist() })).app;
    const page = await open.inject({ method: 'GET', url: '/promo/web/embed/?config=x' });
    expect(page.statusCode).toBe(200);
    const policy = csp(page.headers['content-security-policy']);
    expect(policy['frame-ancestors']).toEqual(['*']);
    // The page itself runs under the web app's policy.
    expect(policy['script-src']).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`,
    ]);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // The site's pages still refuse any framing.
    const site = await open.inject({ method: 'GET', url: '/promo/web/movie/1' });
    expect(csp(site.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);

    const listed = (
      await api.setup({
        WEB_DIST: webDist(),
        EMBED_ANCESTORS: 'https://partner.example, https://tv.partner.example',
      })
    ).app;
    const framed = await listed.inject({ method: 'GET', url: '/promo/web/embed/?config=x' });
    expect(csp(framed.headers['content-security-policy'])['frame-ancestors']).toEqual([
      'https://partner.example',
      'https://tv.partner.example',
    ]);
  });

  it('refuses an EMBED_ANCESTORS that is not "*" alone or a list of origins', async () => {
    for (const value of ['https://partner.example/page', '*, https://partner.example', 'partner.example'])
      await expect(api.setup({ EMBED_ANCESTORS: value }), value).rejects.toThrow(/EMBED_ANCESTORS/);
  });

  it('in production adds HSTS, upgrades insecure requests and lets YooKassa’s widget script and frame in', async () => {
    const { app } = await api.setup({ ...PRODUCTION_SETTINGS, WEB_DIST: webDist() });
    const res = await app.inject({ method: 'GET', url: '/promo/web/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(policy['script-src']).toContain('https://yookassa.ru');
    expect(policy['frame-src']).toEqual(["'self'", 'https://yookassa.ru']);
    expect(res.body).toContain(
      '<meta name="kadr:checkout-widget" content="https://yookassa.ru/checkout-widget/v1/checkout-widget.js">',
    );
    const json = await app.inject({ method: 'GET', url: '/healthz' });
    expect(json.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('lets the checkout widget of CHECKOUT_WIDGET_URL in by its origin, and gives the page that address', async () => {
    const widget = 'https://pay.kadr.example:8443/checkout/widget.js';
    const { app } = await api.setup({
      ...PRODUCTION_SETTINGS,
      CHECKOUT_WIDGET_URL: widget,
      WEB_DIST: webDist(),
    });
    const res = await app.inject({ method: 'GET', url: '/promo/web/' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toContain('https://pay.kadr.example:8443');
    expect(policy['script-src']).not.toContain('https://yookassa.ru');
    expect(policy['frame-src']).toEqual(["'self'", 'https://pay.kadr.example:8443']);
    expect(res.body).toContain(`<meta name="kadr:checkout-widget" content="${widget}">`);
  });

  it('adds the sources of WEB_CSP to the web app’s policy only', async () => {
    const { app } = await api.setup({
      WEB_DIST: webDist(),
      WEB_CSP: 'connect-src https://api.kadr.example; img-src https://cdn.kadr.example',
    });
    const web = csp(
      (await app.inject({ method: 'GET', url: '/promo/web/' })).headers['content-security-policy'],
    );
    expect(web['connect-src']).toEqual(["'self'", 'https://api.kadr.example']);
    expect(web['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.kadr.example']);
    const json = csp(
      (await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    expect(json['connect-src']).toBeUndefined();
  });

  it('lets the sandbox checkout frame be framed by the web app’s origins only', async () => {
    const { app } = await api.setup({ CORS_ORIGINS: 'https://app.partner.ru' });
    const res = await app.inject({
      method: 'GET',
      url: '/sandbox/yookassa/checkout-widget/v1/checkout-widget.js',
    });
    expect(res.statusCode).toBe(200);
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual([
      "'self'",
      'https://app.partner.ru',
    ]);
    // X-Frame-Options cannot name another origin; browsers that know frame-ancestors ignore it anyway.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const alone = await (await api.setup()).app.inject({
      method: 'GET',
      url: '/sandbox/sms?phone=79991234567',
    });
    expect(csp(alone.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
    expect(alone.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets media be loaded from another origin (CORP cross-origin) but keeps API answers same-site', async () => {
    const { app } = await api.setup();
    const media = await app.inject({ method: 'GET', url: '/media/images/nothing.jpg' });
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const json = await app.inject({ method: 'GET', url: '/healthz' });
    expect(json.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('buildSecurityPolicies', () => {
  const base = {
    production: false,
    inlineScripts: [],
    checkoutOrigins: [],
    extraWebSources: {},
    sandboxAncestors: [],
  };

  it('takes frame-ancestors per path: the longest matching prefix wins', () => {
    const policies = buildSecurityPolicies({
      ...base,
      frameAncestors: [{ prefix: '/promo/web/embed/', sources: ['https://partner.example'] }],
    });
    const directives = (path: string) => csp(policies.headersFor(path)['Content-Security-Policy']);
    expect(directives('/promo/web/embed/42')['frame-ancestors']).toEqual(['https://partner.example']);
    expect(directives('/promo/web/embed/42')['script-src']).toEqual(["'self'"]);
    expect(directives('/promo/web/payment')['frame-ancestors']).toEqual(["'none'"]);
    expect(directives('/promo/web/login')['frame-ancestors']).toEqual(["'none'"]);
    expect(policies.headersFor('/promo/web/embed/42')['X-Frame-Options']).toBeUndefined();
  });

  it('hashes the inline scripts of a page and nothing else', () => {
    expect(
      inlineScriptHashes('<script>a()</script><script type="module" src="/x.js"></script><style>b{}</style>'),
    ).toEqual([`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
  });
});
