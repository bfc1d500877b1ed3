import type { CustomFetch } from 'openid-client';
import { describe, expect, it, vi } from 'vitest';
import { KEPT_CONFIGURATIONS, ProviderConfigurations, providerDirectory } from './providers';

const CONFIGURED = {
  name: 'yandex',
  issuer: 'https://id.example',
  clientId: 'kadr',
  clientSecret: 's3cret',
  redirectUri: 'https://kadr.example/promo/web/auth_yandex/',
};
const fetch = vi.fn();
const SANDBOX = { clientId: 'kadr-web', clientSecret: 'derived', fetch };

describe('providerDirectory', () => {
  it('answers the configured provider by its name, over the network, https-only in production', () => {
    const directory = providerDirectory({ configured: CONFIGURED, production: true, sandbox: undefined });
    expect(directory('yandex', 'https://kadr.example')).toEqual({ ...CONFIGURED, insecure: false });
    const development = providerDirectory({ configured: CONFIGURED, production: false, sandbox: undefined });
    expect(development('yandex', 'http://localhost:8080')).toMatchObject({ insecure: true });
  });

  it('answers the sandbox on the caller’s origin, reached in-process, only when it is on', () => {
    const directory = providerDirectory({ configured: CONFIGURED, production: false, sandbox: SANDBOX });
    expect(directory('sandbox', 'http://127.0.0.1:8080')).toEqual({
      name: 'sandbox',
      issuer: 'http://127.0.0.1:8080/sandbox/oidc',
      clientId: 'kadr-web',
      clientSecret: 'derived',
      redirectUri: 'http://127.0.0.1:8080/promo/web/auth_sandbox/',
      fetch,
      insecure: true,
    });
    const off = providerDirectory({ configured: CONFIGURED, production: true, sandbox: undefined });
    expect(off('sandbox', 'https://kadr.example')).toBeUndefined();
  });

  it('knows no other name', () => {
    const directory = providerDirectory({ configured: undefined, production: false, sandbox: SANDBOX });
    expect(directory('yandex', 'http://localhost')).toBeUndefined();
    expect(directory('oidc', 'http://localhost')).toBeUndefined();
  });
});

describe('ProviderConfigurations', () => {
  function setup() {
    const discovered: string[] = [];
    const discovery: CustomFetch = async (url) => {
      const issuer = url.replace('/.well-known/openid-configuration', '');
      discovered.push(issuer);
      return Response.json({ issuer, token_endpoint: `${issuer}/token` });
    };
    const configurations = new ProviderConfigurations();
    const of = (issuer: string) => configurations.of({ ...CONFIGURED, issuer, fetch: discovery });
    return { discovered, of };
  }

  it('discovers a provider once and keeps its configuration', async () => {
    const t = setup();
    await t.of('https://id.example');
    await t.of('https://id.example');
    expect(t.discovered).toEqual(['https://id.example']);
  });

  it(`keeps at most ${KEPT_CONFIGURATIONS}, dropping the least recently used (a Host per request adds none for good)`, async () => {
    const t = setup();
    await t.of('https://0.example');
    await t.of('https://1.example');
    for (let i = 2; i <= KEPT_CONFIGURATIONS; i++) {
      await t.of(`https://${i}.example`);
      await t.of('https://0.example');
    }
    // 17 issuers seen: the least recently used (1) went, the one in use (0) stayed.
    t.discovered.length = 0;
    await t.of('https://0.example');
    await t.of('https://1.example');
    expect(t.discovered).toEqual(['https://1.example']);
  });
});
