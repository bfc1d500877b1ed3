import { describe, expect, it } from 'vitest';
import { ENDED_KEPT_SECONDS, SessionCache } from './session-cache';
import type { SessionContext } from './sessions';

function setup(ttlSeconds = 5, capacity = 3) {
  let ms = Date.parse('2030-01-15T10:00:00Z');
  const clock = { now: () => new Date(ms) };
  const cache = new SessionCache(clock, ttlSeconds, capacity);
  const session = (n: number): SessionContext => ({
    sessionId: `s${n}`,
    profileId: n,
    deviceUid: `web_device${n}`,
    phone: null,
    signedIn: false,
  });
  return { cache, session, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('SessionCache', () => {
  it('answers a remembered session until its TTL passes', () => {
    const { cache, session, advance } = setup();
    cache.remember(session(1));
    advance(4.999);
    expect(cache.lookup('s1')).toEqual(session(1));
    advance(0.001);
    expect(cache.lookup('s1')).toBeUndefined();
  });

  it('knows nothing of sessions it never saw', () => {
    const { cache } = setup();
    expect(cache.lookup('s1')).toBeUndefined();
  });

  it('refuses an ended session for at least ENDED_KEPT_SECONDS, whatever the TTL and the traffic', () => {
    const { cache, session, advance } = setup(5, 50_000);
    cache.remember(session(1));
    cache.end(['s1']);
    for (let n = 2; n < 2 + ENDED_KEPT_SECONDS; n++) {
      advance(1);
      cache.remember(session(n));
      expect(cache.lookup('s1')).toBe('ended');
    }
  });

  it('leaves an ended session to the database once it is long gone', () => {
    const { cache, session, advance } = setup(5, 50_000);
    cache.end(['s1']);
    for (let n = 2; n < 2 + 3 * ENDED_KEPT_SECONDS; n++) {
      advance(1);
      cache.remember(session(n));
    }
    // Not "live": unknown, so the next request asks the database, which knows it ended.
    expect(cache.lookup('s1')).toBeUndefined();
  });

  it('holds only the sessions of its last two generations, however many distinct sessions pass', () => {
    const { cache, session, advance } = setup(5, 50_000);
    // Anonymous auth opens a new session each time: 1000 a minute for an hour, far under the capacity.
    for (let n = 0; n < 60_000; n++) {
      cache.remember(session(n), true);
      advance(0.06);
    }
    // A generation lasts the longer of the TTL and ENDED_KEPT_SECONDS: at most two of them are held.
    expect(cache.size).toBeLessThanOrEqual((2 * ENDED_KEPT_SECONDS * 1000) / 60 + 1);
    expect(cache.lookup('s59999')).toEqual(session(59_999));
  });

  it('keeps a live entry for its whole TTL when the TTL is longer than ENDED_KEPT_SECONDS', () => {
    const ttl = 10 * ENDED_KEPT_SECONDS;
    const { cache, session, advance } = setup(ttl, 50_000);
    // One session a second for two TTLs but a second: the one filled a second before the first
    // generation ended is still trusted, the first one not.
    for (let n = 0; n < 2 * ttl - 1; n++) {
      cache.remember(session(n));
      advance(1);
    }
    advance(-1);
    expect(cache.lookup(`s${ttl - 1}`)).toEqual(session(ttl - 1));
    expect(cache.lookup('s0')).toBeUndefined();
  });

  it('does not let a lookup that raced with the ending cache the session as live again', () => {
    const { cache, session } = setup();
    cache.end(['s1']);
    cache.remember(session(1));
    expect(cache.lookup('s1')).toBe('ended');
  });

  it('drops the older half when full', () => {
    const { cache, session } = setup(5, 4);
    for (const n of [1, 2, 3, 4, 5]) cache.remember(session(n));
    expect([1, 2, 3, 4, 5].map((n) => cache.lookup(`s${n}`))).toEqual([
      undefined,
      undefined,
      session(3),
      session(4),
      session(5),
    ]);
    expect(cache.size).toBe(3);
  });

  it('counts a session filled again after its TTL as young', () => {
    const { cache, session, advance } = setup(5, 4);
    for (const n of [1, 2]) cache.remember(session(n));
    advance(5);
    expect(cache.lookup('s1')).toBeUndefined();
    cache.remember(session(1));
    cache.remember(session(3));
    cache.remember(session(4));
    expect([cache.lookup('s1'), cache.lookup('s2')]).toEqual([session(1), undefined]);
  });

  it('keeps an ended session ended when its newer live copy is looked up in the other generation', () => {
    const { cache, session } = setup(5, 4);
    cache.remember(session(1));
    cache.remember(session(2));
    cache.end(['s1']);
    expect(cache.lookup('s1')).toBe('ended');
    cache.remember(session(1));
    expect(cache.lookup('s1')).toBe('ended');
  });

  it('drops live entries but keeps ended ones after missed announcements', () => {
    const { cache, session } = setup();
    cache.remember(session(1));
    cache.end(['s2']);
    cache.dropLive();
    expect([cache.lookup('s1'), cache.lookup('s2')]).toEqual([undefined, 'ended']);
  });

  it('holds no live session with a TTL of 0, but still knows the ended ones', () => {
    const { cache, session, advance } = setup(0, 50_000);
    cache.remember(session(1));
    cache.end(['s2']);
    expect([cache.lookup('s1'), cache.lookup('s2'), cache.size]).toEqual([undefined, 'ended', 1]);
    // Kept ENDED_KEPT_SECONDS at least, then the database answers (it knows the session ended).
    advance(ENDED_KEPT_SECONDS - 1);
    cache.end(['s3']);
    expect(cache.lookup('s2')).toBe('ended');
  });

  it('ends the anonymous sessions of a profile that got a phone, and caches none of them again', () => {
    const { cache, session, advance } = setup(5, 10);
    cache.remember(session(1));
    cache.remember({ ...session(2), profileId: 1, phone: '79990001122', signedIn: true });
    cache.endAnonymousSessionsOf([1]);
    expect(cache.lookup('s1')).toBe('ended');
    // The profile's session with the phone is not anonymous: it stays.
    expect(cache.lookup('s2')).toMatchObject({ phone: '79990001122' });
    cache.remember({ ...session(3), profileId: 1 });
    expect(cache.lookup('s3')).toBeUndefined();
    expect(cache.isAdopted(1)).toBe(true);
    expect(cache.isAdopted(2)).toBe(false);
    // After two TTLs no entry filled before the marker can be alive: the marker goes.
    advance(10);
    expect(cache.isAdopted(1)).toBe(false);
  });

  it('caches the signed-in session of a profile adopted through a provider (no phone), not its anonymous ones', () => {
    const { cache, session } = setup(5, 10);
    cache.remember(session(1));
    cache.endAnonymousSessionsOf([1]);
    cache.remember({ ...session(2), profileId: 1, signedIn: true });
    expect(cache.lookup('s1')).toBe('ended');
    expect(cache.lookup('s2')).toMatchObject({ profileId: 1, phone: null, signedIn: true });
  });

  it('records when live entries were dropped', () => {
    const { cache, advance } = setup();
    expect(cache.lastDropped).toBe(Number.NEGATIVE_INFINITY);
    advance(1);
    cache.dropLive();
    expect(cache.lastDropped).toBe(Date.parse('2030-01-15T10:00:01Z'));
  });
});
