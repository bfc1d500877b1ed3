/**
 * The rules of live channels and their archive (docs/decisions/031-player-live.md), layered over the
 * content rules: `reduceLive` handles what only a channel has — the adapter's timeline, «В эфир»,
 * seeks inside the DVR window, the broadcast's end, switching channels in place — and hands everything
 * else to `reduce`. Content controllers never load this module, so the watch page does not ship it.
 */

import {
  emit,
  initialPlayerState,
  lock,
  play,
  reduce,
  resetPreview,
  type Step,
  set,
  startLoad,
  transition,
} from './reducer.js';
import { selectPaywall } from './selectors.js';
import type { ChannelEvent, PlayerEffect, PlayerState, PlayerTransition, ReleaseRequest } from './state.js';
import { clampToWindow, isAtLiveEdge, seekableEnd, targetDurationOf } from './timeline.js';
import type {
  ChannelControllerOptions,
  PlayerChannel,
  PlayerChannelRelease,
  PlayerRelease,
  VideoTimeline,
} from './types.js';

/** What `initialChannelState` reads: a channel controller's options without the adapter and loader. */
export type ChannelStateOptions = Pick<ChannelControllerOptions, 'goods' | 'channel' | 'release' | 'config'>;

/** The state of a fresh channel controller: idle, the channel's stream (live or archive), nothing loaded. */
export function initialChannelState(options: ChannelStateOptions): PlayerState {
  const channel = channelOf(options.channel);
  const { goods, config } = options;
  const release = options.release && channelRelease(options.release);
  return {
    ...initialPlayerState({ contentKind: 'live', goods, config, release }),
    channel,
    stream: streamOf(channel),
  };
}

/** getReleaseChannel's answer as the release the rules and the adapter play. */
export function channelRelease(answer: PlayerChannelRelease): PlayerRelease {
  const release = {
    content_url: answer.stream.stream_url,
    drm: answer.drm,
    preview_timer: answer.preview_timer,
  };
  return answer.expires_in === undefined ? release : { ...release, expires_in: answer.expires_in };
}

/**
 * The rules of a channel's player: live and archive streams, over the content rules. Its loads and
 * renewals name the channel to fetch (getReleaseChannel instead of getRelease).
 */
export function reduceLive(state: PlayerState, event: ChannelEvent): PlayerTransition {
  const result = liveStep(state, event);
  const channel = result.state.channel;
  if (channel === null || !result.effects.some(isFetch)) return result;
  return {
    ...result,
    effects: result.effects.map((effect) => (isFetch(effect) ? { ...effect, channel } : effect)),
  };
}

function isFetch(effect: PlayerEffect): effect is ReleaseRequest {
  return effect.type === 'release.load' || effect.type === 'release.renew';
}

function liveStep(state: PlayerState, event: ChannelEvent): PlayerTransition {
  if (state.destroyed) return { state, effects: [] };
  const live = state.stream.kind === 'live';
  switch (event.type) {
    case 'timeline-updated':
      return transition(state, (step) => timelineUpdated(step, event.timeline, event.currentTime));
    case 'go-live':
      return transition(state, goLive);
    case 'switch-channel':
      return transition(state, (step) => switchChannel(step, event.channel, event.isBought));
    case 'seek-to':
    case 'seek-by':
      // A non-buyer's seek goes to the content rules (the final block, SPEC §4); an archive is VOD.
      if (!live || state.access !== 'full') break;
      return transition(state, (step) =>
        seekInWindow(step, event.type === 'seek-to' ? event.seconds : state.currentTime + event.deltaSeconds),
      );
    case 'ended':
      if (live) return transition(state, liveEnded);
      break;
    case 'metadata-loaded':
    case 'time-updated':
    case 'media-loaded':
      // Live has no fixed duration: the engine's growing one is the playlist's end, not the content's.
      if (live) return forgetOldTimeline(state, reduce(state, { ...event, duration: 0 }));
      break;
  }
  return forgetOldTimeline(state, reduce(state, event));
}

/** A channel as the state keeps it: `archiveStart` null for the broadcast. */
export function channelOf(channel: PlayerChannel): PlayerChannel {
  return { streamId: channel.streamId, archiveStart: channel.archiveStart ?? null };
}

/** The stream a channel plays: its broadcast, or one archived programme. */
export function streamOf(channel: PlayerChannel): PlayerState['stream'] {
  return { kind: channel.archiveStart ? 'archive' : 'live', timeline: null };
}

/** A new load (or a failed one) forgets the previous source's timeline. */
function forgetOldTimeline(before: PlayerState, result: PlayerTransition): PlayerTransition {
  const after = result.state;
  if (
    after.generation === before.generation ||
    after.stream.kind === 'vod' ||
    after.stream.timeline === null
  ) {
    return result;
  }
  return { ...result, state: { ...after, stream: { kind: after.stream.kind, timeline: null } } };
}

