export { admitGrant } from './grant-admission';
export { GrantGuard } from './grant-guard';
export {
  FULL_SEGMENT_SECONDS,
  GRANT_SECONDS,
  type GrantProblem,
  GrantSigner,
  grantKey,
  grantMac,
  macMatches,
  PREVIEW_SEGMENT_MARGIN_SECONDS,
  packSession,
  unpackSession,
} from './grants';
export { mediaDeliveryRoutes } from './media-routes';
export { waitForMedia } from './media-wait';
export { createGrantGuard, type PlaybackDependencies, registerPlayback } from './module';
export { releaseRoutes } from './routes';
export { checkSegmentSignature, signedSegmentUrl } from './secure-link';
export { ReleaseService, type TitleStreams, type ViewerSession } from './service';
