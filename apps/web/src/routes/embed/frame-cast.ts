// Casting from the frame (decisions 034, 035): the frame says what can be cast and what to play; the
// SDK on the partner's page runs the Cast session (only a top-level page can open the Cast dialog).
import type { EmbedCastAvailability, EmbedCastMedia } from '@kadr/embed-player/protocol';
import type { PlayerSnapshot } from '@kadr/player-core';

/**
 * Google's Default Media Receiver: it plays HLS, AES-128 included (our keys are signed URLs it can
 * fetch, and the media answers any origin), but no DRM of ours.
 */
export const DEFAULT_RECEIVER_APP_ID = 'CC1AD845';

/** HLS's MIME type as Cast receivers name it. */
export const HLS_TYPE = 'application/x-mpegurl';

/** The offer for what plays: clear or AES-128 HLS can be cast; DRM, or nothing loaded yet, cannot. */
export function castOfferOf(snapshot: PlayerSnapshot | null): EmbedCastAvailability | null {
  const release = snapshot?.release;
  if (!release || release.drm !== null) return null;
  return {
    appId: DEFAULT_RECEIVER_APP_ID,
    capabilities: ['video_out', 'audio_out'],
    autoJoinPolicy: 'origin_scoped',
  };
}

/** What the receiver plays for `snapshot` (the release's own signed URL, absolute), or null when nothing can be cast. */
export function castMediaOf(
  snapshot: PlayerSnapshot | null,
  about: { title: string; poster: string | null; live: boolean },
  base: string,
): EmbedCastMedia | null {
  if (!castOfferOf(snapshot) || !snapshot?.release) return null;
  return {
    contentId: new URL(snapshot.release.content_url, base).href,
    contentType: HLS_TYPE,
    live: about.live,
    title: about.title,
    ...(about.poster ? { poster: about.poster } : {}),
    ...(about.live ? {} : { currentTime: Math.floor(snapshot.currentTime) }),
  };
}
