import { describe, expect, it } from 'vitest';
import { GrantSigner } from '../playback';
import { type ChannelGrant, ChannelGrantSigner } from './channel-grants';

const SECRET = 'grant-secret-grant-secret-grant-secret-01';

function setup(overrides: Partial<ChannelGrant> = {}) {
  const signer = new ChannelGrantSigner(SECRET);
  const grant: ChannelGrant = {
    profileId: 12,
    channelId: 3,
    scope: 'live',
    start: 1_894_000_000,
    access: 'preview',
    previewSeconds: 60,
    packageId: 0,
    sessionId: '0b7e4c2a-1f3d-4c5e-9a8b-7c6d5e4f3a2b',
    expires: 2_000_000_000,
    ...overrides,
  };
  return { signer, grant, token: signer.sign(grant) };
}

describe('ChannelGrantSigner', () => {
  it('round-trips live and programme grants through path-safe tokens', () => {
    const live = setup();
    expect(live.token).toMatch(/^[\w.-]+$/);
    expect(live.signer.verify(live.token, 1_999_999_999)).toEqual(live.grant);
    const archive = setup({ scope: 'programme', access: 'full', previewSeconds: 0, packageId: 2 });
    expect(archive.signer.verify(archive.token, 0)).toEqual(archive.grant);
  });

  it('fits a path parameter (Fastify allows 100 characters) with large ids', () => {
    const { token } = setup({
      profileId: 99_999_999,
      channelId: 9_999_999,
      scope: 'programme',
      start: 9_999_999_999,
      previewSeconds: 99_999,
      packageId: 9999,
    });
    expect(token.length).toBeLessThanOrEqual(100);
  });

  it('refuses a token whose fields were changed, signed with another secret, or of another kind', () => {
    const { signer, token } = setup();
    const parts = token.split('.');
    const swap = (i: number, value: string) => parts.map((p, j) => (j === i ? value : p)).join('.');
    expect(signer.verify(swap(0, '13'), 0)).toBe('invalid');
    expect(signer.verify(swap(1, 'c4'), 0)).toBe('invalid');
    // The preview's start moved later (a longer preview), or the grant turned full or into the archive.
    expect(signer.verify(swap(2, 'l1894000600'), 0)).toBe('invalid');
    expect(signer.verify(swap(2, 'a1894000000'), 0)).toBe('invalid');
    expect(signer.verify(swap(3, 'f'), 0)).toBe('invalid');
    expect(signer.verify(swap(6, '2100000000'), 0)).toBe('invalid');
    expect(new ChannelGrantSigner(`${SECRET}x`).verify(token, 0)).toBe('invalid');
    // A title's grant signed with the same secret is no channel grant, and the other way round.
    expect(new GrantSigner(SECRET).verify(token, 0)).toBe('invalid');
    for (const bad of ['', 'abc', '../../etc', `1.c2.l3.x.0.${'a'.repeat(22)}.4.${'a'.repeat(22)}`])
      expect(signer.verify(bad, 0)).toBe('invalid');
  });

  it('answers expired once its time has come', () => {
    const { signer, token } = setup();
    expect(signer.verify(token, 2_000_000_000)).toBe('expired');
  });
});
