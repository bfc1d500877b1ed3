import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../test/harness';
import { GRANT_CHECK_SECONDS, GrantGuard } from './grant-guard';
import type { Grant } from './grants';

const SESSION = '0b7e4c2a-1f3d-4c5e-9a8b-7c6d5e4f3a2b';

/** A full playback's grant of profile 7 on SESSION, overridden where a case needs. */
const grant = (overrides: Partial<Grant> = {}): Grant => ({
  profileId: 7,
  contentId: 1,
  episodeId: 0,
  access: 'full',
  previewSeconds: 0,
  packageId: 3,
  sessionId: SESSION,
  expires: 2_000_000_000,
  ...overrides,
});

function setup(options: { live?: boolean; holding?: { validUntil: Date | null } | null } = {}) {
  const clock = new FakeClock();
  const state = {
    live: options.live ?? true,
    ended: false,
    holding: options.holding === undefined ? { validUntil: null } : options.holding,
  };
  const calls = { live: 0, holding: 0 };
  const guard = new GrantGuard({
    clock,
    sessionLive: async () => {
      calls.live++;
      return state.live;
    },
    sessionEnded: () => state.ended,
    holding: async () => {
      calls.holding++;
      return state.holding;
    },
  });
  return { clock, state, calls, guard, grant };
}

describe('GrantGuard', () => {
  it('lets a live session holding the package through', async () => {
    const { guard, grant } = setup();
    expect(await guard.check(grant())).toBe('ok');
  });

  it('answers hot requests from memory: one database check per session and package a period', async () => {
    const { guard, grant, calls, clock } = setup();
    await Promise.all(Array.from({ length: 20 }, () => guard.check(grant())));
    for (let i = 0; i < 20; i++) await guard.check(grant());
    expect(calls).toEqual({ live: 1, holding: 1 });
    clock.advance(GRANT_CHECK_SECONDS + 1);
    await guard.check(grant());
    expect(calls).toEqual({ live: 2, holding: 2 });
  });

  it('refuses a session that ended, at once when this process heard of it', async () => {
    const { guard, grant, state } = setup();
    expect(await guard.check(grant())).toBe('ok');
    state.ended = true;
    expect(await guard.check(grant())).toBe('session_ended');
  });

  it('refuses a session the database says ended, once the cached answer is older than a period', async () => {
    const { guard, grant, state, clock } = setup();
    expect(await guard.check(grant())).toBe('ok');
    state.live = false;
    clock.advance(GRANT_CHECK_SECONDS + 1);
    expect(await guard.check(grant())).toBe('session_ended');
  });

  it('refuses a full grant once the package is no longer held', async () => {
    const { guard, grant, state, clock } = setup();
    expect(await guard.check(grant())).toBe('ok');
    state.holding = null;
    clock.advance(GRANT_CHECK_SECONDS + 1);
    expect(await guard.check(grant())).toBe('not_entitled');
  });

  it('trusts a cached holding no longer than its end', async () => {
    const { guard, grant, clock } = setup({
      holding: { validUntil: new Date(Date.parse('2030-01-15T10:00:03Z')) },
    });
    expect(await guard.check(grant())).toBe('ok');
    clock.advance(4);
    // The cached answer said "held until 10:00:03": past that it is asked again (and still held here).
    expect(await guard.check(grant())).toBe('ok');
  });

  it('checks only the session for previews, trailers and free titles', async () => {
    const { guard, grant, calls } = setup({ holding: null });
    expect(await guard.check(grant({ access: 'preview', previewSeconds: 10 }))).toBe('ok');
    expect(await guard.check(grant({ packageId: 0 }))).toBe('ok');
    expect(calls.holding).toBe(0);
  });

  it('holds only the checks of the last period, however many sessions play', async () => {
    const { guard, grant, clock } = setup();
    // Ten new playbacks a second for over eight minutes: 5000 sessions, each checked once.
    for (let i = 0; i < 5000; i++) {
      expect(await guard.check(grant({ sessionId: `session-${i}` }))).toBe('ok');
      clock.advance(0.1);
    }
    expect(guard.size).toBeLessThanOrEqual(GRANT_CHECK_SECONDS * 10 + 1);
  });

  it('keeps a check asked again after its period as the newest', async () => {
    const { guard, grant, clock, calls } = setup();
    await guard.check(grant({ sessionId: 'a' }));
    clock.advance(1);
    await guard.check(grant({ sessionId: 'b' }));
    clock.advance(GRANT_CHECK_SECONDS);
    await guard.check(grant({ sessionId: 'a' }));
    clock.advance(1);
    await guard.check(grant({ sessionId: 'c' }));
    // b's period ended behind a's renewed one: it is gone, a and c stay.
    expect(guard.size).toBe(2);
    clock.advance(GRANT_CHECK_SECONDS - 2);
    const before = calls.live;
    await guard.check(grant({ sessionId: 'a' }));
    expect(calls.live).toBe(before);
  });

  it('does not cache a failed check', async () => {
    const { guard, grant, calls } = setup();
    let fail = true;
    const flaky = new GrantGuard({
      clock: new FakeClock(),
      sessionLive: async () => {
        if (fail) throw new Error('database down');
        return true;
      },
      sessionEnded: () => false,
      holding: async () => ({ validUntil: null }),
    });
    await expect(flaky.check(grant())).rejects.toThrow('database down');
    fail = false;
    expect(await flaky.check(grant())).toBe('ok');
    expect(await guard.check(grant())).toBe('ok');
    expect(calls.live).toBe(1);
  });
});

describe('GrantGuard with the stream limit (docs/decisions/057)', () => {
  function withStreams(answers: Array<'ok' | 'stopped' | 'limit'>) {
    const clock = new FakeClock();
    const beats: string[] = [];
    const guard = new GrantGuard({
      clock,
      sessionLive: async () => true,
      sessionEnded: () => false,
      holding: async () => ({ validUntil: null }),
      streamBeat: async (sessionId) => {
        beats.push(sessionId);
        return answers.shift() ?? 'ok';
      },
    });
    return { clock, beats, guard, grant };
  }

  it('reports a full playback of a sold title once a period, with the other checks', async () => {
    const { guard, grant, beats, clock } = withStreams([]);
    for (let i = 0; i < 5; i++) expect(await guard.check(grant())).toBe('ok');
    expect(beats).toEqual([SESSION]);
    clock.advance(GRANT_CHECK_SECONDS + 1);
    await guard.check(grant());
    expect(beats).toHaveLength(2);
  });

  it('never reports previews, trailers or free titles (package 0)', async () => {
    const { guard, grant, beats } = withStreams([]);
    expect(await guard.check(grant({ access: 'preview', previewSeconds: 60 }))).toBe('ok');
    expect(await guard.check(grant({ packageId: 0 }))).toBe('ok');
    expect(beats).toEqual([]);
  });

  it('refuses a stopped or over-the-limit playback without remembering the refusal', async () => {
    const { guard, grant, beats } = withStreams(['stopped', 'limit', 'ok']);
    expect(await guard.check(grant())).toBe('stream_stopped');
    expect(await guard.check(grant())).toBe('stream_limit');
    // A new release gave the place back: the next key is let through at once.
    expect(await guard.check(grant())).toBe('ok');
    expect(await guard.check(grant())).toBe('ok');
    expect(beats).toHaveLength(3);
  });
});
