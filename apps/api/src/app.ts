import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { CustomFetch } from 'openid-client';
import { type Clock, systemClock } from './clock';
import { createDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import type { Env } from './env';
import { registerCors } from './http/cors';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { logStreamFor } from './http/log-format';
import { LOG_REDACT_PATHS, redactUrl } from './http/log-redaction';
import { RequestLog } from './http/request-log';
import { responseSerializerCompiler } from './http/response-serializer';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers';
import { trustProxyOption } from './http/trust-proxy';
import { bodylessAwareValidator } from './http/validator';
import { createDemoMedia } from './media/demo';
import { loopsOf } from './media/live-loops';
import { type MediaAssetMeta, MediaStore, type PackagedId } from './media/store';
import { ServiceMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/routes';
import { AnonymousProfileBatcher } from './modules/auth/anonymous-batcher';
import { AnonymousProfileLimits } from './modules/auth/anonymous-limits';
import { AnonymousProfilePruner } from './modules/auth/anonymous-pruning';
import { AnonymousRefreshTokens } from './modules/auth/anonymous-refresh';
import { ClientCredentials } from './modules/auth/clients';
import { CodeHasher } from './modules/auth/codes';
import { DeviceProfileCache } from './modules/auth/device-cache';
import { type AnonymousProfileRequest, anonymousProfiles } from './modules/auth/queries';
import {
  FallbackRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
  SqlRateLimiter,
} from './modules/auth/rate-limit';
import { authRoutes } from './modules/auth/routes';
import { SignInService } from './modules/auth/service';
import { SessionCache } from './modules/auth/session-cache';
import { RedisSessionChannel } from './modules/auth/session-channel';
import { SessionService } from './modules/auth/sessions';
import { AccessTokens } from './modules/auth/tokens';
import { Entitlements } from './modules/billing/entitlements';
import { PaymentFlow } from './modules/billing/payment-flow';
import { PaymentJobs } from './modules/billing/payment-jobs';
import { paymentRoutes } from './modules/billing/payment-routes';
import { Reconciliation } from './modules/billing/reconciliation';
import { Renewals } from './modules/billing/renewals';
import { billingRoutes } from './modules/billing/routes';
import { BillingService } from './modules/billing/service';
import { PaymentSettlement } from './modules/billing/settlement';
import { type GoodsResolver, packageGoods } from './modules/catalogue/goods';
import { seedCatalogue } from './modules/catalogue/import/seed';
import { mediaRoutes } from './modules/catalogue/media';
import { catalogueRoutes } from './modules/catalogue/routes';
import { CatalogueService } from './modules/catalogue/service';
import { embedPlayerScript, embedPlaygroundRoutes } from './modules/embed/playground';
import { embedRoutes } from './modules/embed/routes';
import { ProviderConfigurations, providerDirectory } from './modules/identity/providers';
import { identityRoutes } from './modules/identity/routes';
import { IdentityService } from './modules/identity/service';
import { ChannelGrantSigner } from './modules/live/channel-grants';
import { ChannelPlayout } from './modules/live/channel-playout';
import { ChannelReleaseService } from './modules/live/channel-service';
import { createDemoSchedule } from './modules/live/demo-schedule-fill';
import { tvRoutes } from './modules/live/guide-routes';
import { TvScheduleService } from './modules/live/guide-service';
import { liveDeliveryRoutes } from './modules/live/live-routes';
import { PartnerAccounts } from './modules/partners/accounts';
import { PartnerKeyring } from './modules/partners/keyring';
import { GrantGuard } from './modules/playback/grant-guard';
import { GrantSigner } from './modules/playback/grants';
import { mediaDeliveryRoutes } from './modules/playback/media-routes';
import { releaseRoutes } from './modules/playback/routes';
import { ReleaseService } from './modules/playback/service';
import { profileRoutes } from './modules/profile/routes';
import { ProfileService } from './modules/profile/service';
import { searchRoutes } from './modules/search/routes';
import { SearchService } from './modules/search/service';
import { Lifecycle } from './modules/system/lifecycle';
import { systemRoutes } from './modules/system/routes';
import { registerCompression } from './modules/web/compression';
import { EMBED_PAGE, webRoutes } from './modules/web/routes';
import { OutageLog } from './outage-log';
import { createProviders, type Providers } from './providers';
import { InProcessFetch } from './providers/identity/in-process-fetch';
import { sandboxClient } from './providers/identity/keys';
import { SandboxOidcProvider } from './providers/identity/provider';
import { sandboxOidcRoutes } from './providers/identity/routes';
import { createYooKassaSandbox, type YooKassaSandbox } from './providers/payments/sandbox/emulator';
import { yookassaSandboxRoutes } from './providers/payments/sandbox/routes';
import { sandboxPushRoutes } from './providers/push/sandbox-routes';
import { sandboxSmsRoutes } from './providers/sms/sandbox-routes';
import { connectRedis } from './redis';

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
  /**
   * Import env.catalogueSeed when the catalogue is empty, before the app is ready (server start-up;
   * off by default so test apps start with what their test wrote).
   */
  seedCatalogue?: boolean;
  /** Goods of content cards; by default from the viewer's subscriptions (modules/billing). */
  goods?: GoodsResolver;
  /**
   * Waits for a media asset being packaged (demo media's `whenAssetReady`); a release waits for it
   * briefly before answering 503. Without it, only what the media store holds counts.
   */
  mediaReady?: (asset: PackagedId) => Promise<MediaAssetMeta | undefined>;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** The service's metrics (metrics/metrics.ts); tests pass theirs to read them. */
  metrics?: ServiceMetrics;
  /**
   * Compare every answer's JSON with zod's encoding of the contract and fail on a difference or an
   * answer that breaks the contract (http/response-serializer.ts). Default: under tests
   * (NODE_ENV=test, which Vitest sets); off in service, where it would double the cost saved.
   */
  checkAnswers?: boolean;
  /**
   * The embed SDK's script-tag build the playground serves (/embed/playground/, with the sandbox
   * providers); by default the workspace package's dist. Tests point it elsewhere.
   */
  embedPlayerScript?: string;
  /** Wraps how the api reaches the sandbox identity provider (tests tamper with its answers). */
  identityProviderFetch?: (inner: CustomFetch) => CustomFetch;
  /** Sees every route as it is registered: the fuzz suite checks that it reaches them all (src/test/fuzz). */
  onRoute?: (route: RouteOptions) => void;
}

/** Request bodies are small JSON or forms; anything bigger is refused with 413. */
export const BODY_LIMIT = 16 * 1024;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Where YooKassa's checkout widget script and its payment frame come from. */
const YOOKASSA_WIDGET_ORIGIN = 'https://yookassa.ru';

/**
 * Request log lines carry method, path and address only: never query strings, headers (tokens),
 * bodies (codes), playback grants or device uids (http/log-redaction.ts).
 */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
};

