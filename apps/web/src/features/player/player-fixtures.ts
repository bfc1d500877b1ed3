// Test and story support: controller snapshots for each face of the player block.
import type { PlayerSnapshot } from '@kadr/player-core';
import type { PlayerViewActions } from './player-view';

/** A snapshot of a playing non-buyer's preview at 0:14, with any fields overridden. */
export function playerSnapshot(overrides: Partial<PlayerSnapshot> = {}): PlayerSnapshot {
  return {
    phase: 'playing',
    previewRemaining: 14,
    previewExpired: false,
    paywall: 'none',
    controlsEnabled: false,
    isBought: false,
    muted: false,
    currentEpisodeId: null,
    hasPreviousEpisode: false,
    hasNextEpisode: false,
    currentTime: 6,
    duration: 36,
    qualities: [],
    quality: null,
    rate: 1,
    pictureInPicture: false,
    error: null,
    release: { content_url: 'https://kadr.test/media/play/g/master.m3u8', drm: null, preview_timer: 20 },
    ...overrides,
  };
}

/** A buyer's snapshot: full controls, two renditions, both episode neighbours. */
export function buyerSnapshot(overrides: Partial<PlayerSnapshot> = {}): PlayerSnapshot {
  return playerSnapshot({
    previewRemaining: null,
    controlsEnabled: true,
    isBought: true,
    currentEpisodeId: 102,
    hasPreviousEpisode: true,
    hasNextEpisode: true,
    currentTime: 75,
    duration: 1500,
    qualities: [
      { id: '0', height: 240, bitrate: 400_000, label: '240p' },
      { id: '1', height: 360, bitrate: 800_000, label: '360p' },
    ],
    ...overrides,
  });
}

/** The preview ran out: the final block. */
export function expiredSnapshot(): PlayerSnapshot {
  return playerSnapshot({
    phase: 'paused',
    previewRemaining: 0,
    previewExpired: true,
    paywall: 'final',
    muted: true,
  });
}

/** Actions that do nothing (stories), each replaceable. */
export function noActions(overrides: Partial<PlayerViewActions> = {}): PlayerViewActions {
  const none = () => {};
  return {
    play: none,
    close: none,
    buyFromOverlay: none,
    buyFromPaywall: none,
    hideInstall: none,
    key: () => false,
    pause: none,
    resume: none,
    setMuted: none,
    seekBy: none,
    previousEpisode: none,
    nextEpisode: none,
    setQuality: none,
    setRate: none,
    togglePictureInPicture: none,
    ...overrides,
  };
}
