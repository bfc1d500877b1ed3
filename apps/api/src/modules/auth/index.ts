// The entry of modules/auth: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Sessions and sign-in: anonymous sessions, SMS and push sign-in, sign-in links, tokens, the
// session every route reads. docs/architecture/auth-and-sessions.md
export { deviceName, platformOf } from './account-devices';
export { AnonymousProfilePruner } from './anonymous-pruning';
export { type Auth, type AuthDependencies, registerAuth } from './module';
export { addressBucket, requesterRules } from './network';
export { isSignedIn } from './queries';
export { SESSION_ENDED_CHANNEL } from './session-channel';
export { type PickedProfile, type SessionContext, SessionService } from './sessions';
export {
  createSignInLink,
  hashSignInLinkValue,
  SIGN_IN_LINK_DEFAULT_TTL_MINUTES,
  SIGN_IN_LINK_MAX_TTL_MINUTES,
  SIGN_IN_LINK_PARAM,
  SignInLinkError,
} from './sign-in-links';
