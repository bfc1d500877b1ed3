import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import type { Tx } from '../../db/client';
import type { PushSender } from '../../providers/push';
import type { SmsSender } from '../../providers/sms';
import { AnonymousProfileBatcher } from './anonymous-batcher';
import { AnonymousProfileLimits } from './anonymous-limits';
import { AnonymousProfilePruner } from './anonymous-pruning';
import { AnonymousRefreshTokens } from './anonymous-refresh';
import { ClientCredentials } from './clients';
import { CodeHasher } from './codes';
import { DeviceProfileCache } from './device-cache';
import { type AnonymousProfileRequest, anonymousProfiles } from './queries';
import { authRoutes } from './routes';
import { SignInService } from './service';
import { SessionCache } from './session-cache';
import { RedisSessionChannel } from './session-channel';
import { SessionService } from './sessions';
import { SignInLinkLimits } from './sign-in-link-limits';
import { AccessTokens } from './tokens';

/** Old sign-in data and idle anonymous profiles are pruned this often. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** What auth is built from beyond the shared infrastructure. */
export interface AuthDependencies {
  providers: { sms: SmsSender; push: PushSender };
  /**
   * Moves what an anonymous profile holds (its purchases: modules/billing) into the account it signs
   * in to, in the sign-in's transaction; true when anything moved.
   */
  moveHoldings: (tx: Tx, from: number, to: number, now: Date) => Promise<boolean>;
}

/**
 * Sessions and sign-in (SPEC §3, §7; docs/architecture/auth-and-sessions.md): builds the session and
 * sign-in services, registers their calls, gives every route its session (`authenticateToken`,
 * `cachedSession`), and prunes old sign-in data and idle anonymous profiles in the background.
 */
export async function registerAuth(app: FastifyInstance, core: Core, deps: AuthDependencies) {
  const { env, db, clock, limiter, redis, writeSlots, background, log } = core;
  const anonymousBatcher = new AnonymousProfileBatcher<AnonymousProfileRequest, number | undefined>(
    (requests, now) => anonymousProfiles(db, requests, now),
    clock,
    writeSlots,
  );
  const sessionCache = new SessionCache(clock, env.sessionCacheTtl);
  const sessionChannel = redis ? await RedisSessionChannel.open(redis, sessionCache, log) : undefined;
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
      perSubnetHour: env.rateLimits.anonymousPerSubnetHour,
      perHour: env.rateLimits.anonymousPerHour,
      perDeviceDay: env.rateLimits.anonymousPerDeviceDay,
    }),
    links: new SignInLinkLimits(limiter, clock, {
      perAddressHour: env.rateLimits.signInLinkPerAddressHour,
      perSubnetHour: env.rateLimits.signInLinkPerSubnetHour,
      perProfileHour: env.rateLimits.signInLinkPerProfileHour,
    }),
    moveHoldings: deps.moveHoldings,
  });
  const clients = new ClientCredentials(env.authClients);
  const signIn = new SignInService({
    db,
    clock,
    codes: new CodeHasher(env.tokenSecret),
    limiter,
    providers: deps.providers,
    sessions,
    limits: env.rateLimits,
    clients,
    goodlineRanges: env.goodlineIpRanges,
    metrics: core.metrics,
  });

  app.decorateRequest('session', null);
  app.decorate('authenticateToken', (token: string | undefined) => sessions.authenticate(token));
  app.decorate('cachedSession', (token: string | undefined) => sessions.cachedSession(token));
  await app.register(authRoutes, {
    signIn,
    sessions,
    clients,
    corsOrigins: new Set(env.corsOrigins),
    devicesDeps: { db, clock },
  });

  const anonymousPruner = new AnonymousProfilePruner({ db, clock, idleDays: env.anonymousProfileIdleDays });
  background.every(
    PRUNE_EVERY_MS,
    () => signIn.prune(),
    (err) => log.warn({ err }, 'pruning old sign-in data failed'),
  );
  background.every(
    PRUNE_EVERY_MS,
    () => anonymousPruner.run(),
    (err) => log.warn({ err }, 'pruning idle anonymous profiles failed'),
  );
  // Redis closes after the background work stops; its subscriber first.
  background.add({ stop: () => sessionChannel?.close() });
  return { sessions };
}

/** What auth offers the other modules. */
export type Auth = Awaited<ReturnType<typeof registerAuth>>;
