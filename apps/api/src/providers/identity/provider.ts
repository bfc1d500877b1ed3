import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxOidcCodes } from '../../db/schema';
import { type SandboxSigningKey, sandboxClient, sandboxSigningKey } from './keys';

/** Where the sandbox provider is served; its issuer is this origin + this path. */
export const SANDBOX_OIDC_PREFIX = '/sandbox/oidc';
/** The one redirect URI path the sandbox's client may use (the web app's identity-provider route). */
export const SANDBOX_REDIRECT_PATH = '/promo/web/auth_sandbox/';
/** Seconds an authorization code lives (RFC 6749 §4.1.2 recommends at most 10 minutes; real ones use ~1). */
export const SANDBOX_CODE_TTL_SECONDS = 60;
/** Seconds an ID token lives. */
export const SANDBOX_ID_TOKEN_TTL_SECONDS = 300;
/** The sandbox's accounts are names the tester types: letters, digits, dot, underscore, hyphen. */
const LOGIN = /^[a-z0-9._-]{1,64}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The parameters of an authorization request, as sent (query of GET, form of the consent page's POST). */
export type AuthorizeParams = Record<string, string | undefined>;

/** A checked authorization request. */
export interface AuthorizeRequest {
  /** The issuer the request reached; sent back as `iss` with every answer (RFC 9207). */
  issuer: string;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string;
  prompt: string | undefined;
  scope: string;
}

/**
 * What an authorization request leads to: the consent page, a redirect back with an error (RFC 6749
 * §4.1.2.1), or — when the client or redirect URI is wrong, so redirecting would be unsafe — an error page.
 */
export type AuthorizeCheck =
  | { kind: 'consent'; request: AuthorizeRequest }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; message: string };

/** A token endpoint answer: status and JSON body (RFC 6749 §5.1, §5.2). */
export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const hashCode = (code: string) => sha256(code).toString('hex');

/** The sandbox client's one registered redirect URI: the issuer's origin + SANDBOX_REDIRECT_PATH. */
export function registeredRedirectUri(issuer: string): string {
  return `${new URL(issuer).origin}${SANDBOX_REDIRECT_PATH}`;
}

/** Adds `params` to a redirect URI's query. */
function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function sameSecret(given: string, expected: string): boolean {
  const a = sha256(given);
  const b = sha256(expected);
  return timingSafeEqual(a, b);
}

/**
 * The built-in OpenID Connect provider (docs/decisions/041): discovery, JWKS, an authorization
 * endpoint with a consent page, a token endpoint with the authorization code grant and PKCE (S256
 * only), ES256-signed ID tokens, and the refusals a real provider gives. Codes are stored hashed and
 * spent once; keys and the client secret derive from TOKEN_SECRET, so instances agree without state.
 */
export class SandboxOidcProvider {
  private key: Promise<SandboxSigningKey> | undefined;
  private readonly client: { clientId: string; clientSecret: string };

  constructor(private readonly deps: { db: Db; clock: Clock; secret: string }) {
    this.client = sandboxClient(deps.secret);
  }

  private signingKey(): Promise<SandboxSigningKey> {
    this.key ??= sandboxSigningKey(this.deps.secret);
    return this.key;
  }

