import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../auth';
import type { ChannelGrant } from '../live';
import { admitGrant } from './grant-admission';
import type { GrantRevocation } from './grant-guard';
import type { Grant } from './grants';

const SESSION = '0b7e4c2a-1f3d-4c5e-9a8b-7c6d5e4f3a2b';

const titleGrant: Grant = {
  profileId: 7,
  contentId: 1,
  episodeId: 0,
  access: 'full',
  previewSeconds: 0,
  packageId: 3,
  sessionId: SESSION,
  expires: 2_000_000_000,
};
const channelGrant: ChannelGrant = {
  profileId: 7,
  channelId: 4,
  scope: 'live',
  start: 1_900_000_000,
  access: 'preview',
  previewSeconds: 60,
  packageId: 0,
  sessionId: SESSION,
  expires: 2_000_000_000,
};

/** The app's token check: `tokens` maps an access token to its session's profile; others are refused. */
function setup(options: { tokens?: Record<string, number>; answer?: 'ok' | GrantRevocation } = {}) {
  const checked: unknown[] = [];
  const app = {
    authenticateToken: async (token: string | undefined) => {
      const profileId = token === undefined ? undefined : options.tokens?.[token];
      if (profileId === undefined) throw new Error('session_invalid');
      return { profileId } as SessionContext;
    },
  };
  const guard = {
    check: async (grant: Parameters<typeof admitGrant>[2]) => {
      checked.push(grant);
      return options.answer ?? 'ok';
    },
  };
  const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as FastifyRequest;
  return { app, guard, request, checked };
}

describe('admitGrant', () => {
  it("admits a title's grant and a channel's through the same guard", async () => {
    const { app, guard, request, checked } = setup();
    expect(await admitGrant(app, request(), titleGrant, guard)).toBe(titleGrant);
    expect(await admitGrant(app, request(), channelGrant, guard)).toBe(channelGrant);
    expect(checked).toEqual([titleGrant, channelGrant]);
  });

  it('refuses a forged grant and an expired one before asking the guard', async () => {
    const { app, guard, request, checked } = setup();
    await expect(admitGrant(app, request(), 'invalid', guard)).rejects.toMatchObject({ id: 'grant_invalid' });
    await expect(admitGrant(app, request(), 'expired', guard)).rejects.toMatchObject({ id: 'grant_expired' });
    expect(checked).toEqual([]);
  });

  it("refuses a grant sent with another profile's live token; a token naming no session changes nothing", async () => {
    const { app, guard, request } = setup({ tokens: { mine: 7, theirs: 8 } });
    const bearer = (token: string) => request({ authorization: `Bearer ${token}` });
    await expect(admitGrant(app, bearer('theirs'), titleGrant, guard)).rejects.toMatchObject({
      id: 'grant_foreign',
    });
    expect(await admitGrant(app, bearer('mine'), titleGrant, guard)).toBe(titleGrant);
    expect(await admitGrant(app, bearer('stale'), channelGrant, guard)).toBe(channelGrant);
  });

  it('refuses a grant the guard revoked (session ended, package no longer held)', async () => {
    for (const answer of ['session_ended', 'not_entitled'] as const) {
      const { app, guard, request } = setup({ answer });
      await expect(admitGrant(app, request(), channelGrant, guard)).rejects.toMatchObject({
        id: 'grant_revoked',
      });
    }
  });

  it('refuses a stopped playback and one over the stream limit with their own errors (docs/decisions/057)', async () => {
    for (const answer of ['stream_stopped', 'stream_limit'] as const) {
      const { app, guard, request } = setup({ answer });
      await expect(admitGrant(app, request(), titleGrant, guard)).rejects.toMatchObject({ id: answer });
    }
  });
});
