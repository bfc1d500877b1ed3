import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../limits/rate-limit';
import type { PickedProfile, SessionContext, SessionService } from '../auth';
import type { ProviderConfigurations, ProviderDirectory } from './providers';
import * as q from './queries';

/**
 * The flag of SPEC §2's token-suggestion request: OpenID Connect's `prompt=select_account` — the
 * provider suggests the accounts it knows and lets the visitor pick one, never signing in silently
 * (docs/decisions/041-identity-provider.md).
 */
export const SUGGEST_PROMPT = 'select_account';
/** Seconds a visitor has to come back from the provider. */
export const IDENTITY_REQUEST_TTL_SECONDS = 600;
/** Sign-ins a profile may start per hour: each stores a request row, so a script must not fill the table. */
export const IDENTITY_STARTS_PER_HOUR = 30;

/** What identityProviderFinish answers. */
export interface IdentitySession {
  access_token: string;
  refresh_token: string;
  profile_id: number;
  expires_in: number;
  token_type: 'Bearer';
  device_uid: string | null;
  phone_number: string | null;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * Sign-in through OpenID Connect providers, the api being the confidential client: it starts the
 * authorization code flow with PKCE (state, nonce and verifier kept in identity_requests, bound to
 * the caller's profile and device), finishes it with openid-client (code exchange, ID token signature,
 * iss, aud, exp, nonce), and signs the caller in to the profile linked to the provider's subject.
 */
export class IdentityService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      sessions: SessionService;
      directory: ProviderDirectory;
      configurations: ProviderConfigurations;
      /** Counts starts per profile (the api's rate limiter); none: unlimited (some tests). */
      limiter?: RateLimiter;
    },
  ) {}

  /** One more start for the profile, or `rate_limited` over IDENTITY_STARTS_PER_HOUR. */
  private async admitStart(profileId: number, now: Date): Promise<void> {
    const { limiter } = this.deps;
    if (!limiter) return;
    const rule = { key: `oidc:start:p:${profileId}`, windowSeconds: 3600, limit: IDENTITY_STARTS_PER_HOUR };
    const { count, retryAfter } = await limiter.hit(rule, now);
    if (count > rule.limit) {
      await limiter.undo(rule, now);
      throw new AppError('rate_limited', { retryAfter });
    }
  }

  private provider(name: string, origin: string) {
    const provider = this.deps.directory(name, origin);
    if (!provider) throw new AppError('identity_provider_unknown');
    return provider;
  }

  /** The provider's authorization URL for the caller; the request's secrets are stored, not sent back. */
  async start(name: string, origin: string, caller: SessionContext): Promise<{ authorization_url: string }> {
    const provider = this.provider(name, origin);
    const config = await this.deps.configurations.of(provider);
    await this.admitStart(caller.profileId, this.deps.clock.now());
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const now = this.deps.clock.now();
    await q.insertRequest(this.deps.db, {
      stateHash: hashState(state),
      provider: name,
      nonce,
      codeVerifier,
      redirectUri: provider.redirectUri,
      profileId: caller.profileId,
      deviceUid: caller.deviceUid,
      now,
      expiresAt: new Date(now.getTime() + IDENTITY_REQUEST_TTL_SECONDS * 1000),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: provider.redirectUri,
      scope: 'openid',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      prompt: SUGGEST_PROMPT,
    });
    return { authorization_url: url.href };
  }

  /**
   * The provider's answer for the caller who started the request: the state is spent first (one use,
   * only by the same profile and device, before it expires), then the code is exchanged and the ID
   * token checked; the caller is signed in to the subject's profile (see `pick`). The answer's `iss`
   * (RFC 9207) goes to openid-client with code and state: it refuses an iss other than the provider's
   * (mix-up), and a missing one when the provider advertises sending it.
   */
  async finish(
    name: string,
    origin: string,
    caller: SessionContext,
    answer: { state: string; code: string; iss?: string | undefined },
  ): Promise<IdentitySession> {
    const provider = this.provider(name, origin);
    const request = await q.spendRequest(this.deps.db, {
      stateHash: hashState(answer.state),
      provider: name,
      profileId: caller.profileId,
      deviceUid: caller.deviceUid,
      now: this.deps.clock.now(),
    });
    if (!request) throw new AppError('identity_state_invalid');
    const config = await this.deps.configurations.of(provider);
    const callback = new URL(request.redirectUri);
    callback.searchParams.set('code', answer.code);
    callback.searchParams.set('state', answer.state);
    if (answer.iss !== undefined) callback.searchParams.set('iss', answer.iss);
    let claims: { iss: string; sub: string };
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: answer.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new AppError('identity_token_invalid');
      claims = { iss: idToken.iss, sub: idToken.sub };
    } catch (error) {
      throw refusalOf(error);
    }
    const tokens = await this.deps.sessions.signInPicked(caller, caller.deviceUid, (tx, now) =>
      pick(tx, claims, caller, now),
    );
    const { phone, ...issued } = tokens;
    return { ...issued, device_uid: caller.deviceUid, phone_number: phone };
  }

  /** Deletes requests that expired a day ago or more (run with the other pruning). */
  prune(): Promise<number> {
    return q.pruneRequests(this.deps.db, new Date(this.deps.clock.now().getTime() - 24 * 3600 * 1000));
  }
}

/**
 * Which profile a subject signs in to:
 * 1. the profile it is linked to — what the caller's anonymous profile holds moves there (as at phone
 *    sign-in, decision 019);
 * 2. else the caller's own profile, linked now — an anonymous one becomes signed in (its purchases stay),
 *    a signed-in one gains a way in — unless it already has another subject of this issuer;
 * 3. else a new profile, linked now.
 */
async function pick(
  tx: Tx,
  claims: { iss: string; sub: string },
  caller: SessionContext,
  now: Date,
): Promise<PickedProfile> {
  const link = { issuer: claims.iss, subject: claims.sub, now };
  const callerAnonymous = !caller.signedIn;
  const linked = await q.linkedProfile(tx, claims.iss, claims.sub);
  if (linked !== undefined) {
    const moveFrom = callerAnonymous && caller.profileId !== linked ? caller.profileId : undefined;
    return { profileId: linked, adopted: false, moveFrom };
  }
  if (await q.canLink(tx, caller.profileId, claims.iss)) {
    await q.insertLink(tx, { ...link, profileId: caller.profileId });
    return { profileId: caller.profileId, adopted: callerAnonymous };
  }
  const profileId = await q.createProfile(tx, now);
  await q.insertLink(tx, { ...link, profileId });
  return { profileId, adopted: false };
}

/** The viewer-facing refusal for a failed code exchange or ID token check. */
function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // The token endpoint's error body (invalid_grant: expired, reused code, wrong verifier; invalid_client).
  if (error instanceof client.ResponseBodyError)
    return new AppError('identity_provider_refused', { cause: error });
  const code = (error as { code?: unknown }).code;
  // oauth4webapi's and jose's checks: signature, iss, aud, exp, iat, nonce, algorithm.
  if (typeof code === 'string' && (code.startsWith('OAUTH_') || code.startsWith('ERR_J')))
    return new AppError('identity_token_invalid', { cause: error });
  return new AppError('identity_provider_unavailable', { cause: error });
}
