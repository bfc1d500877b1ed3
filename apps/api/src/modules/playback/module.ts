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

/**
 * Grants play while their session lives and their package is held (docs/decisions/022): one guard,
 * with its cache, for titles' and channels' grants alike.
 */
export function createGrantGuard(core: Core, deps: { sessions: SessionService; entitlements: Entitlements }) {
  const { sessions, entitlements } = deps;
  return new GrantGuard({
    clock: core.clock,
    sessionLive: (sessionId, profileId) => sessions.isLive(sessionId, profileId),
    sessionEnded: (sessionId) => sessions.isKnownEnded(sessionId),
    holding: (profileId, packageId) => entitlements.holding(profileId, packageId),
  });
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
  });
  await app.register(releaseRoutes, { releases });
  await app.register(mediaDeliveryRoutes, {
    store: deps.store,
    signer,
    guard: deps.guard,
    secret: env.mediaSecret,
    clock,
    streams: metrics.streams,
  });
}
