import { episodeNeighbours } from './episodes.js';
import type { PlayerIntent, PlayerState } from './state.js';
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
 * quality or picture-in-picture change made while no adapter is ready (before the first play, during a
 * load or an episode change) is applied once one is. Null: `reduce` takes it now — including a
 * non-buyer's seek, which the rules refuse before playback started rather than keep for later.
 */
export function selectIntentQueueKey(state: PlayerState, intent: PlayerIntent): IntentQueueKey | null {
  if (state.destroyed || selectAdapterReady(state)) return null;
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
      return buyer ? 'picture-in-picture' : null;
    default:
      return null;
  }
}
