export { AnonymousProfileBatcher } from './anonymous-batcher';
export { AnonymousProfileLimits } from './anonymous-limits';
export { AnonymousProfilePruner } from './anonymous-pruning';
export { AnonymousRefreshTokens } from './anonymous-refresh';
export { ClientCredentials } from './clients';
export { CodeHasher } from './codes';
export { DeviceProfileCache } from './device-cache';
export { type Auth, type AuthDependencies, registerAuth } from './module';
export { addressBucket } from './network';
export { type AnonymousProfileRequest, anonymousProfiles, isSignedIn } from './queries';
export { authRoutes } from './routes';
export { SignInService } from './service';
export { SessionCache } from './session-cache';
export { RedisSessionChannel, SESSION_ENDED_CHANNEL } from './session-channel';
export { type PickedProfile, type SessionContext, SessionService } from './sessions';
export {
  createSignInLink,
  hashSignInLinkValue,
  SIGN_IN_LINK_DEFAULT_TTL_MINUTES,
  SIGN_IN_LINK_MAX_TTL_MINUTES,
  SIGN_IN_LINK_PARAM,
  SignInLinkError,
} from './sign-in-links';
export { AccessTokens } from './tokens';
