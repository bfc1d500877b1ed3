import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { LOGIN_GRANT_TYPE } from '../login.js';
import { asyncAuthUuid, deviceUid, emptyBody, okResponse, phone, profileId, verifyCode } from './common.js';

/** Tokens of a session (SPEC §3 Auth). */
export const sessionTokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  profile_id: profileId,
  /** Seconds the access token lives. */
  expires_in: z.number().int().positive(),
  token_type: z.literal('Bearer'),
});

/** The tokens a client keeps of a session (from what anonymousAuth, authApp and refreshToken return). */
export type SessionTokens = Pick<
  z.infer<typeof sessionTokens>,
  'access_token' | 'refresh_token' | 'profile_id'
>;

/**
 * Where a client reads and writes the session's tokens: `@kadr/api-client` reads them (and keeps them in
 * memory with `createMemoryTokenStore`), `@kadr/auth-session` keeps them in localStorage (SPEC §3 keys).
 */
export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: SessionTokens): void;
  /** Forgets the tokens and the login (SPEC §4: code 910). */
  clear(): void;
}

/** GET /web/1/auth/{device uid}: an anonymous session for the device (SPEC §7). */
export const anonymousAuth = defineCall({
  ...route('anonymousAuth'),
  summary: 'Anonymous session for a device',
  tag: 'auth',
  params: z.object({ device_uid: deviceUid }),
  response: sessionTokens,
});

/** POST /v1/agregator/sendAuth: sends the SMS code (and a push when available). */
export const sendAuth = defineCall({
  ...route('sendAuth'),
  summary: 'Send a sign-in code to a phone',
  tag: 'auth',
  body: z.object({ auth_type: z.literal('phone'), uid: phone }),
  response: z.object({
    /** True when the caller is on the blocked provider's network: no code is sent (SPEC §8). */
    is_goodline: z.boolean(),
    /** Present when a push confirmation was sent too: poll asyncAuthCheck with it. */
    async_auth_uuid: asyncAuthUuid.nullable(),
    /** Seconds before another code may be sent (SPEC §9: 60). */
    resend_after: z.number().int(),
    /** Seconds the code stays valid (SPEC §9: 2 minutes). */
    code_ttl: z.number().int(),
  }),
});

/** Async sign-in statuses (SPEC §3). `pending` means keep polling. */
export const ASYNC_AUTH_STATUSES = ['pending', 'accepted', 'rejected', 'not found', 'error'] as const;
/** One async sign-in status. */
export type AsyncAuthStatus = (typeof ASYNC_AUTH_STATUSES)[number];

/** POST /v1/agregator/asyncAuthCheck: status of a push sign-in, polled every second. */
export const asyncAuthCheck = defineCall({
  ...route('asyncAuthCheck'),
  summary: 'Status of a push sign-in',
  tag: 'auth',
  body: z.object({ async_auth_uuid: asyncAuthUuid }),
  response: z.object({ asyncAuthStatus: z.enum(ASYNC_AUTH_STATUSES) }),
});

/** POST /v1/agregator/asyncAuthSMSVerify: checks the SMS code of an async sign-in. Never retried. */
export const asyncAuthSMSVerify = defineCall({
  ...route('asyncAuthSMSVerify'),
  summary: 'Verify the SMS code of a push sign-in',
  tag: 'auth',
  body: z.object({ async_auth_uuid: asyncAuthUuid, verify_code: verifyCode }),
  response: z.object({ asyncAuthStatus: z.enum(ASYNC_AUTH_STATUSES) }),
});

/**
 * POST /v1/agregator/asyncAuthConfirm: the confirm call of SPEC §7 ("for the async uuid with the
 * code"): the phone that received the push accepts or rejects the sign-in with the confirm code the
 * push carried. The sandbox push page calls it.
 */
export const asyncAuthConfirm = defineCall({
  ...route('asyncAuthConfirm'),
  summary: 'Accept or reject a push sign-in (called from the phone)',
  tag: 'auth',
  body: z.object({
    async_auth_uuid: asyncAuthUuid,
    verify_code: verifyCode,
    decision: z.enum(['accept', 'reject']),
  }),
  response: z.object({ asyncAuthStatus: z.enum(ASYNC_AUTH_STATUSES) }),
});

/** POST /v1/agregator/authApp: completes a phone login with the code, or with an accepted async uuid. */
export const authApp = defineCall({
  ...route('authApp'),
  summary: 'Sign in with a phone and code, or an accepted push',
  tag: 'auth',
  body: z
    .object({
      grant_type: z.literal(LOGIN_GRANT_TYPE),
      client_id: z.string().min(1).max(100),
      client_secret: z.string().min(1).max(200),
      /** `phone` with verify_code, or `mobile_id` with an accepted async_auth_uuid. */
      auth_type: z.enum(['phone', 'mobile_id']),
      dev_type: z.string().max(40),
      dev_model: z.string().max(100),
      verify_code: verifyCode.optional(),
      uid: phone,
      is_goodline: z.boolean().optional(),
      device_uid: deviceUid,
      async_auth_uuid: asyncAuthUuid.optional(),
    })
    .refine(
      (b) => (b.auth_type === 'phone' ? b.verify_code !== undefined : b.async_auth_uuid !== undefined),
      {
        message: 'auth_type phone needs verify_code; mobile_id needs async_auth_uuid',
      },
    ),
  response: sessionTokens.extend({ phone }),
});

