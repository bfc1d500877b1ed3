import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { Core } from '../../core';
import { registerSandboxIdentityProvider } from '../../providers/identity';
import type { SessionService } from '../auth';
import { ProviderConfigurations, providerDirectory } from './providers';
import { identityRoutes } from './routes';
import { IdentityService } from './service';

/** Old identity-provider requests are pruned this often. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** What identity is built from beyond the shared infrastructure. */
export interface IdentityDependencies {
  sessions: SessionService;
  /** Wraps how the api reaches the sandbox identity provider (tests tamper with its answers). */
  sandboxFetch?: (inner: CustomFetch) => CustomFetch;
}

/**
 * Sign-in through OpenID Connect providers (docs/decisions/041): the configured one (OIDC_*) and, with
 * the sandbox providers, the sandbox's, served on this api's own origin and reached in-process.
 */
export async function registerIdentity(app: FastifyInstance, core: Core, deps: IdentityDependencies) {
  const { env, db, clock, limiter, log } = core;
  const sandbox = env.sandboxProviders
    ? await registerSandboxIdentityProvider(app, { db, clock, secret: env.tokenSecret })
    : undefined;
  const directory = providerDirectory({
    configured: env.oidc,
    production: env.production,
    sandbox: sandbox && { ...sandbox, fetch: deps.sandboxFetch?.(sandbox.fetch) ?? sandbox.fetch },
  });
  const identity = new IdentityService({
    db,
    clock,
    sessions: deps.sessions,
    directory,
    configurations: new ProviderConfigurations(),
    limiter,
  });
  await app.register(identityRoutes, { identity });
  core.background.every(
    PRUNE_EVERY_MS,
    () => identity.prune(),
    (err) => log.warn({ err }, 'pruning old identity-provider requests failed'),
  );
}