function timelineUpdated(step: Step, timeline: VideoTimeline | null, currentTime: number): void {
  const s = step.state;
  // Before the new source is handed to a kept adapter, its timeline is still the previous channel's.
  if (s.load?.step === 'release' || s.load?.step === 'adapter' || s.stream.kind === 'vod') return;
  set(step, { stream: { kind: s.stream.kind, timeline } });
  if (Number.isFinite(currentTime)) set(step, { currentTime });
  if (s.stream.kind !== 'live' || !timeline?.live || s.load !== null || !s.adapterAttached) return;
  // Paused (or stalled) so long that the window slid past the playhead: on to the oldest point kept —
  // a target duration in, so the segment asked for is not the next to go.
  if (step.state.currentTime >= timeline.start) return;
  const target = Math.min(timeline.start + targetDurationOf(timeline), seekableEnd(timeline));
  seekAdapter(step, target);
}

/** «В эфир». */
function goLive(step: Step): void {
  const s = step.state;
  if (s.stream.kind === 'vod' || s.access === 'locked' || selectPaywall(s) !== 'none') return;
  if (s.stream.kind === 'archive') {
    // From a programme of the archive back to the channel's broadcast, in the same player.
    if (s.channel !== null) switchChannel(step, { streamId: s.channel.streamId }, s.access === 'full');
    return;
  }
  if (!s.adapterAttached || s.load !== null || s.phase === 'ended' || s.phase === 'error') {
    // Nothing playing: start (or join the load in flight); a live load starts at the edge.
    play(step);
    return;
  }
  const timeline = s.stream.kind === 'live' ? s.stream.timeline : null;
  if (timeline?.liveEdge != null && !isAtLiveEdge(timeline, s.currentTime))
    seekAdapter(step, timeline.liveEdge);
  if (s.phase === 'paused') emit(step, { type: 'adapter.play', generation: s.generation });
}

/** A buyer's seek on live: inside the DVR window (beyond the live edge is the edge); refused until it is known. */
function seekInWindow(step: Step, seconds: number): void {
  const s = step.state;
  if (!s.adapterAttached || s.stream.kind === 'vod' || s.stream.timeline === null) return;
  seekAdapter(step, clampToWindow(s.stream.timeline, seconds));
}

function seekAdapter(step: Step, seconds: number): void {
  emit(step, { type: 'adapter.seek', seconds });
  set(step, { currentTime: seconds, lastKnownTime: seconds });
}

/**
 * A live stream ended. A non-buyer's: the server cut the preview there (SPEC: the live preview is cut by
 * the server, whatever the window), so the final block. A buyer's: the broadcast stopped.
 */
function liveEnded(step: Step): void {
  const s = step.state;
  if (s.access === 'preview' && s.preview !== null) {
    set(step, { preview: { ...s.preview, remaining: 0 } });
    lock(step, false);
    return;
  }
  set(step, { phase: 'ended' });
}

/**
 * Another channel, programme or the broadcast again. The preview belongs to the channel's package:
 * another channel, a purchase or its end start it afresh; live and archive of one channel share what
 * is left (a spent preview stays spent). A kept adapter gets the new source without being rebuilt.
 */
function switchChannel(step: Step, target: PlayerChannel, isBought: boolean): void {
  const s = step.state;
  if (s.channel === null) return;
  const channel = channelOf(target);
  if (channel.streamId !== s.channel.streamId || isBought !== (s.access === 'full')) {
    resetPreview(step);
    set(step, { access: isBought ? 'full' : 'preview' });
  }
  set(step, {
    channel,
    stream: streamOf(channel),
    givenRelease: null,
    release: null,
    installPaywall: false,
  });
  if (step.state.adapterAttached) {
    loadInPlace(step);
    return;
  }
  // No adapter to keep (before the first play, after a failed load). The generation moves on once more
  // first: intents waiting for "the load play() will start" were meant for the previous channel.
  set(step, { generation: step.state.generation + 1 });
  startLoad(step);
}

/**
 * A load that keeps the adapter and its video element (a channel switch): the old picture pauses, and
 * the new stream goes to the same adapter once fetched (`useRelease` sees the adapter attached).
 */
function loadInPlace(step: Step): void {
  const s = step.state;
  const generation = s.generation + 1;
  emit(step, { type: 'adapter.pause' });
  set(step, {
    generation,
    phase: 'loading',
    error: null,
    startErrorReported: false,
    started: false,
    load: { step: 'release', adapterRequested: false },
    currentTime: 0,
    lastKnownTime: 0,
    duration: 0,
    qualities: [],
    quality: null,
    // A new source resets the element's speed.
    rate: 1,
    pausedByInstallPaywall: false,
  });
  emit(step, { type: 'release.load', generation, episodeId: null });
}
