// Casting from the frame itself (decision 052): the browser's Remote Playback API on the frame's own
// video (Chromecast in Chrome, AirPlay in Safari). What plays — the release's signed URL, a grant —
// stays in the frame: the partner's page is never asked to cast it, so never holds it (it used to get
// the URL in the reply to `requestcasting`, a 5-minute grant it could hand to anyone; issue 24).
import type { PlayerSnapshot } from '@kadr/player-core';

/** The frame's cast state: whether a device can take the video, and whether one has it. */
export interface FrameCast {
  available: boolean;
  /** A device is connecting or playing the video (the frame shows so, with the way back). */
  casting: boolean;
}

export const NO_CAST: FrameCast = { available: false, casting: false };

/** Whether what plays may be cast: a release loaded, without DRM (no receiver has a licence of ours). */
export function castable(snapshot: PlayerSnapshot | null): boolean {
  return Boolean(snapshot?.release && snapshot.release.drm === null);
}

const CAST_EVENTS = ['connecting', 'connect', 'disconnect'] as const;

/**
 * Follows `video`'s remote playback: `onChange` hears the availability the browser reports and the
 * connection's state. A browser without the API, or that cannot watch availability (NotSupportedError),
 * offers nothing: its own Cast menu stays. Returns the stop function.
 */
export function watchCast(video: HTMLVideoElement | null, onChange: (cast: FrameCast) => void): () => void {
  const remote = video?.remote;
  if (!remote) return () => {};
  let available = false;
  let stopped = false;
  let watch: number | undefined;
  const report = () => {
    if (!stopped) onChange({ available, casting: remote.state !== 'disconnected' });
  };
  remote
    .watchAvailability((value) => {
      available = value;
      report();
    })
    .then(
      (id) => {
        if (stopped) remote.cancelWatchAvailability(id).catch(() => {});
        else watch = id;
      },
      () => {},
    );
  for (const type of CAST_EVENTS) remote.addEventListener(type, report);
  report();
  return () => {
    stopped = true;
    for (const type of CAST_EVENTS) remote.removeEventListener(type, report);
    if (watch !== undefined) remote.cancelWatchAvailability(watch).catch(() => {});
  };
}

/**
 * The browser's device picker for `video` (in a click handler: it needs the viewer's gesture). While
 * casting, the same picker is how the viewer stops (the API has no disconnect of its own). A closed
 * picker is no error.
 */
export function promptCast(video: HTMLVideoElement | null): Promise<void> {
  return video?.remote ? video.remote.prompt().catch(() => {}) : Promise.resolve();
}
