import { describe, expect, it, vi } from 'vitest';
import { providerDirectory } from './providers';

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