/** The origin this server answers on, for calls to itself (a wildcard host becomes loopback). */
function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://127.0.0.1';
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Builds the api as a Fastify instance, ready for `inject()` or `listen()`: database migrated,
 * providers chosen by configuration, every module registered explicitly.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const clock = options.clock ?? systemClock;
  const seed =
    options.seedCatalogue && env.catalogueSeed
      ? { manifest: env.catalogueSeed, mediaDir: env.mediaDir }
      : undefined;
  const database = options.db ?? (await createDatabase(env, { poolSize: env.databasePoolSize, seed }));
  const ownsDatabase = options.db === undefined;
  try {
    await migrateDatabase(database);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  const { db } = database;

  const app = Fastify({
    logger: {
      level: env.logLevel,
      serializers: logSerializers,
      // A second guard: whatever a future line logs, partner-site passwords and accounts never show.
      redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' },
      // JSON lines, or readable ones in a development terminal (LOG_FORMAT, http/log-format.ts).
      stream: logStreamFor(env.logFormat, options.logStream),
    },
    // One line per request, and only for failures and slow requests at `info` (http/request-log.ts).
    logController: new RequestLog(env.logSlowMs),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(env.trustProxy),
    // Refusals before any route answer the envelope too (http/framework-errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // A request that arrives on a busy keep-alive connection while the server closes is served (with
    // `Connection: close`), not refused with Fastify's own 503 body: it was sent before the close,
    // and the close waits for it anyway (docs/decisions/020-server-lifecycle.md).
    return503OnClosing: false,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', lifecycle.closeConnectionsWhileDraining);
  // Which instance behind the balancer answered (INSTANCE_NAME): on every answer, errors included.
  const instanceName = env.instanceName;
  if (instanceName) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-kadr-instance', instanceName);
    });
  }
  app.setValidatorCompiler(bodylessAwareValidator);
  // Answers are written by serializers compiled from the contract; tests also compare each with zod's.
  app.setSerializerCompiler(
    responseSerializerCompiler({ check: options.checkAnswers ?? process.env.NODE_ENV === 'test' }),
  );
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // Before any route: it marks the routes outside the API paths as it sees them (http/cors.ts).
  await registerCors(app, env.corsOrigins);

  // Browser security headers on every answer, chosen by path (http/security-headers.ts, decision 023).
  const webIndex = join(env.webDist, 'index.html');
  registerSecurityHeaders(app, {
    production: env.production,
    inlineScripts: existsSync(webIndex) ? inlineScriptHashes(readFileSync(webIndex, 'utf8')) : [],
    // YooKassa's checkout widget: its script and its frame (the sandbox's are on this origin).
    checkoutOrigins: env.yookassa ? [YOOKASSA_WIDGET_ORIGIN] : [],
    extraWebSources: env.webCsp,
    sandboxAncestors: env.corsOrigins,
    // The frame player page: partners' pages frame it (docs/decisions/035).
    frameAncestors: [{ prefix: EMBED_PAGE, sources: env.embedAncestors }],
    // The embed playground frames the web app's frame page: this origin's, or the web app's (CORS_ORIGINS).
    playgroundFrames: env.corsOrigins,
  });

  // Request metrics on every answer and GET /metrics (metrics/routes.ts, docs/decisions/027).
  const metrics = options.metrics ?? new ServiceMetrics();
  registerMetrics(app, { metrics, token: env.metricsToken, production: env.production });

  // Bodies: JSON (an empty one counts as none, for body-less POST calls) and forms; text/plain is
  // dropped so it answers 415 like any other type.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    json(request, body as string, done);
  });
  await app.register(fastifyFormbody);
  // Before the routes: it attaches to each route registered after it (answers over 2 KB; modules/web).
  await registerCompression(app);

  // The API reference is for developers and operators: off in production unless API_DOCS (it maps every
  // route, sandbox included, for anyone who asks).
  if (env.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Kadr API',
          version: '0.1.0',
          description:
            'Every answer is the envelope `{code, success, response}`; errors carry `{error, message, details?, retry_after?}`.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  }

  // PostgreSQL and Redis outages are logged once each way, and answered 503 meanwhile (decision 025).
  const databaseOutage = new OutageLog('PostgreSQL', app.log);
  database.watchConnections({
    lost: (error) => databaseOutage.lost(error),
    made: () => databaseOutage.restored(),
  });
  const redis = env.redisUrl ? connectRedis(env.redisUrl, new OutageLog('Redis', app.log)) : undefined;
  // Rate limits count in Redis, and in the database while Redis is not connected.
  const limiter =
    options.rateLimiter ??
    (redis
      ? new FallbackRateLimiter(
          new RedisRateLimiter(redis),
          new SqlRateLimiter(db),
          () => redis.status === 'ready',
        )
      : new SqlRateLimiter(db));
  // PGlite runs one statement at a time; a pool may run a few groups side by side.
  const writeSlots = database.kind === 'pglite' ? 1 : 4;
  const yookassaSandbox = env.sandboxProviders
    ? (options.yookassaSandbox ?? createYooKassaSandbox(db, clock, { ...env.yookassaSandbox, writeSlots }))
    : undefined;
  const providers: Providers = {
    ...createProviders(env, db, clock, { yookassa: yookassaSandbox }),
    ...options.providers,
  };
  const anonymousBatcher = new AnonymousProfileBatcher<AnonymousProfileRequest, number | undefined>(
    (requests, now) => anonymousProfiles(db, requests, now),
    clock,
    writeSlots,
  );
  const sessionCache = new SessionCache(clock, env.sessionCacheTtl);
  const sessionChannel = redis ? await RedisSessionChannel.open(redis, sessionCache, app.log) : undefined;
  const sessions = new SessionService({
    db,
    access: new AccessTokens(env.tokenSecret, env.accessTokenTtl, clock),
    clock,
    refreshGraceSeconds: env.refreshTokenGrace,
    cache: sessionCache,
    devices: new DeviceProfileCache(clock, env.sessionCacheTtl, sessionCache),
    anonymousRefresh: new AnonymousRefreshTokens(env.tokenSecret),
    channel: sessionChannel,
    anonymousProfileOf: (deviceUid, create) => anonymousBatcher.profileOf({ deviceUid, create }),
    newDevices: new AnonymousProfileLimits(limiter, clock, {
      perAddressHour: env.rateLimits.anonymousPerAddressHour,
      perDeviceDay: env.rateLimits.anonymousPerDeviceDay,
    }),
  });
  const clients = new ClientCredentials(env.authClients);
  const signIn = new SignInService({
    db,
    clock,
    codes: new CodeHasher(env.tokenSecret),
    limiter,
    providers,
    sessions,
    limits: env.rateLimits,
    clients,
    goodlineRanges: env.goodlineIpRanges,
    metrics,
  });
  const partnerAccounts = new PartnerAccounts(db, new PartnerKeyring(env.partnerAccountKeys));
  const profiles = new ProfileService(db, partnerAccounts);

  app.decorateRequest('session', null);
  app.decorate('authenticateToken', (token: string | undefined) => sessions.authenticate(token));
  app.decorate('cachedSession', (token: string | undefined) => sessions.cachedSession(token));

  await app.register(systemRoutes, { db, redis, lifecycle, openApi: env.apiDocs });
  await app.register(authRoutes, { signIn, sessions, clients });
  await app.register(profileRoutes, { profiles });
  // Sign-in through OpenID Connect providers (docs/decisions/041): the configured one (OIDC_*) and,
  // with the sandbox providers, the sandbox's on this api's own origin, reached in-process.
  const inProcess = new InProcessFetch(app);
  const sandboxFetch = inProcess.fetch;
  const directory = providerDirectory({
    configured: env.oidc,
    production: env.production,
    sandbox: env.sandboxProviders
      ? {
          ...sandboxClient(env.tokenSecret),
          fetch: options.identityProviderFetch?.(sandboxFetch) ?? sandboxFetch,
        }
      : undefined,
  });
  const identity = new IdentityService({
    db,
    clock,
    sessions,
    directory,
    configurations: new ProviderConfigurations(),
    limiter,
  });
  await app.register(identityRoutes, { identity });
  if (database.fromSeededTemplate) {
    // The import the build made from this very manifest (docs/decisions/028-first-start-template.md).
    app.log.info({ manifest: env.catalogueSeed }, 'catalogue copied on first start from the seeded template');
  } else if (seed) {
    await seedCatalogue(db, { ...seed, log: app.log, now: clock.now() });
  }
  // Demo media for the catalogue's titles (src/media/demo.ts): packaged in the background after listen.
  const demoMedia = options.seedCatalogue ? createDemoMedia({ db, env, log: app.log }) : undefined;
  if (demoMedia && env.demoMedia) metrics.watchDemoMedia(() => demoMedia.status());
  app.addHook('onListen', async () => demoMedia?.start());
  const entitlements = new Entitlements(db, clock, { firstHours: env.billingFirstHours });
  const billing = new BillingService({ db, clock, entitlements });
  const goods = options.goods ?? packageGoods(db, billing);
  await app.register(catalogueRoutes, { catalogue: new CatalogueService(db, { goods }) });
  // Partner embeds (docs/decisions/033): frame configs and the light service's switches, readable from any origin.
  await app.register(embedRoutes, { db });
  const search = new SearchService(db, {
    clock,
    onIndexError: (error) => app.log.warn({ err: error }, 'search index build failed; the database answers'),
  });
  // Build the in-process search index once the service listens, so the first searches need not wait.
  app.addHook('onListen', async () => {
    search.ready().catch(() => undefined);
  });
  await app.register(searchRoutes, { search });
  await app.register(tvRoutes, {
    schedule: new TvScheduleService(db, { archiveDaysCap: env.live.archiveDaysCap }),
  });
  await app.register(billingRoutes, { db, billing, goods });
  const settlement = new PaymentSettlement({
    db,
    clock,
    provider: providers.payments,
    contact: { fallbackEmail: env.billingReceiptEmail },
    log: app.log,
    metrics,
  });
  await app.register(paymentRoutes, {
    flow: new PaymentFlow({ db, clock, billing, settlement, log: app.log, metrics }),
    settlement,
  });
  // Reconciliation and renewals run on every instance after listen (PAYMENT_JOBS); claims share the work.
  const paymentJobs = env.paymentJobs
    ? new PaymentJobs(
        {
          reconciliation: new Reconciliation({
            db,
            clock,
            settlement,
            afterMinutes: env.reconcileAfterMinutes,
            log: app.log,
          }),
          renewals: new Renewals({
            db,
            clock,
            settlement,
            log: app.log,
            concurrency: env.renewals.concurrency,
          }),
        },
        (err) => app.log.warn({ err }, 'payment jobs failed'),
        env.paymentJobsEveryMs,
        env.renewals.batch,
        metrics,
      )
    : undefined;
  // The demo EPG (DEMO_SCHEDULE): filled in the background after listen and once a day, so /healthz
  // never waits for it; only with a server's start-up (seedCatalogue), like demo media.
  const demoSchedule = options.seedCatalogue
    ? createDemoSchedule({ db, env, log: app.log, clock })
    : undefined;
  app.addHook('onListen', async () => demoSchedule?.start());
  await app.register(mediaRoutes, { mediaDir: env.mediaDir });
  const mediaStore = new MediaStore(env.dataDir);
  const grantSigner = new GrantSigner(env.mediaSecret);
  const mediaReady = options.mediaReady ?? demoMedia?.whenAssetReady;
  // Live TV (docs/decisions/029): channel grants, the guide and loops the playout reads, cached.
  const channelSigner = new ChannelGrantSigner(env.mediaSecret);
  const playout = new ChannelPlayout({ db, clock, store: mediaStore });
  const channels = new ChannelReleaseService({
    clock,
    signer: channelSigner,
    entitlements,
    playout,
    settings: env.live,
    limiter,
    loopsReady: mediaReady ? (channelId) => Promise.all(loopsOf(channelId).map(mediaReady)) : undefined,
    grantSeconds: env.playbackGrantSeconds,
  });
  await app.register(releaseRoutes, {
    releases: new ReleaseService({
      db,
      clock,
      store: mediaStore,
      signer: grantSigner,
      entitlements,
      mediaReady,
      grantSeconds: env.playbackGrantSeconds,
      channels,
    }),
    channels,
  });
  // Grants play while their session lives and their package is held (docs/decisions/022).
  const guard = new GrantGuard({
    clock,
    sessionLive: (sessionId, profileId) => sessions.isLive(sessionId, profileId),
    sessionEnded: (sessionId) => sessions.isKnownEnded(sessionId),
    holding: (profileId, packageId) => entitlements.holding(profileId, packageId),
  });
  await app.register(mediaDeliveryRoutes, {
    store: mediaStore,
    signer: grantSigner,
    guard,
    secret: env.mediaSecret,
    clock,
    streams: metrics.streams,
  });
  await app.register(liveDeliveryRoutes, {
    store: mediaStore,
    signer: channelSigner,
    guard,
    secret: env.mediaSecret,
    clock,
    playout,
    settings: env.live,
    streams: metrics.streams,
  });
  if (env.sandboxProviders) {
    await app.register(sandboxSmsRoutes, { db });
    await app.register(sandboxPushRoutes, { db, clock });
  }
  if (env.sandboxProviders)
    await app.register(sandboxOidcRoutes, {
      provider: new SandboxOidcProvider({ db, clock, secret: env.tokenSecret }),
      inProcess,
    });
  // The embed SDK's playground (docs/decisions/036): a development page, off with the sandbox providers.
  if (env.sandboxProviders)
    await app.register(embedPlaygroundRoutes, {
      db,
      sdkScript: options.embedPlayerScript ?? embedPlayerScript(),
    });
  if (yookassaSandbox) {
    await app.register(yookassaSandboxRoutes, { sandbox: yookassaSandbox, prefix: '/sandbox/yookassa' });
    // Notifications go to this api's own route unless YOOKASSA_WEBHOOK_URL says otherwise; expired
    // tokens are canceled and due notifications posted once a second, by every instance (rows are claimed).
    app.addHook('onListen', async () => {
      yookassaSandbox.webhooks.setDefaultUrl(`${ownOrigin(app)}/v1/payments/yookassa/notifications`);
      yookassaSandbox.start((err) => app.log.warn({ err }, 'sandbox YooKassa notifications failed'));
    });
  }
  // After the sandbox's hook: onListen hooks run in order, and listen() may resolve before later ones.
  if (paymentJobs) app.addHook('onListen', async () => paymentJobs.start());
  await app.register(webRoutes, { webDist: env.webDist });

  const anonymousPruner = new AnonymousProfilePruner({ db, clock, idleDays: env.anonymousProfileIdleDays });
  // One prune at a time; shutdown waits for the one running (its safe point).
  let pruned: Promise<unknown> | undefined;
  const pruning = setInterval(() => {
    pruned ??= Promise.allSettled([
      signIn.prune().catch((err: unknown) => app.log.warn({ err }, 'pruning old sign-in data failed')),
      identity
        .prune()
        .catch((err: unknown) => app.log.warn({ err }, 'pruning old identity-provider requests failed')),
      anonymousPruner
        .run()
        .catch((err: unknown) => app.log.warn({ err }, 'pruning idle anonymous profiles failed')),
    ]).finally(() => {
      pruned = undefined;
    });
  }, PRUNE_EVERY_MS);
  pruning.unref();

  // Runs once the listener is closed and the requests in flight have finished (Fastify's onClose).
  // Background work stops side by side, each at its own safe point (a renewal batch, a notification
  // round, an ffmpeg job, a day of the schedule, a prune); one failing to stop does not keep Redis
  // and the database open. The shutdown's bound (src/shutdown.ts) ends whatever hangs.
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    const stops = await Promise.allSettled([
      paymentJobs?.stop(),
      yookassaSandbox?.stop(),
      demoMedia?.stop(),
      demoSchedule?.stop(),
      pruned,
    ]);
    for (const stop of stops) {
      if (stop.status === 'rejected')
        app.log.warn({ err: stop.reason }, 'background work did not stop cleanly');
    }
    await sessionChannel?.close();
    await redis?.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });
  return app;
}

// For bench/renewals.ts, which drives the renewal scheduler in its own process from the built bundle
// (dist/app.js) against a database it seeds; the service itself does not use these re-exports.
export { systemClock } from './clock';
export { createDatabase } from './db/client';
export { migrateDatabase } from './db/migrate';
// For bench/metrics-overhead.ts, which measures the request metrics on a bare Fastify route.
export { ServiceMetrics } from './metrics/metrics';
export { registerMetrics } from './metrics/routes';
export { Renewals } from './modules/billing/renewals';
export { PaymentSettlement } from './modules/billing/settlement';
// For bench/epg-import.ts, which times the XMLTV guide import beside reading the file alone.
export { importGuideFile, readGuide } from './modules/live/xmltv/import';
export { sandboxPaymentProvider } from './providers';
export { YooKassaSandbox } from './providers/payments/sandbox/emulator';
export { SandboxWebhooks } from './providers/payments/sandbox/webhooks';
