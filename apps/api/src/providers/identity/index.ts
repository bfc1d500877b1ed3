// The entry of providers/identity: all that other code may import from it (providers' rule, src/boundaries.test.ts).
// The sandbox OpenID Connect provider (development and tests; never in production).
export {
  SANDBOX_CODE_TTL_SECONDS,
  SANDBOX_OIDC_PREFIX,
  SANDBOX_REDIRECT_PATH,
} from './provider';
export { registerSandboxIdentityProvider } from './sandbox';
