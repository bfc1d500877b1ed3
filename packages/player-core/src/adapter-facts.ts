import { toPlayerError } from './errors.js';
import type { LiveFact, PlayerAdapterFact } from './state.js';
import type { VideoAdapter, VideoAdapterEvent, VideoAdapterEvents } from './types.js';

/** Which adapter events a player listens to, and the fact each one becomes. */
export type FactTable = {
  [E in VideoAdapterEvent]?: (
    source: VideoAdapter,
    payload: VideoAdapterEvents[E],
  ) => PlayerAdapterFact | LiveFact;
};

/**
 * Each adapter event as a fact, with the readings `reduce` needs taken when the event fires — all but
 * `timelinechange`, which only a channel's player listens to (`TIMELINE_FACTS`).
 */
export const PLAYER_FACTS: Required<Omit<FactTable, 'timelinechange'>> = {
  loadedmetadata: (source) => ({
    type: 'metadata-loaded',
    currentTime: source.getCurrentTime(),
    duration: source.getDuration(),
    qualities: source.getQualities(),
  }),
  qualitieschange: (source) => ({
    type: 'qualities-changed',
    qualities: source.getQualities(),
    quality: source.getQuality(),
  }),
  timeupdate: (source) => ({
    type: 'time-updated',
    currentTime: source.getCurrentTime(),
    duration: source.getDuration(),
  }),
  playing: () => ({ type: 'playing' }),
  pause: () => ({ type: 'paused' }),
  seeking: (source) => ({ type: 'seeking', currentTime: source.getCurrentTime() }),
  ended: (source) => ({
    type: 'ended',
    currentTime: source.getCurrentTime(),
    duration: source.getDuration(),
  }),
  pictureinpicturechange: (source) => ({
    type: 'picture-in-picture-changed',
    active: source.isPictureInPicture(),
  }),
  error: (_source, error) => ({ type: 'media-error', error: toPlayerError(error, 'UNKNOWN') }),
};

/** The timeline's fact, for channels: the window, live edge and program date-time as the adapter reads them. */
export const TIMELINE_FACTS: FactTable = {
  timelinechange: (source) => ({
    type: 'timeline-updated',
    timeline: source.getTimeline?.() ?? null,
    currentTime: source.getCurrentTime(),
  }),
};

/** Subscribes to the events of `facts` on `source` and hands each on as a fact; returns the unsubscribe. */
export function listenForFacts(
  source: VideoAdapter,
  emit: (fact: PlayerAdapterFact | LiveFact) => void,
  facts: FactTable = PLAYER_FACTS,
): () => void {
  const unsubscribes = (Object.keys(facts) as VideoAdapterEvent[]).map((event) =>
    source.on(event, (payload) => emit(facts[event]!(source, payload as never))),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
