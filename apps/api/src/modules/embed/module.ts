import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { embedPlayerScript, embedPlaygroundRoutes } from './playground';
import { embedRoutes } from './routes';

/**
 * Partner embeds (docs/decisions/033): frame configs and the light service's switches, readable from
 * any origin; with the sandbox providers, the SDK's playground (docs/decisions/036), a development page.
 */
export async function registerEmbed(
  app: FastifyInstance,
  core: Core,
  deps: {
    /** The SDK's script-tag build the playground serves; by default the package's dist. */ sdkScript?: string;
  },
): Promise<void> {
  await app.register(embedRoutes, { db: core.db });
  if (core.env.sandboxProviders)
    await app.register(embedPlaygroundRoutes, {
      db: core.db,
      sdkScript: deps.sdkScript ?? embedPlayerScript(),
    });
}
