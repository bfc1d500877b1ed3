import { episodeNeighbours } from './episodes.js';
import type { ChannelIntent, PlayerAccess, PlayerIntent, PlayerState } from './state.js';
import { type PaywallState, type PlayerSnapshot, SEEK_STEP_SECONDS } from './types.js';

/** Which paywall covers the video: the final block of a locked preview wins over the install prompt. */
export function selectPaywall(state: PlayerState): PaywallState {
  if (state.access === 'locked') return 'final';
  return state.installPaywall ? 'install' : 'none';
}

/** Previous and next playable episode of the current one. */
export function selectNeighbours(state: PlayerState): { previous: number | null; next: number | null } {
  return episodeNeighbours(state.setup.playable, state.currentEpisodeId);
}

/** The adapter is attached and no load is in flight: commands that need one can be carried out. */
export function selectAdapterReady(state: PlayerState): boolean {
  return state.adapterAttached && state.load === null && !state.destroyed;
}

/** The UI's view of the state (not frozen; the runner freezes the copy it publishes). */
export function selectSnapshot(state: PlayerState): PlayerSnapshot {
  const neighbours = selectNeighbours(state);
  const isBought = state.access === 'full';
  return {
    phase: state.phase,
    previewRemaining: state.preview?.remaining ?? null,
    previewExpired: state.access === 'locked',
    paywall: selectPaywall(state),
    controlsEnabled: isBought,
    isBought,
    muted: state.muted,
    currentEpisodeId: state.currentEpisodeId,
    hasPreviousEpisode: neighbours.previous !== null,
    hasNextEpisode: neighbours.next !== null,
    currentTime: state.currentTime,
    duration: state.duration,
    qualities: state.qualities,
    quality: state.quality,
    rate: state.rate,
    pictureInPicture: state.pictureInPicture,
    error: state.error,
    release: state.release,
  };
}

/** The intent of a key (SPEC §9: ←/→ seek 10 s, space toggles play); null for keys the player ignores. */
export function selectKeyIntent(state: PlayerState, key: string): PlayerIntent | null {
  switch (key) {
    case 'ArrowLeft':
      return { type: 'seek-by', deltaSeconds: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { type: 'seek-by', deltaSeconds: SEEK_STEP_SECONDS };
    case ' ':
      return state.phase === 'playing' ? { type: 'pause' } : { type: 'play' };
    default:
      return null;
  }
}

/** Key of an intent in the runner's queue: a later intent of the same key replaces an earlier one. */
export type IntentQueueKey = 'playback' | 'seek' | 'quality' | 'picture-in-picture';

/**
 * Whether an intent must wait for the adapter, and under which key: a pause, and a buyer's seek,
 * quality or picture-in-picture change made during a load (the first one, a reload, an episode change)
 * is applied once that load made the adapter ready; a pause, seek or quality change made before the
 * first play waits for the load `play()` starts. Null: `reduce` takes it now — including a non-buyer's
 * seek, which the rules refuse before playback started rather than keep for later; a picture-in-picture
 * toggle before the first play (no load is coming by itself, and run later it would lack the viewer's
 * gesture, which browsers require); and anything after a failed load (nothing is loading; the retry is
 * a new load).
 */
export function selectIntentQueueKey(state: PlayerState, intent: ChannelIntent): IntentQueueKey | null {
  if (state.destroyed || selectAdapterReady(state)) return null;
  const loading = state.load !== null;
  if (!loading && state.phase !== 'idle') return null;
  const buyer = state.access === 'full';
  switch (intent.type) {
    case 'pause':
      return 'playback';
    case 'seek-to':
    case 'seek-by':
      return buyer ? 'seek' : null;
    case 'set-quality':
      return buyer ? 'quality' : null;
    case 'toggle-picture-in-picture':
      return buyer && loading ? 'picture-in-picture' : null;
    default:
      return null;
  }
}

/** What a waiting intent was queued under: the load it waits for, the episode and the viewer's access. */
export interface IntentStamp {
  /** Generation of the load in flight, or — before the first play — of the load `play()` will start. */
  readonly generation: number;
  readonly episodeId: number | null;
  readonly access: PlayerAccess;
}

/** The stamp of an intent queued now (see `selectIntentQueueKey` for whether it waits at all). */
export function selectIntentStamp(state: PlayerState): IntentStamp {
  return {
    generation: state.load === null ? state.generation + 1 : state.generation,
    episodeId: state.currentEpisodeId,
    access: state.access,
  };
}

/**
 * Whether a waiting intent still applies: it is carried out when the adapter is ready and dropped (its
 * promise settles) as soon as this turns false. It belongs to one load under one access: another load
 * (a reload, an episode change, a channel switch, `set-bought`), a failed load, a change of access (a purchase, an
 * unsubscribe, the preview running out) or `destroy` ends it. A replayed seek is a buyer's and applies
 * only while access is full: it never reaches the non-buyer seek guard, which would lock a preview the
 * viewer never scrubbed.
 */
export function selectWaitingIntentApplies(
  state: PlayerState,
  intent: ChannelIntent,
  stamp: IntentStamp,
): boolean {
  if (state.destroyed) return false;
  if (state.access !== stamp.access || state.currentEpisodeId !== stamp.episodeId) return false;
  if ((intent.type === 'seek-to' || intent.type === 'seek-by') && state.access !== 'full') return false;
  if (state.load !== null || state.adapterAttached) return state.generation === stamp.generation;
  // Nothing loading, no adapter: before the first play it waits for the load play() starts; after a
  // failed load it is dead.
  return state.phase === 'idle' && stamp.generation === state.generation + 1;
}
