import type { PlayerSnapshot } from '@kadr/player-core';
import { describe, expect, it } from 'vitest';
import { type FrameView, stateChange, stateOf } from './frame-state';

const SNAPSHOT: PlayerSnapshot = {
  phase: 'playing',
  previewRemaining: null,
  previewExpired: false,
  paywall: 'none',
  controlsEnabled: true,
  isBought: true,
  muted: false,
  currentEpisodeId: null,
  hasPreviousEpisode: false,
  hasNextEpisode: false,
  currentTime: 12.34,
  duration: 120,
  qualities: [
    { id: '0', height: 360, bitrate: 800_000, label: '360p' },
    { id: '1', height: 720, bitrate: 2_500_000, label: '720p' },
  ],
  quality: null,
  rate: 1,
  pictureInPicture: false,
  error: null,
  release: null,
};

const view = (over: Partial<FrameView> = {}): FrameView => ({
  started: true,
  snapshot: SNAPSHOT,
  live: false,
  volume: 1,
  muted: false,
  bufferedAhead: 4.26,
  ...over,
});

describe('stateOf', () => {
  it('is ready before play, with nothing known yet', () => {
    expect(stateOf(view({ started: false, snapshot: null }))).toEqual({
      state: 'ready',
      buffering: false,
      currentTime: 0,
      duration: null,
      quality: null,
      qualities: [],
      seekallowed: false,
      buffered: 4.3,
      ended: false,
      muted: false,
      volume: 1,
    });
  });

  it("reads a buyer's playing film: position, length, qualities with automatic first, seeking allowed", () => {
    expect(stateOf(view())).toMatchObject({
      state: 'playing',
      buffering: false,
      currentTime: 12.3,
      duration: 120,
      quality: 'auto',
      qualities: [
        { id: 'auto', label: 'Авто' },
        { id: '0', label: '360p' },
        { id: '1', label: '720p' },
      ],
      seekallowed: true,
    });
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, quality: '1' } })).quality).toBe('1');
  });

  it('maps the phases: loading is buffering, ended is ended', () => {
    expect(stateOf(view({ snapshot: null }))).toMatchObject({ state: 'buffering', buffering: true });
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, phase: 'loading' } })).state).toBe('buffering');
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, phase: 'paused' } })).state).toBe('paused');
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, phase: 'ended' } }))).toMatchObject({
      state: 'ended',
      ended: true,
    });
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, phase: 'error' } })).state).toBe('error');
  });

  it('allows no seeking in a preview or under the paywall, and gives a live stream no length', () => {
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, controlsEnabled: false } })).seekallowed).toBe(false);
    expect(stateOf(view({ snapshot: { ...SNAPSHOT, paywall: 'final' } })).seekallowed).toBe(false);
    expect(stateOf(view({ live: true })).duration).toBeNull();
  });
});

describe('stateChange', () => {
  it('sends everything first, then the state and what changed, and nothing when nothing did', () => {
    const first = stateOf(view());
    expect(stateChange(null, first)).toEqual(first);
    expect(stateChange(first, stateOf(view()))).toBeNull();
    const later = stateOf(view({ snapshot: { ...SNAPSHOT, currentTime: 13.5 } }));
    expect(stateChange(first, later)).toEqual({ state: 'playing', currentTime: 13.5 });
    const paused = stateOf(view({ snapshot: { ...SNAPSHOT, phase: 'paused' } }));
    expect(stateChange(first, paused)).toEqual({ state: 'paused' });
  });
});
