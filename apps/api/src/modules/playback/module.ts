import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import type { MediaAssetMeta, MediaStore, PackagedId } from '../../media/store';
import type { SessionService } from '../auth';
import type { Entitlements } from '../billing';
import { GrantGuard } from './grant-guard';
import { GrantSigner } from './grants';
import { mediaDeliveryRoutes } from './media-routes';
import { releaseRoutes } from './routes';
import { ReleaseService, type TitleStreams } from './service';
import { StreamLimit } from './streams';

/**
 * Grants play while their session lives and their package is held (docs/decisions/022): one guard,
 * with its cache, for titles' and channels' grants alike.
 */
export function createGrantGuard(
  core: Core,
  deps: { sessions: SessionService; entitlements: Entitlements; streams?: StreamLimit },
) {
  const { sessions, entitlements, streams } = deps;
  return new GrantGuard({
    clock: core.clock,
    sessionLive: (sessionId, profileId) => sessions.isLive(sessionId, profileId),
    sessionEnded: (sessionId) => sessions.isKnownEnded(sessionId),
    holding: (profileId, packageId) => entitlements.holding(profileId, packageId),
    streamBeat: streams && ((sessionId, profileId) => streams.heartbeat(sessionId, profileId)),
  });
}

/** Stream-limit rows no check reads any more are deleted this often. */
const PRUNE_STREAMS_EVERY_MS = 10 * 60 * 1000;

/**
 * The stream limit (STREAM_LIMIT; docs/decisions/057), shared by titles' and channels' releases and the
 * grant guard; its old rows are pruned in the background.
 */
export function createStreamLimit(core: Core): StreamLimit {
  const streams = new StreamLimit({ db: core.db, clock: core.clock, limit: core.env.streamLimit });
  core.background.every(
    PRUNE_STREAMS_EVERY_MS,
    () => streams.prune(),
    (err) => core.log.warn({ err }, 'pruning old stream-limit rows failed'),
  );
  return streams;
}

/** What VOD playback is built from beyond the shared infrastructure. */
export interface PlaybackDependencies {
  entitlements: Entitlements;
  guard: GrantGuard;
  store: MediaStore;
  /** Waits for an asset being packaged (demo media); without it only what the store holds counts. */
  mediaReady?: (asset: PackagedId) => Promise<MediaAssetMeta | undefined>;
  /** How channel-type titles play: their channel live (modules/live). */
  channels: TitleStreams;
  /** The stream limit (createStreamLimit). */
  streams: StreamLimit;
}

/**
 * VOD playback (SPEC §3–§4; docs/architecture/vod-playback.md): getRelease with its grant, and the
 * delivery of playlists, keys and segments the grant opens — previews cut by the server.
 */
export async function registerPlayback(app: FastifyInstance, core: Core, deps: PlaybackDependencies) {
  const { env, db, clock, metrics } = core;
  const signer = new GrantSigner(env.mediaSecret);
  const releases = new ReleaseService({
    db,
    clock,
    store: deps.store,
    signer,
    entitlements: deps.entitlements,
    mediaReady: deps.mediaReady,
    grantSeconds: env.playbackGrantSeconds,
    channels: deps.channels,
    streams: deps.streams,
  });
  await app.register(releaseRoutes, { releases, streams: deps.streams });
  await app.register(mediaDeliveryRoutes, {
    store: deps.store,
    signer,
    guard: deps.guard,
    secret: env.mediaSecret,
    clock,
    streams: metrics.streams,
  });
}
