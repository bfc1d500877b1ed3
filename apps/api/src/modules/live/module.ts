import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { loopsOf } from '../../media/live-loops';
import type { MediaAssetMeta, MediaStore, PackagedId } from '../../media/store';
import type { Entitlements, GoodsResolver } from '../billing';
import type { GrantGuard, StreamLimit } from '../playback';
import { ChannelGrantSigner } from './channel-grants';
import { ChannelPlayout } from './channel-playout';
import { channelRoutes } from './channel-routes';
import { ChannelReleaseService } from './channel-service';
import { createDemoSchedule } from './demo-schedule-fill';
import { tvRoutes } from './guide-routes';
import { TvScheduleService } from './guide-service';
import { liveDeliveryRoutes } from './live-routes';

/** What live TV is built from beyond the shared infrastructure. */
export interface LiveDependencies {
  entitlements: Entitlements;
  goods: GoodsResolver;
  guard: GrantGuard;
  /** The stream limit a full channel playback takes a place under (docs/decisions/057). */
  streams: StreamLimit;
  store: MediaStore;
  /** Waits for a loop being packaged (demo media), like a title's video. */
  mediaReady?: (asset: PackagedId) => Promise<MediaAssetMeta | undefined>;
  /** Fill the demo guide (DEMO_SCHEDULE) in the background: a server's start-up only. */
  demoSchedule: boolean;
}

/**
 * Live TV (SPEC §2, §6–§7; docs/architecture/live-tv.md): the guide, channel streams and their package,
 * the playout of looped sources on the guide's timeline, live and archive playlists and their delivery.
 * Offers playback the live stream a channel-type title plays.
 */
export async function registerLive(app: FastifyInstance, core: Core, deps: LiveDependencies) {
  const { env, db, clock, limiter, metrics, log } = core;
  await app.register(tvRoutes, {
    schedule: new TvScheduleService(db, { archiveDaysCap: env.live.archiveDaysCap }),
  });
  const signer = new ChannelGrantSigner(env.mediaSecret);
  const playout = new ChannelPlayout({ db, clock, store: deps.store });
  const { mediaReady } = deps;
  const channels = new ChannelReleaseService({
    clock,
    signer,
    entitlements: deps.entitlements,
    playout,
    settings: env.live,
    limiter,
    loopsReady: mediaReady ? (channelId) => Promise.all(loopsOf(channelId).map(mediaReady)) : undefined,
    grantSeconds: env.playbackGrantSeconds,
    streams: deps.streams,
  });
  await app.register(channelRoutes, { db, channels, goods: deps.goods });
  await app.register(liveDeliveryRoutes, {
    store: deps.store,
    signer,
    guard: deps.guard,
    secret: env.mediaSecret,
    clock,
    playout,
    settings: env.live,
    streams: metrics.streams,
  });
  // The demo EPG: filled after listen and once a day, so /healthz never waits for it.
  if (deps.demoSchedule) core.background.add(createDemoSchedule({ db, env, log, clock }));
  return { channels };
}
