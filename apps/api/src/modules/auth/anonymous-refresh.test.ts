import { describe, expect, it } from 'vitest';
import { AnonymousRefreshTokens } from './anonymous-refresh';

const claims = {
  sessionId: '0b6f1c2e-8a4d-4f3e-9c1b-2d7e5a6f8b90',
  profileId: 4242,
  deviceUid: 'web_abcdefgh12345678',
  createdAt: new Date('2030-01-15T10:00:00Z'),
};

describe('AnonymousRefreshTokens', () => {
  const tokens = new AnonymousRefreshTokens('secret-one');

  it('reads back what it issued', () => {
    const token = tokens.issue(claims);
    expect(AnonymousRefreshTokens.isDerived(token)).toBe(true);
    expect(tokens.parse(token)).toEqual(claims);
  });

  it('stays within the 200 characters of the contract for the longest device uid', () => {
    const token = tokens.issue({ ...claims, deviceUid: 'w'.repeat(64) });
    expect(token.length).toBeLessThanOrEqual(200);
    expect(tokens.parse(token)?.deviceUid).toBe('w'.repeat(64));
  });

  it('refuses a token signed with another secret', () => {
    const foreign = new AnonymousRefreshTokens('secret-two').issue(claims);
    expect(tokens.parse(foreign)).toBeUndefined();
  });

  it('refuses a token whose claims were changed', () => {
    const [, signature] = tokens.issue(claims).split('.');
    const [otherBody] = tokens.issue({ ...claims, profileId: 1 }).split('.');
    expect(tokens.parse(`${otherBody}.${signature}`)).toBeUndefined();
  });

  it('refuses malformed tokens', () => {
    const token = tokens.issue(claims);
    for (const bad of ['.', 'abc.', '.abc', `${token}.x`, `${token.slice(0, -2)}`, 'AAAA.AAAA']) {
      expect(tokens.parse(bad)).toBeUndefined();
    }
  });

  it('tells stored tokens (no dot) from derived ones', () => {
    expect(AnonymousRefreshTokens.isDerived('q0lTn4WmL8u5dN3yk0QbJw9xZr2cVh7sPa1eEf6gHiK')).toBe(false);
  });
});
