// The entry of modules/playback: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// VOD playback: releases, grants and their guard, signed segment links, media delivery with the
// preview cut by the server. Live TV plays with the same grants. docs/architecture/vod-playback.md
export { admitGrant } from './grant-admission';
export { GrantGuard } from './grant-guard';
export type { GrantProblem } from './grants';
export {
  FULL_SEGMENT_SECONDS,
  GRANT_SECONDS,
  GrantSeal,
  GrantSigner,
  PREVIEW_SEGMENT_MARGIN_SECONDS,
} from './grants';
export type { MediaDeliveryOptions } from './media-routes';
export { waitForMedia } from './media-wait';
export { createGrantGuard, createStreamLimit, type PlaybackDependencies, registerPlayback } from './module';
export { checkSegmentSignature, signedSegmentUrl } from './secure-link';
export type { ViewerSession } from './service';
export { STREAM_IDLE_SECONDS, StreamLimit } from './streams';
