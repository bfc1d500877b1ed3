import type { FastifyInstance, RouteOptions } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { Clock } from './clock';
import type { Database } from './db/client';
import type { Env } from './env';
import { createHttpServer, ownOrigin } from './http/server';
import { makeCore, openDatabase, runBackground } from './infrastructure';
import type { RateLimiter } from './limits/rate-limit';
import { startDemoMediaWith } from './media/demo';
import { type MediaAssetMeta, MediaStore, type PackagedId } from './media/store';
import { ServiceMetrics } from './metrics/metrics';
import { type AuthDependencies, registerAuth } from './modules/auth';
import {
  type GoodsResolver,
  moveAnonymousHoldings,
  NOTIFICATIONS_PATH,
  registerBilling,
} from './modules/billing';
import { registerCatalogue } from './modules/catalogue';
import { registerEmbed } from './modules/embed';
import { registerIdentity } from './modules/identity';
import { registerLive } from './modules/live';
import { createGrantGuard, createStreamLimit, registerPlayback } from './modules/playback';
import { registerProfile } from './modules/profile';
import { registerSearch } from './modules/search';
import { registerSystem } from './modules/system';
import { moveAnonymousViewing, registerViewing } from './modules/viewing';
import { EMBED_PAGE, registerWeb } from './modules/web';
import { type Providers, registerProviders } from './providers';
import type { YooKassaSandbox } from './providers/payments';

/** What buildApp needs; everything but `env` may be injected (tests, benchmarks). */
export interface BuildAppOptions {
  env: Env;
  /** An open database owned by the caller; by default one is opened from env and closed with the app. */
  db?: Database;
  /** Replaces individual providers (SMS, push, payments). */
  providers?: Partial<Providers>;
  /** The YooKassa emulator served under /sandbox/yookassa/ (with sandbox providers); tests pass theirs. */
  yookassaSandbox?: YooKassaSandbox;
  clock?: Clock;
  rateLimiter?: RateLimiter;
  /** Import env.catalogueSeed when the catalogue is empty, and make demo media and the demo guide (a server's start-up). */
  seedCatalogue?: boolean;
  /** Goods of content cards; by default from the viewer's subscriptions (modules/billing). */
  goods?: GoodsResolver;
  /** Waits for a media asset being packaged; by default demo media's, else only the store counts. */
  mediaReady?: (asset: PackagedId) => Promise<MediaAssetMeta | undefined>;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** The service's metrics (metrics/metrics.ts); tests pass theirs to read them. */
  metrics?: ServiceMetrics;
  /** Compare every answer with the contract (http/response-serializer.ts); default under tests only. */
  checkAnswers?: boolean;
  /** The embed SDK's script-tag build the playground serves; by default the workspace package's dist. */
  embedPlayerScript?: string;
  /** Wraps how the api reaches the sandbox identity provider (tests tamper with its answers). */
  identityProviderFetch?: (inner: CustomFetch) => CustomFetch;
  /** Sees every route as it is registered: the fuzz suite checks that it reaches them all (src/test/fuzz). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the api as a Fastify instance, ready for `inject()` or `listen()`: the database migrated, the
 * shared infrastructure made once, then each module from its entry, in the order their dependencies
 * run (docs/architecture/README.md).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const seed =
    options.seedCatalogue && env.catalogueSeed
      ? { manifest: env.catalogueSeed, mediaDir: env.mediaDir }
      : undefined;
  const { database, owned } = await openDatabase(env, options.db, seed);
  const metrics = options.metrics ?? new ServiceMetrics();
  const app = await createHttpServer(env, {
    metrics,
    embedPage: EMBED_PAGE,
    logStream: options.logStream,
    checkAnswers: options.checkAnswers ?? process.env.NODE_ENV === 'test',
    onRoute: options.onRoute,
  });
  const core = makeCore(app, env, database, {
    clock: options.clock,
    rateLimiter: options.rateLimiter,
    metrics,
  });

  await registerSystem(app, core);
  const providers = await registerProviders(app, core, {
    providers: options.providers,
    yookassaSandbox: options.yookassaSandbox,
    notificationsUrl: () => `${ownOrigin(app)}${NOTIFICATIONS_PATH}`,
  });
  // What an anonymous profile holds moves at sign-in (decision 019): its purchases, then its viewing
  // memory (decision 055) — only when the purchases' move found it still anonymous.
  const moveHoldings: AuthDependencies['moveHoldings'] = async (tx, from, to, now) => {
    if (!(await moveAnonymousHoldings(tx, from, to, now))) return false;
    await moveAnonymousViewing(tx, from, to);
    return true;
  };
  const auth = await registerAuth(app, core, { providers, moveHoldings });
  await registerProfile(app, core);
  await registerIdentity(app, core, { sessions: auth.sessions, sandboxFetch: options.identityProviderFetch });
  const billing = await registerBilling(app, core, { payments: providers.payments, goods: options.goods });
  const { entitlements, goods } = billing;
  await registerCatalogue(app, core, {
    goods,
    seed: seed && { ...seed, fromTemplate: database.fromSeededTemplate === true },
  });
  await registerEmbed(app, core, { sdkScript: options.embedPlayerScript });
  await registerSearch(app, core);
  await registerViewing(app, core);
  // Demo media (src/media/demo.ts) and the demo guide: a server's start-up only, in the background.
  const demoMedia = options.seedCatalogue ? startDemoMediaWith(core) : undefined;
  const media = {
    store: new MediaStore(env.dataDir),
    mediaReady: options.mediaReady ?? demoMedia?.whenAssetReady,
  };
  const streams = createStreamLimit(core);
  const guard = createGrantGuard(core, { sessions: auth.sessions, entitlements, streams });
  const demoSchedule = Boolean(options.seedCatalogue);
  const live = await registerLive(app, core, { ...media, entitlements, goods, guard, streams, demoSchedule });
  await registerPlayback(app, core, { ...media, entitlements, guard, streams, channels: live.channels });
  await registerWeb(app, core);
  runBackground(app, core, database, owned);
  return app;
}
