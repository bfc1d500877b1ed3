/** The identity-provider route's paths begin with this (SPEC §2): `auth_{provider}`. */
export const IDENTITY_PROVIDER_PATH_PREFIX = 'auth_';

/** Parameters a provider adds to the route's address on its way back (RFC 6749 §4.1.2, RFC 9207). */
export const PROVIDER_CALLBACK_PARAMS = [
  'code',
  'state',
  'error',
  'error_description',
  'error_uri',
  'iss',
  'session_state',
] as const;

/**
 * Whether `url` is the identity-provider route (a path segment beginning with `auth_`): its callback
 * parameters are one-time secrets, never campaign parameters (docs/decisions/041).
 */
export function isIdentityProviderPath(url: URL): boolean {
  return url.pathname.split('/').some((segment) => segment.startsWith(IDENTITY_PROVIDER_PATH_PREFIX));
}