/** POST /v1/agregator/refreshToken: a form body; rotates the refresh token. */
export const refreshToken = defineCall({
  ...route('refreshToken'),
  summary: 'New access token from a refresh token (form body)',
  tag: 'auth',
  body: z.object({
    grant_type: z.literal('refresh_token'),
    client_id: z.string().min(1).max(100),
    client_secret: z.string().min(1).max(200),
    refresh_token: z.string().min(1).max(200),
  }),
  response: sessionTokens,
});

/** The longest sign-in link value accepted: the api makes 43 characters (32 bytes, base64url). */
export const SIGN_IN_LINK_VALUE_MAX = 100;

/**
 * POST /v1/agregator/authByLink: exchanges the one-time value of a sign-in link (the page address's
 * `auth` parameter, SPEC §4 startup) for a session on the link's profile and device. Answers SPEC §3's
 * auth-by-link fields (device_uid, phone_number, profile_id) and the access token; no refresh token,
 * as the client removes it on auth-link login (SPEC §3). Path and parameter are ours
 * (docs/decisions/038-sign-in-by-link.md). An unknown, expired or spent value: `sign_in_link_invalid`.
 */
export const authByLink = defineCall({
  ...route('authByLink'),
  summary: 'Sign in with the one-time value of a sign-in link',
  tag: 'auth',
  body: z.object({
    auth: z
      .string()
      .min(1)
      .max(SIGN_IN_LINK_VALUE_MAX)
      .regex(/^[A-Za-z0-9_-]+$/, 'auth: base64url characters only'),
  }),
  response: z.object({
    access_token: z.string(),
    /** Seconds the access token lives. */
    expires_in: z.number().int().positive(),
    token_type: z.literal('Bearer'),
    device_uid: deviceUid,
    /** The profile's phone, or null for an anonymous profile. */
    phone_number: phone.nullable(),
    profile_id: profileId,
  }),
});

/** An identity provider's name in the web route `auth_{name}` (docs/decisions/041-identity-provider.md). */
export const identityProviderName = z.string().regex(/^[a-z0-9-]{1,30}$/, 'provider: a-z, 0-9, hyphen');

/**
 * POST /v1/agregator/identityProviderStart: the token-suggestion request of SPEC §2's `auth_` route.
 * The api, the OpenID Connect client, keeps state, nonce and PKCE verifier bound to the caller's
 * session and answers the provider's authorization URL (with `prompt=select_account`) to open.
 */
export const identityProviderStart = defineCall({
  ...route('identityProviderStart'),
  summary: 'Start a sign-in with an identity provider',
  tag: 'auth',
  body: z.object({ provider: identityProviderName }),
  response: z.object({ authorization_url: z.url({ protocol: /^https?$/ }) }),
});

/**
 * POST /v1/agregator/identityProviderFinish: the provider's answer (code, state and — from a provider
 * that sends it, RFC 9207 — iss, from the `auth_` route's address) for a session on the profile linked
 * to the provider's subject. One-time, never retried.
 */
export const identityProviderFinish = defineCall({
  ...route('identityProviderFinish'),
  summary: 'Finish a sign-in with an identity provider',
  tag: 'auth',
  body: z.object({
    provider: identityProviderName,
    state: z.string().min(1).max(200),
    code: z.string().min(1).max(2000),
    /** The authorization response's `iss` (RFC 9207), as the provider sent it; checked by the api. */
    iss: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  }),
  response: sessionTokens.extend({
    /** The device the session is on, when known. */
    device_uid: deviceUid.nullable(),
    /** The profile's phone, when it has one. */
    phone_number: phone.nullable(),
  }),
});

/** Profile (SPEC §3). */
export const profile = z.object({
  profile_id: profileId,
  /** The signed-in phone, or null for an anonymous profile. */
  phone: phone.nullable(),
  external_accounts: z.array(z.object({ title: z.string(), email: z.string(), password: z.string() })),
});

/** POST /v1/agregator/getProfile. */
export const getProfile = defineCall({
  ...route('getProfile'),
  summary: 'The current profile',
  tag: 'profile',
  body: emptyBody,
  response: profile,
});

/** POST /v1/agregator/logout: ends the session (SPEC §7 "logout call": path ours). */
export const logout = defineCall({
  ...route('logout'),
  summary: 'End the current session',
  tag: 'auth',
  body: emptyBody,
  response: okResponse,
});

/** POST /v1/agregator/setProfileUtm: the campaign parameters, sent once (SPEC §4). */
export const setProfileUtm = defineCall({
  ...route('setProfileUtm'),
  summary: 'Store the campaign query of the first visit',
  tag: 'profile',
  // A page URL or its query: printable text. Control characters are not part of a URL (browsers
  // percent-encode them), and PostgreSQL cannot store NUL.
  body: z.object({
    url: z
      .string()
      .max(2048)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'URL: no control characters'),
  }),
  response: okResponse,
});

/** Every auth and profile call. */
export const authCalls = {
  anonymousAuth,
  sendAuth,
  asyncAuthCheck,
  asyncAuthSMSVerify,
  asyncAuthConfirm,
  authApp,
  refreshToken,
  authByLink,
  identityProviderStart,
  identityProviderFinish,
  getProfile,
  logout,
  setProfileUtm,
} as const;
