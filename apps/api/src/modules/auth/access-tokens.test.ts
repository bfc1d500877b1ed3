import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { AccessTokens, deriveKey } from './tokens';

const SECRET = 'a-test-secret-of-sufficient-length!';
const at = Date.parse('2030-01-15T10:00:00Z');
let ms = at;
const clock = { now: () => new Date(ms) };
const claims = { profileId: 42, sessionId: '0b6f1c2e-8a4d-4f3e-9c1b-2d7e5a6f8b90' };

describe('AccessTokens', () => {
  const tokens = new AccessTokens(SECRET, 600, clock);
  const fastJwt = createSigner({
    key: deriveKey(SECRET, 'access-jwt'),
    algorithm: 'HS256',
    noTimestamp: true,
  });

  it('signs exactly as fast-jwt does (HS256, same header and claims)', () => {
    ms = at;
    const exp = at / 1000 + 600;
    expect(tokens.issue(claims)).toBe(fastJwt({ sub: '42', sid: claims.sessionId, exp }));
    expect(tokens.issue({ ...claims, deviceUid: 'web_abcdefgh12345678' })).toBe(
      fastJwt({ sub: '42', sid: claims.sessionId, exp, dev: 'web_abcdefgh12345678' }),
    );
  });

  it('reads back the claims of an unstored anonymous session, and none for a stored one', () => {
    ms = at;
    const anonymous = tokens.issue({ ...claims, deviceUid: 'web_abcdefgh12345678' });
    expect(tokens.check(anonymous)).toMatchObject({
      ok: true,
      claims: { ...claims, deviceUid: 'web_abcdefgh12345678' },
    });
    const check = tokens.check(tokens.issue(claims));
    expect(check.ok && check.claims.deviceUid).toBeUndefined();
  });

  it('refuses a genuine token whose device claim is not a string, and one past its expiry', () => {
    ms = at;
    const odd = fastJwt({ sub: '42', sid: claims.sessionId, exp: at / 1000 + 600, dev: 7 });
    expect(tokens.check(odd)).toEqual({ ok: false, reason: 'invalid' });
    const token = tokens.issue(claims);
    ms = at + 600_000;
    expect(tokens.check(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
