import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import type { GoodsResolver } from '../billing';
import { seedCatalogue } from './import/seed';
import { mediaRoutes } from './media';
import { catalogueRoutes } from './routes';
import { CatalogueService } from './service';

/** What the catalogue is built from beyond the shared infrastructure. */
export interface CatalogueDependencies {
  /** Goods of content cards (modules/billing). */
  goods: GoodsResolver;
  /**
   * Import this manifest when the catalogue is empty, before the app is ready (a server's start-up);
   * `fromTemplate`: the build already imported it into the database copied on first start.
   */
  seed?: { manifest: string; mediaDir: string; fromTemplate: boolean };
}

/**
 * The catalogue (SPEC §2, §7; docs/architecture/README.md): home rails, content cards, collections and
 * their images, and the first start's import of the demo catalogue.
 */
export async function registerCatalogue(app: FastifyInstance, core: Core, deps: CatalogueDependencies) {
  const { db, env, clock, log } = core;
  if (deps.seed?.fromTemplate) {
    // The import the build made from this very manifest (docs/decisions/028-first-start-template.md).
    log.info({ manifest: deps.seed.manifest }, 'catalogue copied on first start from the seeded template');
  } else if (deps.seed) {
    await seedCatalogue(db, {
      manifest: deps.seed.manifest,
      mediaDir: deps.seed.mediaDir,
      log,
      now: clock.now(),
    });
  }
  await app.register(catalogueRoutes, { catalogue: new CatalogueService(db, { goods: deps.goods }) });
  await app.register(mediaRoutes, { mediaDir: env.mediaDir });
}
