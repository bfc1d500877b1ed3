// The session a request carries once its access token is checked (modules/auth issues and checks
// them); every module's routes read it through registerCall, so it lives with the HTTP layer.
/** The authenticated caller of a request. */
export interface SessionContext {
  sessionId: string;
  profileId: number;
  deviceUid: string | null;
  /** The profile's phone, if it has one. Fixed for the session's life, as `signedIn`. */
  phone: string | null;
  /**
   * The profile is signed in: it has a phone or a provider's link (`isSignedIn` in modules/auth/queries.ts);
   * false: anonymous. Fixed for the session's life: a profile only becomes signed in at a sign-in,
   * which ends all of its sessions — so it may be cached with the session.
   */
  signedIn: boolean;
}
