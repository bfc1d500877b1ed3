export { InProcessFetch } from './in-process-fetch';
export { sandboxClient } from './keys';
export {
  SANDBOX_CODE_TTL_SECONDS,
  SANDBOX_OIDC_PREFIX,
  SANDBOX_REDIRECT_PATH,
  SandboxOidcProvider,
} from './provider';
export { sandboxOidcRoutes } from './routes';
export { registerSandboxIdentityProvider } from './sandbox';