  /** The discovery document (OpenID Connect Discovery 1.0) for `issuer`. */
  discovery(issuer: string): Record<string, unknown> {
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      scopes_supported: ['openid'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'auth_time'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
      // RFC 9207, as Keycloak: the client must check `iss` on the way back (mix-up defence).
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** The JWK Set with the public signing key. */
  async jwks(): Promise<{ keys: unknown[] }> {
    return { keys: [(await this.signingKey()).publicJwk] };
  }

  /** Checks an authorization request against `issuer` (whose origin the redirect URI must share). */
  checkAuthorize(issuer: string, params: AuthorizeParams): AuthorizeCheck {
    if (params.client_id !== this.client.clientId)
      return { kind: 'page', message: 'Неизвестное приложение (client_id)' };
    // Exact string matching (RFC 9700 §2.1, RFC 6749 §3.1.2.3): the one registered URI, byte for byte.
    // Comparing parsed parts let through what a parser folds away or keeps beside the origin: userinfo
    // (`https://user@host/…`), a fragment, `\` for `/`, dot segments, percent-encoded path characters.
    const redirectUri = params.redirect_uri ?? '';
    if (redirectUri !== registeredRedirectUri(issuer))
      return { kind: 'page', message: 'Адрес возврата не зарегистрирован для приложения (redirect_uri)' };
    const back = (error: string, description: string): AuthorizeCheck => ({
      kind: 'redirect',
      location: withParams(redirectUri, {
        error,
        error_description: description,
        state: params.state,
        iss: issuer,
      }),
    });
    if (params.response_type !== 'code')
      return back('unsupported_response_type', 'response_type must be code');
    if (!(params.scope ?? '').split(' ').includes('openid'))
      return back('invalid_scope', 'scope must include openid');
    if (params.code_challenge_method !== 'S256' || !CHALLENGE.test(params.code_challenge ?? ''))
      return back('invalid_request', 'PKCE with code_challenge_method S256 is required');
    // The sandbox keeps no sign-in of its own: a silent request cannot be answered.
    if ((params.prompt ?? '').split(' ').includes('none'))
      return back('login_required', 'no session at the provider');
    return {
      kind: 'consent',
      request: {
        issuer,
        clientId: this.client.clientId,
        redirectUri,
        state: params.state,
        nonce: params.nonce,
        codeChallenge: params.code_challenge as string,
        prompt: params.prompt,
        scope: params.scope as string,
      },
    };
  }

  /** The tester's refusal: back to the client with access_denied. */
  deny(request: AuthorizeRequest): string {
    return withParams(request.redirectUri, {
      error: 'access_denied',
      error_description: 'the user refused',
      state: request.state,
      iss: request.issuer,
    });
  }

  /** The tester's consent as `login`: a one-time code for that subject; undefined for a malformed login. */
  async allow(request: AuthorizeRequest, login: string): Promise<string | undefined> {
    const subject = login.trim().toLowerCase();
    if (!LOGIN.test(subject)) return undefined;
    const code = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    await this.deps.db.insert(sandboxOidcCodes).values({
      codeHash: hashCode(code),
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      nonce: request.nonce ?? null,
      subject,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SANDBOX_CODE_TTL_SECONDS * 1000),
    });
    return withParams(request.redirectUri, { code, state: request.state, iss: request.issuer });
  }

  /**
   * The token endpoint: client authentication (Basic or form), then the code — spent at once, so a
   * second use, even with a wrong verifier the first time, is refused — then redirect URI and verifier.
   */
  async token(
    issuer: string,
    form: AuthorizeParams,
    authorization: string | undefined,
  ): Promise<TokenAnswer> {
    const refuse = (status: number, error: string, description: string): TokenAnswer => ({
      status,
      body: { error, error_description: description },
    });
    const credentials = clientCredentials(form, authorization);
    if (
      !credentials ||
      credentials.id !== this.client.clientId ||
      !sameSecret(credentials.secret, this.client.clientSecret)
    )
      return refuse(401, 'invalid_client', 'client authentication failed');
    if (form.grant_type !== 'authorization_code')
      return refuse(400, 'unsupported_grant_type', 'authorization_code only');
    const now = this.deps.clock.now();
    const [code] = await this.deps.db
      .update(sandboxOidcCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(sandboxOidcCodes.codeHash, hashCode(form.code ?? '')),
          isNull(sandboxOidcCodes.usedAt),
          gt(sandboxOidcCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!code) return refuse(400, 'invalid_grant', 'the code is unknown, expired or already used');
    if (code.clientId !== credentials.id || code.redirectUri !== form.redirect_uri)
      return refuse(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    const verifier = form.code_verifier ?? '';
    if (sha256(verifier).toString('base64url') !== code.codeChallenge)
      return refuse(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    const key = await this.signingKey();
    const seconds = Math.floor(now.getTime() / 1000);
    const idToken = await new SignJWT({ ...(code.nonce ? { nonce: code.nonce } : {}), auth_time: seconds })
      .setProtectedHeader({ alg: 'ES256', kid: key.publicJwk.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(code.subject)
      .setAudience(code.clientId)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + SANDBOX_ID_TOKEN_TTL_SECONDS)
      .sign(key.privateKey);
    return {
      status: 200,
      body: {
        access_token: randomBytes(32).toString('base64url'),
        token_type: 'Bearer',
        expires_in: SANDBOX_ID_TOKEN_TTL_SECONDS,
        id_token: idToken,
        scope: 'openid',
      },
    };
  }
}

/** client_secret_basic (RFC 6749 §2.3.1: form-urlencoded id and secret) or client_secret_post. */
function clientCredentials(
  form: AuthorizeParams,
  authorization: string | undefined,
): { id: string; secret: string } | undefined {
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    try {
      return {
        id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
      };
    } catch {
      return undefined;
    }
  }
  if (form.client_id && form.client_secret) return { id: form.client_id, secret: form.client_secret };
  return undefined;
}
