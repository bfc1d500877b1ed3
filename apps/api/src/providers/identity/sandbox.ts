import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { InProcessFetch } from './in-process-fetch';
import { sandboxClient } from './keys';
import { SandboxOidcProvider } from './provider';
import { sandboxOidcRoutes } from './routes';

/**
 * Serves the sandbox OpenID Connect provider on this api's own origin (sandbox providers only,
 * docs/decisions/041) and answers how the api reaches it as a client: its one registered client and a
 * fetch that goes through the api in-process.
 */
export async function registerSandboxIdentityProvider(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; secret: string },
): Promise<{ clientId: string; clientSecret: string; fetch: CustomFetch }> {
  const inProcess = new InProcessFetch(app);
  await app.register(sandboxOidcRoutes, {
    provider: new SandboxOidcProvider({ db: options.db, clock: options.clock, secret: options.secret }),
    inProcess,
  });
  return { ...sandboxClient(options.secret), fetch: inProcess.fetch };
}
