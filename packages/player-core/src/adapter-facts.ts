import { toPlayerError } from './errors.js';
import type { PlayerAdapterFact } from './state.js';
import type { VideoAdapter, VideoAdapterEvent, VideoAdapterEvents } from './types.js';

type FactOf = {
  [E in VideoAdapterEvent]: (source: VideoAdapter, payload: VideoAdapterEvents[E]) => PlayerAdapterFact;
};

/** Each adapter event as a fact, with the readings `reduce` needs taken when the event fires. */
const FACTS: FactOf = {
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

/** Subscribes to every event of `source` and hands each on as a fact; returns the unsubscribe. */
export function listenForFacts(source: VideoAdapter, emit: (fact: PlayerAdapterFact) => void): () => void {
  const unsubscribes = (Object.keys(FACTS) as VideoAdapterEvent[]).map((event) =>
    source.on(event, (payload) => emit(FACTS[event](source, payload as never))),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
