import { describe, expect, it } from 'vitest';
import { assetOfGrant, type Grant, GrantSigner } from './grants';

const SECRET = 'grant-secret-grant-secret-grant-secret-01';

function setup(overrides: Partial<Grant> = {}) {
  const signer = new GrantSigner(SECRET);
  const grant: Grant = {
    profileId: 12,
    contentId: 5,
    episodeId: 0,
    access: 'preview',
    previewSeconds: 20,
    packageId: 0,
    sessionId: '0b7e4c2a-1f3d-4c5e-9a8b-7c6d5e4f3a2b',
    expires: 2_000_000_000,
    ...overrides,
  };
  return { signer, grant, token: signer.sign(grant) };
}

describe('GrantSigner', () => {
  it('round-trips a grant through a path-safe token', () => {
    const { signer, grant, token } = setup();
    expect(token).toMatch(/^[\w.-]+$/);
    expect(signer.verify(token, 1_999_999_999)).toEqual(grant);
  });

  it('fits a path parameter (Fastify allows 100 characters) with large ids', () => {
    const { token } = setup({
      profileId: 99_999_999,
      contentId: 9_999_999,
      episodeId: 9_999_999,
      packageId: 9999,
    });
    expect(token.length).toBeLessThanOrEqual(100);
  });

  it('refuses to sign for something that is not a session id', () => {
    expect(() => setup({ sessionId: 'not-a-session' })).toThrow(/session/);
  });

  it('carries the session and the package it was issued for', () => {
    const { signer, token } = setup({ access: 'full', previewSeconds: 0, packageId: 3 });
    expect(signer.verify(token, 0)).toMatchObject({
      packageId: 3,
      sessionId: '0b7e4c2a-1f3d-4c5e-9a8b-7c6d5e4f3a2b',
    });
  });

  it('round-trips a full grant for an episode', () => {
    const { signer, grant, token } = setup({ access: 'full', previewSeconds: 0, episodeId: 77 });
    expect(signer.verify(token, 0)).toEqual(grant);
    expect(assetOfGrant(grant)).toBe('ep-77');
  });

  it('refuses a grant whose fields were changed, or signed with another secret', () => {
    const { signer, token } = setup();
    const [p, c, e, , k, session, x, sig] = token.split('.');
    expect(signer.verify([p, c, e, 'f', k, session, x, sig].join('.'), 0)).toBe('invalid');
    expect(signer.verify(['13', c, e, 'p20', k, session, x, sig].join('.'), 0)).toBe('invalid');
    expect(signer.verify(['12', c, e, 'p20', k, session, '2100000000', sig].join('.'), 0)).toBe('invalid');
    expect(signer.verify([p, c, e, 'p20', '0', session, x, sig].join('.'), 0)).not.toBe('invalid');
    // Moved to another session (one of the viewer's others, or a stranger's) it is forged.
    const other = 'ERERESIiQzOERFVVVVVVVQ';
    expect(signer.verify([p, c, e, 'p20', k, other, x, sig].join('.'), 0)).toBe('invalid');
    expect(signer.verify([p, c, e, 'p20', '9', session, x, sig].join('.'), 0)).toBe('invalid');
    expect(new GrantSigner(`${SECRET}x`).verify(token, 0)).toBe('invalid');
  });

  it('refuses malformed tokens', () => {
    const { signer } = setup();
    for (const token of [
      '',
      'abc',
      '1.2.3.f.4',
      '../../etc',
      `1.2.3.x.0.${'a'.repeat(22)}.4.${'a'.repeat(22)}`,
    ])
      expect(signer.verify(token, 0)).toBe('invalid');
  });

  it('answers expired once its time has come, and only for a genuine grant', () => {
    const { signer, token } = setup();
    expect(signer.verify(token, 2_000_000_000)).toBe('expired');
  });

  it('names the film asset for a grant without an episode', () => {
    expect(assetOfGrant(setup().grant)).toBe('ek-5');
  });
});
