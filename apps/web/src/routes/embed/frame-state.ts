// The player's state as the SDK's state record reads it (SPEC §3 player state record, §4 states):
// derived from player-core's snapshot, and sent as `statechange` with only what changed.

import type { EmbedQuality, EmbedStateChange, PlayerStateName } from '@kadr/embed-player/protocol';
import type { PlayerSnapshot } from '@kadr/player-core';
import { AUTO_QUALITY } from './frame-commands';
import { embedMessages as m } from './messages';

/** Every field of the state record the frame keeps the SDK's copy of (`error` comes only with a failure). */
export type FrameState = Required<Omit<EmbedStateChange, 'error'>>;

/** What the frame knows of its player at one moment. */
export interface FrameView {
  /** Play was asked for (by the viewer or the SDK): the player exists or is being created. */
  started: boolean;
  /** The controller's snapshot; null before it exists. */
  snapshot: PlayerSnapshot | null;
  /** A live channel: no duration. */
  live: boolean;
  /** The frame's volume, 0…1 (player-core has none: the video element's). */
  volume: number;
  /** Muted before the player exists (the SDK's `setmuted` while ready). */
  muted: boolean;
  /** Seconds buffered ahead of the playhead. */
  bufferedAhead: number;
}

function stateName(view: FrameView): PlayerStateName {
  const { started, snapshot } = view;
  if (!started) return 'ready';
  switch (snapshot?.phase) {
    case 'playing':
    case 'paused':
    case 'ended':
    case 'error':
      return snapshot.phase;
    default:
      return 'buffering';
  }
}

/** The state record's fields for `view`. */
export function stateOf(view: FrameView): FrameState {
  const { snapshot, live } = view;
  const state = stateName(view);
  const renditions = snapshot?.qualities ?? [];
  const qualities: EmbedQuality[] =
    renditions.length === 0
      ? []
      : [{ id: AUTO_QUALITY, label: m.autoQuality }, ...renditions.map(({ id, label }) => ({ id, label }))];
  const watching = state === 'playing' || state === 'paused' || state === 'ended';
  return {
    state,
    buffering: state === 'buffering',
    currentTime: round(snapshot?.currentTime ?? 0),
    duration: live || !snapshot?.duration ? null : round(snapshot.duration),
    quality: qualities.length === 0 ? null : (snapshot?.quality ?? AUTO_QUALITY),
    qualities,
    seekallowed: watching && snapshot?.controlsEnabled === true && snapshot.paywall === 'none',
    buffered: round(view.bufferedAhead),
    ended: state === 'ended',
    muted: snapshot?.muted ?? view.muted,
    volume: view.volume,
  };
}

/** Tenths of a second: the SDK's record need not change with every frame. */
function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/**
 * The `statechange` to send after `previous` (null: nothing sent yet): `state` always, the other fields
 * when they changed; null when nothing did.
 */
export function stateChange(previous: FrameState | null, next: FrameState): EmbedStateChange | null {
  if (!previous) return next;
  const change: Record<string, unknown> = { state: next.state };
  let changed = previous.state !== next.state;
  for (const key of Object.keys(next) as (keyof FrameState)[]) {
    if (key === 'state') continue;
    const same =
      key === 'qualities'
        ? JSON.stringify(previous.qualities) === JSON.stringify(next.qualities)
        : previous[key] === next[key];
    if (!same) {
      change[key] = next[key];
      changed = true;
    }
  }
  return changed ? (change as unknown as EmbedStateChange) : null;
}

/** Seconds of `video` buffered ahead of its playhead. */
export function bufferedAheadOf(video: HTMLVideoElement | null): number {
  if (!video) return 0;
  const { buffered, currentTime } = video;
  for (let index = 0; index < buffered.length; index++)
    if (buffered.start(index) <= currentTime + 0.1 && currentTime <= buffered.end(index))
      return Math.max(0, buffered.end(index) - currentTime);
  return 0;
}
