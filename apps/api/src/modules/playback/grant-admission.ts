import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { accessTokenOf } from '../../http/register-call';
import type { GrantGuard } from './grant-guard';
import type { GrantProblem } from './grants';

/** What the guard reads of a grant: a title's (grants.ts) or a channel's (channel-grants.ts). */
type GuardedGrant = Parameters<GrantGuard['check']>[0];

/**
 * Admits a media request carrying a grant, a title's or a channel's (docs/decisions/022, 029), or
 * throws why not. `verified` is the signer's answer (signature, then expiry). A player sends no access
 * token with media requests, so the grant is a bearer capability; when a token is sent (the
 * api-client does for licences) and names a live session, that session must be the grant's profile's
 * (a token that names none is ignored, as no token is). Last the guard: a grant plays only while its
 * session lives and, for a full grant, while its package is held (cached: keys are asked for every
 * segment).
 */
export async function admitGrant<G extends GuardedGrant>(
  app: Pick<FastifyInstance, 'authenticateToken'>,
  request: FastifyRequest,
  verified: G | GrantProblem,
  guard: Pick<GrantGuard, 'check'>,
): Promise<G> {
  if (verified === 'invalid') throw new AppError('grant_invalid');
  if (verified === 'expired') throw new AppError('grant_expired');
  const access = accessTokenOf(request);
  if (access !== undefined) {
    const session = await app.authenticateToken(access).catch(() => null);
    if (session && session.profileId !== verified.profileId) throw new AppError('grant_foreign');
  }
  const answer = await guard.check(verified);
  if (answer === 'stream_stopped' || answer === 'stream_limit') throw new AppError(answer);
  if (answer !== 'ok') throw new AppError('grant_revoked');
  return verified;
}
