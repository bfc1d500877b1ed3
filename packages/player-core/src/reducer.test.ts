import { describe, expect, it } from 'vitest';
import {
  initialPlayerState,
  type PlayerEffect,
  type PlayerEvent,
  type PlayerIntent,
  type PlayerLoadStep,
  type PlayerState,
  type PlayerStateOptions,
  reduce,
  selectIntentQueueKey,
  selectIntentStamp,
  selectKeyIntent,
  selectSnapshot,
  selectWaitingIntentApplies,
} from './index.js';

// The play rules of SPEC §4, §6, §8, §9 as tables of reduce(state, event) → { state, effects }. Each row
// names its rule; controller.test.ts drives the same rules end to end through the runner.

const RELEASE = { content_url: 'https://cdn.test/film.m3u8', drm: null, preview_timer: 30 } as const;
const SERIES = [{ EP_id: 1 }, { EP_id: 2, is_announce: true }, { EP_id: 3 }, { EP_id: 4 }];
const QUALITIES = [
  { id: '0', height: 360, bitrate: 800_000, label: '360p' },
  { id: '1', height: 720, bitrate: 2_500_000, label: '720p' },
];
const DRM_ERROR = { code: 'DRM_FAILED', message: 'licence 403' } as const;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A state: a non-buyer's film, idle, plus `patch`. Frozen, so a reducer that mutates its input throws. */
function given(patch: Partial<PlayerState> = {}, options: Partial<PlayerStateOptions> = {}): PlayerState {
  const initial = initialPlayerState({ contentKind: 'film', goods: { is_bought: false }, ...options });
  return deepFreeze({ ...initial, ...patch });
}

/** A non-buyer 10 s into a 30 s preview of a playing film (generation 1, adapter attached). */
function playing(patch: Partial<PlayerState> = {}, options: Partial<PlayerStateOptions> = {}): PlayerState {
  return given(
    {
      phase: 'playing',
      release: RELEASE,
      preview: { limit: 30, remaining: 20 },
      adapterAttached: true,
      started: true,
      generation: 1,
      currentTime: 10,
      lastKnownTime: 10,
      duration: 1200,
      ...patch,
    },
    options,
  );
}

/** A buyer watching: no preview. */
function buying(patch: Partial<PlayerState> = {}, options: Partial<PlayerStateOptions> = {}): PlayerState {
  return playing({ access: 'full', preview: null, ...patch }, options);
}

/** The preview ran out: the final block, paused and muted. */
function locked(patch: Partial<PlayerState> = {}): PlayerState {
  return playing({
    access: 'locked',
    phase: 'paused',
    muted: true,
    preview: { limit: 30, remaining: 0 },
    ...patch,
  });
}

/** A load of generation 1 waiting at `step` (at `release`: the adapter asked for beside the call). */
function loading(step: PlayerLoadStep, patch: Partial<PlayerState> = {}): PlayerState {
  const hasRelease = step !== 'release';
  return given({
    phase: 'loading',
    load: step === 'release' ? { step, adapterRequested: true } : { step },
    generation: 1,
    release: hasRelease ? RELEASE : null,
    preview: hasRelease ? { limit: 30, remaining: 30 } : null,
    adapterAttached: step === 'media' || step === 'start',
    ...patch,
  });
}

const series = { contentKind: 'series', episodes: SERIES } as const;

const PAUSE_AND_MUTE: PlayerEffect[] = [{ type: 'adapter.pause' }, { type: 'adapter.setMuted', muted: true }];
const LOCK_TIMERS: PlayerEffect[] = [
  { type: 'timer.stop', timer: 'countdown' },
  { type: 'timer.start', timer: 'watchdog', ms: 3_000 },
];

interface Row {
  /** The rule, as a sentence. */
  rule: string;
  given: PlayerState;
  event: PlayerEvent;
  /** Fields of the next state (toMatchObject); omitted: the state is returned as it was. */
  expected?: Partial<PlayerState>;
  effects?: PlayerEffect[];
}

function check({ given: before, event, expected, effects = [] }: Row): void {
  const result = reduce(before, event);
  if (expected === undefined) expect(result.state).toBe(before);
  else expect(result.state).toMatchObject(expected);
  expect(result.effects).toEqual(effects);
}

describe('reduce: start and load (SPEC §4 play logic)', () => {
  it.each<Row>([
    {
      rule: 'play when idle fetches the release of the current episode',
      given: given(),
      event: { type: 'play' },
      expected: {
        phase: 'loading',
        load: { step: 'release', adapterRequested: true },
        generation: 1,
        error: null,
      },
      effects: [
        { type: 'release.load', generation: 1, episodeId: null },
        { type: 'adapter.create', generation: 1 },
      ],
    },
    {
      rule: 'play with a release handed in skips the call, arms the preview and creates the adapter',
      given: given({}, { release: RELEASE }),
      event: { type: 'play' },
      expected: {
        givenRelease: null,
        release: RELEASE,
        load: { step: 'adapter' },
        preview: { limit: 30, remaining: 30 },
      },
      effects: [
        { type: 'adapter.create', generation: 1 },
        { type: 'timer.start', timer: 'countdown', ms: 1_000 },
      ],
    },
    {
      rule: 'the release arms the countdown for a non-buyer and waits for the adapter asked for beside it',
      given: loading('release', { preview: null }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
      expected: { release: RELEASE, preview: { limit: 30, remaining: 30 }, load: { step: 'adapter' } },
      effects: [{ type: 'timer.start', timer: 'countdown', ms: 1_000 }],
    },
    {
      rule: 'a buyer gets no countdown',
      given: loading('release', { access: 'full' }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
      expected: { preview: null, load: { step: 'adapter' } },
      effects: [],
    },
    {
      rule: 'an answer of an older generation is ignored',
      given: loading('release', { generation: 2 }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
    },
    {
      rule: 'the adapter loads the release’s URL and DRM',
      given: loading('adapter'),
      event: { type: 'adapter-created', generation: 1 },
      expected: { adapterAttached: true, load: { step: 'media' } },
      effects: [{ type: 'adapter.load', generation: 1, source: { url: RELEASE.content_url, drm: null } }],
    },
    {
      rule: 'the viewer’s rate and mute carry over to a re-created adapter',
      given: loading('adapter', { rate: 1.5, muted: true }),
      event: { type: 'adapter-created', generation: 1 },
      effects: [
        { type: 'adapter.setRate', rate: 1.5 },
        { type: 'adapter.setMuted', muted: true },
        { type: 'adapter.load', generation: 1, source: { url: RELEASE.content_url, drm: null } },
      ],
      expected: { adapterAttached: true },
    },
    {
      rule: 'loaded media reads times and renditions, then plays',
      given: loading('media'),
      event: { type: 'media-loaded', generation: 1, currentTime: 0, duration: 1200, qualities: QUALITIES },
      expected: { duration: 1200, qualities: QUALITIES, load: { step: 'start' } },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: 'an unknown duration (NaN, live Infinity) reads as 0',
      given: loading('media'),
      event: {
        type: 'media-loaded',
        generation: 1,
        currentTime: Number.NaN,
        duration: Infinity,
        qualities: [],
      },
      expected: { currentTime: 0, duration: 0 },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: 'preview_timer 0: straight to the final block without playing',
      given: loading('media', { preview: { limit: 0, remaining: 0 } }),
      event: { type: 'media-loaded', generation: 1, currentTime: 0, duration: 1200, qualities: [] },
      expected: { access: 'locked', phase: 'paused', muted: true, load: null },
      effects: [...PAUSE_AND_MUTE, ...LOCK_TIMERS],
    },
    {
      rule: 'an install paywall shown during the load holds playback',
      given: loading('media', { installPaywall: true }),
      event: { type: 'media-loaded', generation: 1, currentTime: 0, duration: 1200, qualities: [] },
      expected: { phase: 'paused', load: null, pausedByInstallPaywall: true },
    },
    {
      rule: 'the start resolving ends the load: playing',
      given: loading('start'),
      event: { type: 'play-started', generation: 1, paused: false },
      expected: { phase: 'playing', started: true, load: null },
    },
    {
      rule: 'play during a load joins it',
      given: loading('media'),
      event: { type: 'play' },
    },
    {
      rule: 'play while playing does nothing',
      given: playing(),
      event: { type: 'play' },
    },
    {
      rule: 'play while paused resumes the same adapter',
      given: playing({ phase: 'paused' }),
      event: { type: 'play' },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: 'a resume that the adapter confirms is playing',
      given: playing({ phase: 'paused' }),
      event: { type: 'play-started', generation: 1, paused: false },
      expected: { phase: 'playing' },
    },
    {
      rule: 'play after the end loads afresh',
      given: buying({ phase: 'ended' }),
      event: { type: 'play' },
      expected: {
        phase: 'loading',
        adapterAttached: false,
        generation: 2,
        load: { step: 'release', adapterRequested: true },
      },
      effects: [
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: null },
        { type: 'adapter.create', generation: 2 },
      ],
    },
    {
      rule: 'pause pauses a playing video',
      given: playing(),
      event: { type: 'pause' },
      expected: { phase: 'paused' },
      effects: [{ type: 'adapter.pause' }],
    },
    {
      rule: 'pause without an adapter does nothing (the runner queues it until one is ready)',
      given: loading('release'),
      event: { type: 'pause' },
    },
  ])('$rule', (row) => check(row));
});

const SOURCE = { url: RELEASE.content_url, drm: null } as const;
const COUNTDOWN_START: PlayerEffect = { type: 'timer.start', timer: 'countdown', ms: 1_000 };
const RELEASE_FAILED: PlayerEvent = {
  type: 'release-failed',
  generation: 1,
  error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
};
const ADAPTER_FAILED: PlayerEvent = {
  type: 'adapter-failed',
  generation: 1,
  error: { code: 'UNKNOWN', message: 'chunk failed to load' },
};
const startGoal = (error_code: string): PlayerEffect =>
  ({ type: 'analytics', goal: 'MOVIE_STARTED_ERROR', params: { error_code } }) as PlayerEffect;

// Time to first frame: a load that fetches its release asks for the adapter in the same step, and
// `adapter.load` goes out when both answered, whichever came second.
describe('reduce: the release call and the adapter factory overlap', () => {
  it.each<Row>([
    {
      rule: 'adapter first: attached while the release call runs, nothing loads yet',
      given: loading('release'),
      event: { type: 'adapter-created', generation: 1 },
      expected: { adapterAttached: true, load: { step: 'release', adapterRequested: true }, release: null },
    },
    {
      rule: 'adapter first: the viewer’s rate and mute carry over at once',
      given: loading('release', { rate: 1.5, muted: true }),
      event: { type: 'adapter-created', generation: 1 },
      expected: { adapterAttached: true, load: { step: 'release', adapterRequested: true } },
      effects: [
        { type: 'adapter.setRate', rate: 1.5 },
        { type: 'adapter.setMuted', muted: true },
      ],
    },
    {
      rule: 'adapter first, then the release: it arms the preview and loads the release’s URL and DRM',
      given: loading('release', { adapterAttached: true }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
      expected: { release: RELEASE, preview: { limit: 30, remaining: 30 }, load: { step: 'media' } },
      effects: [{ type: 'adapter.load', generation: 1, source: SOURCE }, COUNTDOWN_START],
    },
    {
      rule: 'adapter first, then a buyer’s release: it loads, no countdown',
      given: loading('release', { adapterAttached: true, access: 'full' }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
      expected: { release: RELEASE, preview: null, load: { step: 'media' } },
      effects: [{ type: 'adapter.load', generation: 1, source: SOURCE }],
    },
    {
      rule: 'adapter first, then a release with preview_timer 0: it loads as before (the media lock it)',
      given: loading('release', { adapterAttached: true }),
      event: { type: 'release-loaded', generation: 1, release: { ...RELEASE, preview_timer: 0 } },
      expected: { preview: { limit: 0, remaining: 0 }, load: { step: 'media' } },
      effects: [{ type: 'adapter.load', generation: 1, source: SOURCE }, COUNTDOWN_START],
    },
    {
      rule: 'release first, then the adapter: it loads the release’s source',
      given: loading('adapter'),
      event: { type: 'adapter-created', generation: 1 },
      expected: { adapterAttached: true, load: { step: 'media' } },
      effects: [{ type: 'adapter.load', generation: 1, source: SOURCE }],
    },
    {
      rule: 'a second adapter for a load that has one is ignored',
      given: loading('release', { adapterAttached: true }),
      event: { type: 'adapter-created', generation: 1 },
    },
    {
      rule: 'a load that did not ask for an adapter yet ignores one',
      given: loading('release', { load: { step: 'release', adapterRequested: false } }),
      event: { type: 'adapter-created', generation: 1 },
    },
    {
      rule: 'stale: an adapter of an older load is ignored while the release call runs',
      given: loading('release', { generation: 2 }),
      event: { type: 'adapter-created', generation: 1 },
    },
    {
      rule: 'stale: a release of an older load is ignored beside the new load’s adapter',
      given: loading('release', { generation: 2, adapterAttached: true }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
    },
    {
      rule: 'stale: a release failure of an older load is ignored',
      given: loading('release', { generation: 2, adapterAttached: true }),
      event: RELEASE_FAILED,
    },
    {
      rule: 'stale: an adapter failure of an older load is ignored',
      given: loading('adapter', { generation: 2 }),
      event: ADAPTER_FAILED,
    },
    {
      rule: 'the release call fails while the adapter is in flight: error, one goal, the load abandoned',
      given: loading('release'),
      event: RELEASE_FAILED,
      expected: {
        phase: 'error',
        load: null,
        generation: 2,
        startErrorReported: true,
        adapterAttached: false,
      },
      effects: [startGoal('RELEASE_LOAD_FAILED')],
    },
    {
      rule: 'the release call fails after the adapter came: it is destroyed (no player left, as before)',
      given: loading('release', { adapterAttached: true }),
      event: RELEASE_FAILED,
      expected: { phase: 'error', load: null, generation: 2, adapterAttached: false },
      effects: [{ type: 'adapter.destroy' }, startGoal('RELEASE_LOAD_FAILED')],
    },
    {
      rule: 'the adapter factory fails while the release call runs: error, one goal, the load abandoned',
      given: loading('release'),
      event: ADAPTER_FAILED,
      expected: { phase: 'error', load: null, generation: 2, startErrorReported: true, release: null },
      effects: [startGoal('UNKNOWN')],
    },
    {
      rule: 'the adapter factory fails after the release came: error, one goal',
      given: loading('adapter'),
      event: ADAPTER_FAILED,
      expected: { phase: 'error', load: null, generation: 2, startErrorReported: true },
      effects: [startGoal('UNKNOWN')],
    },
    {
      rule: 'a fatal error of the early adapter before the release: it is destroyed, one goal',
      given: loading('release', { adapterAttached: true }),
      event: { type: 'media-error', error: DRM_ERROR },
      expected: { phase: 'error', load: null, generation: 2, adapterAttached: false },
      effects: [{ type: 'adapter.destroy' }, startGoal('DRM_FAILED')],
    },
    {
      rule: 'an episode change in the middle drops both and asks for a new pair',
      given: loading('release', { adapterAttached: true, currentEpisodeId: 1 }),
      event: { type: 'change-episode', episodeId: 3 },
      expected: {
        currentEpisodeId: 3,
        generation: 2,
        adapterAttached: false,
        load: { step: 'release', adapterRequested: true },
      },
      effects: [
        { type: 'episode.changed', episodeId: 3 },
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: 3 },
        { type: 'adapter.create', generation: 2 },
      ],
    },
    {
      rule: 'a reload with both in flight drops both and asks for a new pair',
      given: loading('release'),
      event: { type: 'reload' },
      expected: { generation: 2, load: { step: 'release', adapterRequested: true } },
      effects: [
        { type: 'release.load', generation: 2, episodeId: null },
        { type: 'adapter.create', generation: 2 },
      ],
    },
    {
      rule: 'destroy in the middle destroys the adapter that came first',
      given: loading('release', { adapterAttached: true }),
      event: { type: 'destroy' },
      expected: { destroyed: true, adapterAttached: false, generation: 2, load: null },
      effects: [{ type: 'adapter.destroy' }],
    },
    {
      rule: 'an expired preview reloads release first: no adapter until the release came',
      given: locked(),
      event: { type: 'reload' },
      expected: { load: { step: 'release', adapterRequested: false }, generation: 2 },
      effects: [{ type: 'adapter.destroy' }, { type: 'release.load', generation: 2, episodeId: null }],
    },
    {
      rule: 'an expired preview’s release then asks for the adapter',
      given: locked({
        phase: 'loading',
        adapterAttached: false,
        started: false,
        generation: 2,
        load: { step: 'release', adapterRequested: false },
      }),
      event: { type: 'release-loaded', generation: 2, release: RELEASE },
      expected: { release: RELEASE, load: { step: 'adapter' }, preview: { limit: 30, remaining: 0 } },
      effects: [{ type: 'adapter.create', generation: 2 }],
    },
  ])('$rule', (row) => check(row));

  interface SequenceRow {
    /** The rule, as a sentence. */
    rule: string;
    given: PlayerState;
    /** Reduced in order. */
    events: PlayerEvent[];
    /** Fields of the last state. */
    expected: Partial<PlayerState>;
    /** Every effect of every step, in order. */
    effects: PlayerEffect[];
  }

  const RELEASE_LOADED: PlayerEvent = { type: 'release-loaded', generation: 1, release: RELEASE };
  const ADAPTER_CREATED: PlayerEvent = { type: 'adapter-created', generation: 1 };
  const MEDIA_LOADED: PlayerEvent = {
    type: 'media-loaded',
    generation: 1,
    currentTime: 0,
    duration: 1200,
    qualities: QUALITIES,
  };
  const PLAY_STARTED: PlayerEvent = { type: 'play-started', generation: 1, paused: false };
  const PAIR: PlayerEffect[] = [
    { type: 'release.load', generation: 1, episodeId: null },
    { type: 'adapter.create', generation: 1 },
  ];

  it.each<SequenceRow>([
    {
      rule: 'release first: play, release, adapter, media, start',
      given: given(),
      events: [{ type: 'play' }, RELEASE_LOADED, ADAPTER_CREATED, MEDIA_LOADED, PLAY_STARTED],
      expected: { phase: 'playing', load: null, started: true, preview: { limit: 30, remaining: 30 } },
      effects: [
        ...PAIR,
        COUNTDOWN_START,
        { type: 'adapter.load', generation: 1, source: SOURCE },
        { type: 'adapter.play', generation: 1 },
      ],
    },
    {
      rule: 'adapter first: play, adapter, release, media, start',
      given: given(),
      events: [{ type: 'play' }, ADAPTER_CREATED, RELEASE_LOADED, MEDIA_LOADED, PLAY_STARTED],
      expected: { phase: 'playing', load: null, started: true, preview: { limit: 30, remaining: 30 } },
      effects: [
        ...PAIR,
        { type: 'adapter.load', generation: 1, source: SOURCE },
        COUNTDOWN_START,
        { type: 'adapter.play', generation: 1 },
      ],
    },
    {
      rule: 'adapter first with preview_timer 0: the final block without playing, as before',
      given: given(),
      events: [
        { type: 'play' },
        ADAPTER_CREATED,
        { type: 'release-loaded', generation: 1, release: { ...RELEASE, preview_timer: 0 } },
        { ...MEDIA_LOADED, qualities: [] },
      ],
      expected: { access: 'locked', phase: 'paused', muted: true, load: null, started: false },
      effects: [
        ...PAIR,
        { type: 'adapter.load', generation: 1, source: SOURCE },
        COUNTDOWN_START,
        ...PAUSE_AND_MUTE,
        ...LOCK_TIMERS,
      ],
    },
    {
      rule: 'a given release: release → adapter, as before',
      given: given({}, { release: RELEASE }),
      events: [{ type: 'play' }, ADAPTER_CREATED, MEDIA_LOADED, PLAY_STARTED],
      expected: { phase: 'playing', load: null },
      effects: [
        { type: 'adapter.create', generation: 1 },
        COUNTDOWN_START,
        { type: 'adapter.load', generation: 1, source: SOURCE },
        { type: 'adapter.play', generation: 1 },
      ],
    },
    {
      rule: 'the release fails, the adapter answers late: ignored, one goal',
      given: given(),
      events: [{ type: 'play' }, RELEASE_FAILED, ADAPTER_CREATED],
      expected: { phase: 'error', adapterAttached: false, load: null, generation: 2 },
      effects: [...PAIR, startGoal('RELEASE_LOAD_FAILED')],
    },
    {
      rule: 'the release fails, the factory fails late: ignored, one goal',
      given: given(),
      events: [{ type: 'play' }, RELEASE_FAILED, ADAPTER_FAILED],
      expected: { phase: 'error', error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' } },
      effects: [...PAIR, startGoal('RELEASE_LOAD_FAILED')],
    },
    {
      rule: 'the factory fails, the release answers late: ignored (no preview armed), one goal',
      given: given(),
      events: [{ type: 'play' }, ADAPTER_FAILED, RELEASE_LOADED],
      expected: { phase: 'error', release: null, preview: null, load: null, generation: 2 },
      effects: [...PAIR, startGoal('UNKNOWN')],
    },
    {
      rule: 'the factory fails, the release call fails late: ignored, one goal',
      given: given(),
      events: [{ type: 'play' }, ADAPTER_FAILED, RELEASE_FAILED],
      expected: { phase: 'error', error: { code: 'UNKNOWN', message: 'chunk failed to load' } },
      effects: [...PAIR, startGoal('UNKNOWN')],
    },
    {
      rule: 'the adapter came, then the release fails: the adapter is destroyed, one goal',
      given: given(),
      events: [{ type: 'play' }, ADAPTER_CREATED, RELEASE_FAILED],
      expected: { phase: 'error', adapterAttached: false, load: null },
      effects: [...PAIR, { type: 'adapter.destroy' }, startGoal('RELEASE_LOAD_FAILED')],
    },
    {
      rule: 'after a failed release the retry asks for a new pair and plays',
      given: given(),
      events: [
        { type: 'play' },
        ADAPTER_CREATED,
        RELEASE_FAILED,
        { type: 'play' },
        { type: 'adapter-created', generation: 3 },
        { type: 'release-loaded', generation: 3, release: RELEASE },
      ],
      expected: { phase: 'loading', load: { step: 'media' }, adapterAttached: true, generation: 3 },
      effects: [
        ...PAIR,
        { type: 'adapter.destroy' },
        startGoal('RELEASE_LOAD_FAILED'),
        { type: 'release.load', generation: 3, episodeId: null },
        { type: 'adapter.create', generation: 3 },
        { type: 'adapter.load', generation: 3, source: SOURCE },
        COUNTDOWN_START,
      ],
    },
    {
      rule: 'an episode change in the middle: the old load’s late answers are ignored',
      given: given({}, series),
      events: [
        { type: 'play' },
        ADAPTER_CREATED,
        { type: 'change-episode', episodeId: 3 },
        RELEASE_LOADED,
        ADAPTER_CREATED,
      ],
      expected: {
        currentEpisodeId: 3,
        generation: 2,
        release: null,
        adapterAttached: false,
        load: { step: 'release', adapterRequested: true },
      },
      effects: [
        { type: 'release.load', generation: 1, episodeId: 1 },
        { type: 'adapter.create', generation: 1 },
        { type: 'episode.changed', episodeId: 3 },
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: 3 },
        { type: 'adapter.create', generation: 2 },
      ],
    },
  ])('$rule', ({ given: before, events, expected, effects }) => {
    let state = before;
    const all: PlayerEffect[] = [];
    for (const event of events) {
      const result = reduce(state, event);
      state = result.state;
      all.push(...result.effects);
    }
    expect(state).toMatchObject(expected);
    expect(all).toEqual(effects);
  });
});

describe('reduce: preview and trial countdown (SPEC §4, §9)', () => {
  it.each<Row>([
    {
      rule: 'a second of playback counts',
      given: playing(),
      event: { type: 'countdown-tick' },
      expected: { preview: { limit: 30, remaining: 19 } },
    },
    {
      rule: 'at zero: pause, mute, the final block, and the watchdog instead of the countdown',
      given: playing({ preview: { limit: 30, remaining: 1 } }),
      event: { type: 'countdown-tick' },
      expected: { access: 'locked', phase: 'paused', muted: true, preview: { limit: 30, remaining: 0 } },
      effects: [...PAUSE_AND_MUTE, ...LOCK_TIMERS],
    },
    {
      rule: 'a paused video keeps its preview',
      given: playing({ phase: 'paused' }),
      event: { type: 'countdown-tick' },
    },
    {
      rule: 'a video under the install paywall keeps its preview',
      given: playing({ installPaywall: true }),
      event: { type: 'countdown-tick' },
    },
    { rule: 'a loading video keeps its preview', given: loading('start'), event: { type: 'countdown-tick' } },
    { rule: 'buyers have no countdown', given: buying(), event: { type: 'countdown-tick' } },
    {
      rule: 'a non-buyer stream ending at the preview length was cut there: the final block',
      given: playing({ preview: { limit: 30, remaining: 2 } }, series),
      event: { type: 'ended', currentTime: 30, duration: 30 },
      expected: { access: 'locked', preview: { limit: 30, remaining: 0 }, currentEpisodeId: 1 },
      effects: [...PAUSE_AND_MUTE, ...LOCK_TIMERS],
    },
    {
      rule: 'after expiry play is refused',
      given: locked(),
      event: { type: 'play' },
    },
    {
      rule: 'after expiry unmuting is refused',
      given: locked(),
      event: { type: 'set-muted', muted: false },
    },
    {
      rule: 'the viewer may mute and unmute a running preview',
      given: playing(),
      event: { type: 'set-muted', muted: true },
      expected: { muted: true },
      effects: [{ type: 'adapter.setMuted', muted: true }],
    },
  ])('$rule', (row) => check(row));

  it.each([
    ['film', undefined, 600],
    ['series', undefined, 600],
    ['live', undefined, 60],
    ['film', { film: 60 as const }, 60],
  ] as const)('without preview_timer a %s gets the configured default (%o → %i s)', (kind, film, seconds) => {
    const state = given(
      { phase: 'loading', load: { step: 'release', adapterRequested: true }, generation: 1 },
      { contentKind: kind, config: film ? { defaultPreviewSeconds: film } : {} },
    );
    const next = reduce(state, {
      type: 'release-loaded',
      generation: 1,
      release: { ...RELEASE, preview_timer: null },
    });
    expect(next.state.preview).toEqual({ limit: seconds, remaining: seconds });
  });
});

describe('reduce: the watchdog (SPEC §4, §9: 3 s)', () => {
  it.each<Row>([
    {
      rule: 'an expired preview that something resumed is paused and muted again',
      given: locked(),
      event: { type: 'watchdog-tick', adapter: { paused: false, muted: true } },
      effects: PAUSE_AND_MUTE,
      expected: { muted: true, phase: 'paused' },
    },
    {
      rule: 'an expired preview that something unmuted is muted again',
      given: locked(),
      event: { type: 'watchdog-tick', adapter: { paused: true, muted: false } },
      effects: PAUSE_AND_MUTE,
      expected: { muted: true },
    },
    {
      rule: 'a paused, muted expired preview is left alone',
      given: locked(),
      event: { type: 'watchdog-tick', adapter: { paused: true, muted: true } },
    },
    {
      rule: 'a playing event on an expired preview is stopped at once',
      given: locked(),
      event: { type: 'playing' },
      expected: { phase: 'paused', muted: true },
      effects: PAUSE_AND_MUTE,
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: the seek guard for non-buyers (SPEC §4)', () => {
  const GUARD: PlayerEffect[] = [...PAUSE_AND_MUTE, { type: 'adapter.exitFullscreen' }, ...LOCK_TIMERS];
  it.each<Row>([
    {
      rule: 'a seek command after play: the final block, pause, mute, leave fullscreen; no seek',
      given: playing(),
      event: { type: 'seek-by', deltaSeconds: 10 },
      expected: { access: 'locked', phase: 'paused', muted: true },
      effects: GUARD,
    },
    {
      rule: 'seek-to counts as well',
      given: playing(),
      event: { type: 'seek-to', seconds: 300 },
      expected: { access: 'locked' },
      effects: GUARD,
    },
    {
      rule: 'scrubbing the native timeline counts',
      given: playing(),
      event: { type: 'seeking', currentTime: 300 },
      expected: { access: 'locked' },
      effects: GUARD,
    },
    {
      rule: 'the engine nudging over a gap (< 1.5 s) does not',
      given: playing(),
      event: { type: 'seeking', currentTime: 11.4 },
    },
    {
      rule: 'a seek before playback started does nothing',
      given: loading('media'),
      event: { type: 'seek-to', seconds: 100 },
    },
    {
      rule: 'live: the engine jumping to the live edge is not a seek',
      given: playing({}, { contentKind: 'live' }),
      event: { type: 'seeking', currentTime: 120 },
    },
    {
      rule: 'live: the seek commands still are',
      given: playing({}, { contentKind: 'live' }),
      event: { type: 'seek-by', deltaSeconds: -10 },
      expected: { access: 'locked' },
      effects: GUARD,
    },
    {
      rule: 'a buyer’s native scrubbing is just a seek',
      given: buying(),
      event: { type: 'seeking', currentTime: 500 },
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: the install paywall (SPEC §4)', () => {
  it.each<Row>([
    {
      rule: 'shown over a playing video it pauses it and owes a resume',
      given: playing(),
      event: { type: 'show-install-paywall' },
      expected: { installPaywall: true, phase: 'paused', pausedByInstallPaywall: true },
      effects: [{ type: 'adapter.pause' }],
    },
    {
      rule: 'hidden, it resumes the video it paused',
      given: playing({ installPaywall: true, phase: 'paused', pausedByInstallPaywall: true }),
      event: { type: 'hide-install-paywall' },
      expected: { installPaywall: false, pausedByInstallPaywall: false },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: 'it does not resume a video the viewer had paused',
      given: playing({ installPaywall: true, phase: 'paused' }),
      event: { type: 'hide-install-paywall' },
      expected: { installPaywall: false, phase: 'paused' },
    },
    {
      rule: 'it cannot cover the final block',
      given: locked(),
      event: { type: 'show-install-paywall' },
    },
    {
      rule: 'hiding it when not shown does nothing',
      given: playing(),
      event: { type: 'hide-install-paywall' },
    },
    {
      rule: 'shown before anything loads, it holds play',
      given: given({ installPaywall: true }),
      event: { type: 'play' },
    },
    {
      rule: 'a start arriving under it is paused at once',
      given: loading('start', { installPaywall: true }),
      event: { type: 'playing' },
      expected: { phase: 'paused', pausedByInstallPaywall: true, started: true },
      effects: [{ type: 'adapter.pause' }],
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: is_bought changes (SPEC §4, §6)', () => {
  it.each<Row>([
    {
      rule: 'true: forget the preview, hide the paywall, unmute, reload the release and re-create the player',
      given: locked(),
      event: { type: 'set-bought', isBought: true },
      expected: {
        access: 'full',
        preview: null,
        muted: false,
        installPaywall: false,
        phase: 'loading',
        adapterAttached: false,
        generation: 2,
      },
      effects: [
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: null },
        { type: 'adapter.create', generation: 2 },
        { type: 'timer.stop', timer: 'watchdog' },
      ],
    },
    {
      rule: 'true before anything played: no call now (the next play fetches a fresh release)',
      given: given({}, { release: RELEASE }),
      event: { type: 'set-bought', isBought: true },
      expected: { access: 'full', phase: 'idle', givenRelease: null, release: null },
    },
    {
      rule: 'false (unsubscribed): back to a preview, reloaded',
      given: buying(),
      event: { type: 'set-bought', isBought: false },
      expected: { access: 'preview', phase: 'loading', preview: null },
      effects: [
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: null },
        { type: 'adapter.create', generation: 2 },
      ],
    },
    {
      rule: 'reload keeps an expired preview expired',
      given: locked(),
      event: { type: 'reload' },
      expected: { access: 'locked', muted: true, phase: 'loading' },
      effects: [{ type: 'adapter.destroy' }, { type: 'release.load', generation: 2, episodeId: null }],
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: episodes (SPEC §4)', () => {
  it.each<Row>([
    {
      rule: 'an episode change resets the player and the preview and loads that release',
      given: locked({ currentEpisodeId: 1 }),
      event: { type: 'change-episode', episodeId: 3 },
      expected: {
        currentEpisodeId: 3,
        release: null,
        preview: null,
        access: 'preview',
        muted: false,
        currentTime: 0,
        phase: 'loading',
      },
      effects: [
        { type: 'episode.changed', episodeId: 3 },
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: 3 },
        { type: 'adapter.create', generation: 2 },
        { type: 'timer.stop', timer: 'watchdog' },
      ],
    },
    {
      rule: 'at the end of an episode the next playable one starts (announced ones skipped)',
      given: buying({ currentEpisodeId: 1 }, series),
      event: { type: 'ended', currentTime: 40, duration: 40 },
      expected: { currentEpisodeId: 3, phase: 'loading' },
      effects: [
        { type: 'episode.changed', episodeId: 3 },
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: 3 },
        { type: 'adapter.create', generation: 2 },
      ],
    },
    {
      rule: 'a non-buyer episode shorter than the preview plays on to the next one',
      given: playing({ currentEpisodeId: 1, preview: { limit: 600, remaining: 560 } }, series),
      event: { type: 'ended', currentTime: 40, duration: 40 },
      expected: { currentEpisodeId: 3, preview: null },
      effects: [
        { type: 'episode.changed', episodeId: 3 },
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: 3 },
        { type: 'adapter.create', generation: 2 },
        { type: 'timer.stop', timer: 'countdown' },
      ],
    },
    {
      rule: 'the last episode just ends',
      given: buying({ currentEpisodeId: 4 }, series),
      event: { type: 'ended', currentTime: 40, duration: 40 },
      expected: { phase: 'ended', currentEpisodeId: 4 },
    },
    {
      rule: 'a film just ends',
      given: buying(),
      event: { type: 'ended', currentTime: 1200, duration: 1200 },
      expected: { phase: 'ended' },
    },
    {
      rule: 'the next-episode button is a buyer control',
      given: playing({ currentEpisodeId: 1 }, series),
      event: { type: 'next-episode' },
    },
    {
      rule: 'a buyer’s next-episode button moves on',
      given: buying({ currentEpisodeId: 1 }, series),
      event: { type: 'next-episode' },
      expected: { currentEpisodeId: 3 },
      effects: [
        { type: 'episode.changed', episodeId: 3 },
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: 3 },
        { type: 'adapter.create', generation: 2 },
      ],
    },
    {
      rule: 'there is no episode before the first',
      given: buying({ currentEpisodeId: 1 }, series),
      event: { type: 'previous-episode' },
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: buyer controls (SPEC §6, §9)', () => {
  it.each<Row>([
    {
      rule: 'seek ±10 s from the current position',
      given: buying(),
      event: { type: 'seek-by', deltaSeconds: 10 },
      expected: { currentTime: 20, lastKnownTime: 20 },
      effects: [{ type: 'adapter.seek', seconds: 20 }],
    },
    {
      rule: 'seeks are clamped to the duration',
      given: buying({ currentTime: 1195 }),
      event: { type: 'seek-by', deltaSeconds: 10 },
      expected: { currentTime: 1200 },
      effects: [{ type: 'adapter.seek', seconds: 1200 }],
    },
    {
      rule: 'seeks are clamped to 0',
      given: buying(),
      event: { type: 'seek-to', seconds: -30 },
      expected: { currentTime: 0 },
      effects: [{ type: 'adapter.seek', seconds: 0 }],
    },
    {
      rule: 'a known rendition is picked',
      given: buying({ qualities: QUALITIES }),
      event: { type: 'set-quality', id: '1' },
      expected: { quality: '1' },
      effects: [{ type: 'adapter.setQuality', id: '1' }],
    },
    {
      rule: 'automatic quality is picked',
      given: buying({ qualities: QUALITIES, quality: '1' }),
      event: { type: 'set-quality', id: null },
      expected: { quality: null },
      effects: [{ type: 'adapter.setQuality', id: null }],
    },
    {
      rule: 'an unknown rendition is ignored',
      given: buying({ qualities: QUALITIES }),
      event: { type: 'set-quality', id: '9' },
    },
    {
      rule: 'an offered speed is set',
      given: buying(),
      event: { type: 'set-rate', rate: 1.5 },
      expected: { rate: 1.5 },
      effects: [{ type: 'adapter.setRate', rate: 1.5 }],
    },
    { rule: 'a speed not offered is ignored', given: buying(), event: { type: 'set-rate', rate: 3 } },
    {
      rule: 'picture-in-picture is toggled by the adapter',
      given: buying(),
      event: { type: 'toggle-picture-in-picture' },
      effects: [{ type: 'adapter.togglePictureInPicture', generation: 1 }],
    },
    {
      rule: 'picture-in-picture follows what the adapter reports',
      given: buying(),
      event: { type: 'picture-in-picture-changed', active: true },
      expected: { pictureInPicture: true },
    },
    {
      rule: 'non-buyers get no quality choice',
      given: playing({ qualities: QUALITIES }),
      event: { type: 'set-quality', id: '0' },
    },
    { rule: 'non-buyers get no speed choice', given: playing(), event: { type: 'set-rate', rate: 2 } },
    {
      rule: 'non-buyers get no picture-in-picture',
      given: playing(),
      event: { type: 'toggle-picture-in-picture' },
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: errors (SPEC §8 MOVIE_STARTED_ERROR)', () => {
  const goal = (error_code: string): PlayerEffect =>
    ({ type: 'analytics', goal: 'MOVIE_STARTED_ERROR', params: { error_code } }) as PlayerEffect;
  it.each<Row>([
    {
      rule: 'a failed release call: error phase, one goal, the load abandoned',
      given: loading('release'),
      event: {
        type: 'release-failed',
        generation: 1,
        error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
      },
      expected: {
        phase: 'error',
        error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
        load: null,
        generation: 2,
        startErrorReported: true,
      },
      effects: [goal('RELEASE_LOAD_FAILED')],
    },
    {
      rule: 'a fatal adapter error during the load ends it with its code',
      given: loading('media'),
      event: { type: 'media-error', error: DRM_ERROR },
      expected: { phase: 'error', error: DRM_ERROR, load: null, generation: 2 },
      effects: [goal('DRM_FAILED')],
    },
    {
      rule: 'an engine repeating its fatal error reports one goal per load',
      given: given({ phase: 'error', adapterAttached: true, startErrorReported: true, generation: 2 }),
      event: { type: 'media-error', error: DRM_ERROR },
      expected: { phase: 'error' },
    },
    {
      rule: 'a refused start is reported',
      given: loading('start'),
      event: { type: 'play-failed', generation: 1, error: { code: 'PLAY_REJECTED', message: 'autoplay' } },
      expected: { phase: 'error' },
      effects: [goal('PLAY_REJECTED')],
    },
    {
      rule: 'an error after playback started sets the phase but is not a start error',
      given: buying(),
      event: { type: 'media-error', error: { code: 'MEDIA_DECODE', message: 'bufferAppendError' } },
      expected: { phase: 'error', error: { code: 'MEDIA_DECODE', message: 'bufferAppendError' } },
    },
    {
      rule: 'play after an error retries with a fresh load',
      given: given({
        phase: 'error',
        error: DRM_ERROR,
        adapterAttached: true,
        startErrorReported: true,
        generation: 2,
      }),
      event: { type: 'play' },
      expected: { phase: 'loading', error: null, startErrorReported: false, generation: 3 },
      effects: [
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 3, episodeId: null },
        { type: 'adapter.create', generation: 3 },
      ],
    },
    {
      rule: 'a late answer of an abandoned load is ignored',
      given: given({ phase: 'error', error: DRM_ERROR, adapterAttached: true, generation: 2 }),
      event: { type: 'media-loaded', generation: 1, currentTime: 0, duration: 10, qualities: [] },
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: grant renewal (docs/decisions/022)', () => {
  // A buyer's releases: no preview_timer.
  const EXPIRING = { ...RELEASE, preview_timer: null, expires_in: 300 } as const;
  const RENEWED = { ...EXPIRING, content_url: 'https://cdn.test/renewed.m3u8' } as const;
  const RENEWAL_START: PlayerEffect = { type: 'timer.start', timer: 'renewal', ms: 100_000 };

  it.each<Row>([
    {
      rule: 'a release that expires starts the renewal timer at a third of its life when it loads',
      given: loading('release', { access: 'full', adapterAttached: true }),
      event: { type: 'release-loaded', generation: 1, release: EXPIRING },
      expected: { release: EXPIRING, load: { step: 'media' } },
      effects: [
        { type: 'adapter.load', generation: 1, source: { url: EXPIRING.content_url, drm: null } },
        RENEWAL_START,
      ],
    },
    {
      rule: 'a release without expires_in needs no renewal',
      given: loading('release', { access: 'full', adapterAttached: true }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
      expected: { release: RELEASE, load: { step: 'media' } },
      effects: [{ type: 'adapter.load', generation: 1, source: { url: RELEASE.content_url, drm: null } }],
    },
    {
      rule: 'the renewal tick asks for the release of the episode being played',
      given: buying({ release: EXPIRING }, series),
      event: { type: 'renewal-tick' },
      effects: [{ type: 'release.renew', generation: 1, episodeId: 1 }],
    },
    {
      rule: 'renew-grant (the viewer signed in or out) renews at once',
      given: buying({ release: EXPIRING }),
      event: { type: 'renew-grant' },
      effects: [{ type: 'release.renew', generation: 1, episodeId: null }],
    },
    {
      rule: 'renew-grant with nothing loaded, or a release that never expires, does nothing',
      given: given({ release: EXPIRING }),
      event: { type: 'renew-grant' },
    },
    {
      rule: 'renew-grant during a load does nothing: the load fetches a fresh release anyway',
      given: loading('release', { access: 'full', adapterAttached: true }),
      event: { type: 'renew-grant' },
    },
    {
      rule: 'a renewed release goes to the adapter, which carries on without a reload',
      given: buying({ release: EXPIRING }),
      event: { type: 'release-renewed', generation: 1, release: RENEWED },
      expected: { release: RENEWED, phase: 'playing', generation: 1, load: null },
      effects: [{ type: 'adapter.renewSource', source: { url: RENEWED.content_url, drm: null } }],
    },
    {
      rule: 'a renewal that comes back as a preview (the package ended) restarts as a non-buyer',
      given: buying({ release: EXPIRING }),
      event: { type: 'release-renewed', generation: 1, release: { ...RENEWED, preview_timer: 30 } },
      expected: { access: 'preview', phase: 'loading', preview: null, generation: 2 },
      effects: [
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: null },
        { type: 'adapter.create', generation: 2 },
        { type: 'timer.stop', timer: 'renewal' },
      ],
    },
    {
      rule: 'a renewal answered after a newer load is dropped',
      given: buying({ release: EXPIRING, generation: 2 }),
      event: { type: 'release-renewed', generation: 1, release: RENEWED },
    },
    {
      rule: 'a failed renewal changes nothing: the next tick tries again',
      given: buying({ release: EXPIRING }),
      event: { type: 'release-renew-failed', generation: 1 },
    },
    {
      rule: 'destroy stops the renewal timer',
      given: buying({ release: EXPIRING }),
      event: { type: 'destroy' },
      expected: { destroyed: true },
      effects: [{ type: 'adapter.destroy' }, { type: 'timer.stop', timer: 'renewal' }],
    },
  ])('$rule', (row) => check(row));
});

describe('reduce: destroy', () => {
  it.each<Row>([
    {
      rule: 'destroy drops the adapter and stops the timers',
      given: playing(),
      event: { type: 'destroy' },
      expected: { destroyed: true, adapterAttached: false, generation: 2 },
      effects: [{ type: 'adapter.destroy' }, { type: 'timer.stop', timer: 'countdown' }],
    },
    {
      rule: 'after destroy every event is ignored',
      given: playing({ destroyed: true }),
      event: { type: 'play' },
    },
  ])('$rule', (row) => check(row));
});

describe('selectors', () => {
  it('the snapshot derives paywall, buyer flags and neighbours from the facts', () => {
    expect(selectSnapshot(locked({ currentEpisodeId: 3 }))).toMatchObject({
      paywall: 'final',
      previewExpired: true,
      previewRemaining: 0,
      isBought: false,
      controlsEnabled: false,
    });
    expect(selectSnapshot(buying({ currentEpisodeId: 3 }, series))).toMatchObject({
      paywall: 'none',
      previewExpired: false,
      previewRemaining: null,
      isBought: true,
      controlsEnabled: true,
      hasPreviousEpisode: true,
      hasNextEpisode: true,
    });
    expect(selectSnapshot(playing({ installPaywall: true })).paywall).toBe('install');
  });

  it('a series starts at its first playable episode; a film has none', () => {
    expect(given({}, series).currentEpisodeId).toBe(1);
    expect(given().currentEpisodeId).toBeNull();
    expect(given({}, { ...series, currentEpisodeId: 4 }).currentEpisodeId).toBe(4);
  });

  it('live content has a live stream whose timeline the adapter fills; content has no channel', () => {
    expect(given({}, { contentKind: 'live' }).stream).toEqual({ kind: 'live', timeline: null });
    expect(given().stream).toEqual({ kind: 'vod' });
    expect(given().channel).toBeNull();
  });

  it.each([
    ['ArrowLeft', playing(), { type: 'seek-by', deltaSeconds: -10 }],
    ['ArrowRight', playing(), { type: 'seek-by', deltaSeconds: 10 }],
    [' ', playing(), { type: 'pause' }],
    [' ', playing({ phase: 'paused' }), { type: 'play' }],
    ['Enter', playing(), null],
  ] as const)('key %j → %o', (key, state, intent) => {
    expect(selectKeyIntent(state, key)).toEqual(intent);
  });

  it.each([
    ['pause before an adapter exists waits', loading('release'), { type: 'pause' }, 'playback'],
    [
      'pause waits while the adapter that came first waits for the release',
      loading('release', { adapterAttached: true }),
      { type: 'pause' },
      'playback',
    ],
    [
      'a buyer’s seek waits while the adapter that came first waits for the release',
      loading('release', { adapterAttached: true, access: 'full' }),
      { type: 'seek-by', deltaSeconds: 10 },
      'seek',
    ],
    [
      'a buyer’s seek during a load waits',
      loading('media', { access: 'full' }),
      { type: 'seek-to', seconds: 5 },
      'seek',
    ],
    [
      'a buyer’s quality choice waits',
      given({ access: 'full' }),
      { type: 'set-quality', id: '1' },
      'quality',
    ],
    [
      'a buyer’s picture-in-picture during a load waits',
      loading('media', { access: 'full' }),
      { type: 'toggle-picture-in-picture' },
      'picture-in-picture',
    ],
    [
      'a buyer’s picture-in-picture before the first play does not wait (refused at once: no load, no gesture later)',
      given({ access: 'full' }),
      { type: 'toggle-picture-in-picture' },
      null,
    ],
    [
      'nothing waits after a failed load (the retry is a new load)',
      given({ access: 'full', phase: 'error', generation: 2 }),
      { type: 'seek-by', deltaSeconds: 10 },
      null,
    ],
    [
      'a non-buyer’s seek does not wait (the rules refuse it)',
      loading('media'),
      { type: 'seek-by', deltaSeconds: 10 },
      null,
    ],
    ['play never waits (it starts the load)', given(), { type: 'play' }, null],
    ['nothing waits once the adapter is ready', playing(), { type: 'pause' }, null],
  ] as const)('queue key: %s', (_rule, state, intent, key) => {
    expect(selectIntentQueueKey(state, intent)).toBe(key);
  });
});

/** Answers that finish the load of `generation` (adapter, media, start) once the release is known. */
function finishLoad(generation: number): PlayerEvent[] {
  return [
    { type: 'adapter-created', generation },
    { type: 'media-loaded', generation, currentTime: 0, duration: 1200, qualities: QUALITIES },
    { type: 'play-started', generation, paused: false },
  ];
}

/** The whole load of `generation`: the release call answered, then `finishLoad`. */
function wholeLoad(generation: number): PlayerEvent[] {
  return [{ type: 'release-loaded', generation, release: RELEASE }, ...finishLoad(generation)];
}

function notAdapterCreated(event: PlayerEvent): boolean {
  return event.type !== 'adapter-created';
}

interface WaitingRow {
  /** The rule, as a sentence. */
  rule: string;
  /** The state the intent was queued under (its stamp). */
  queuedUnder: PlayerState;
  intent: PlayerIntent;
  /** What happened while it waited, reduced in order. */
  events: PlayerEvent[];
  applies: boolean;
}

// The runner's queue keeps an intent only while it still applies: selectIntentStamp(state when queued),
// then selectWaitingIntentApplies(state now) after every event; false drops it (its promise settles).
describe('selectors: waiting intents belong to the load and the access they were queued under', () => {
  const SEEK: PlayerIntent = { type: 'seek-by', deltaSeconds: 10 };
  const PAUSE: PlayerIntent = { type: 'pause' };
  it.each<WaitingRow>([
    {
      rule: 'a buyer’s seek made during a load applies once that load made the adapter ready',
      queuedUnder: loading('media', { access: 'full', preview: null }),
      intent: SEEK,
      events: finishLoad(1).slice(1),
      applies: true,
    },
    {
      rule: 'set-bought false while a buyer’s seek waits drops it (replayed, it would lock the new preview)',
      queuedUnder: loading('media', { access: 'full', preview: null }),
      intent: SEEK,
      events: [{ type: 'set-bought', isBought: false }],
      applies: false,
    },
    {
      rule: 'set-bought false while a buyer’s seek waits: the new load does not bring it back',
      queuedUnder: loading('media', { access: 'full', preview: null }),
      intent: SEEK,
      events: [{ type: 'set-bought', isBought: false }, ...wholeLoad(2)],
      applies: false,
    },
    {
      rule: 'set-bought true while a pause waits drops it (another load, another access)',
      queuedUnder: loading('release'),
      intent: PAUSE,
      events: [{ type: 'set-bought', isBought: true }],
      applies: false,
    },
    {
      rule: 'a failed release call drops what waits',
      queuedUnder: loading('release', { access: 'full' }),
      intent: SEEK,
      events: [
        {
          type: 'release-failed',
          generation: 1,
          error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
        },
      ],
      applies: false,
    },
    {
      rule: 'a failed release call: the retry does not replay what waited for the dead load',
      queuedUnder: loading('release', { access: 'full' }),
      intent: SEEK,
      events: [
        {
          type: 'release-failed',
          generation: 1,
          error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
        },
        { type: 'play' },
        ...wholeLoad(3),
      ],
      applies: false,
    },
    {
      rule: 'a failed adapter factory drops what waits',
      queuedUnder: loading('adapter'),
      intent: PAUSE,
      events: [{ type: 'adapter-failed', generation: 1, error: { code: 'UNKNOWN', message: 'chunk' } }],
      applies: false,
    },
    {
      rule: 'a failed media load drops what waits, though its adapter is still attached',
      queuedUnder: loading('media', { access: 'full', preview: null }),
      intent: SEEK,
      events: [{ type: 'media-failed', generation: 1, error: DRM_ERROR }],
      applies: false,
    },
    {
      rule: 'a reload during the load drops what waits',
      queuedUnder: loading('media', { access: 'full', preview: null }),
      intent: SEEK,
      events: [{ type: 'reload' }],
      applies: false,
    },
    {
      rule: 'an episode change drops what waits for the previous episode’s load',
      queuedUnder: loading('media', { access: 'full', preview: null, currentEpisodeId: 1 }),
      intent: SEEK,
      events: [{ type: 'change-episode', episodeId: 3 }, ...wholeLoad(2)],
      applies: false,
    },
    {
      rule: 'the preview found expired at load drops a waiting pause (the final block pauses anyway)',
      queuedUnder: loading('media', { preview: { limit: 30, remaining: 0 } }),
      intent: PAUSE,
      events: [{ type: 'media-loaded', generation: 1, currentTime: 0, duration: 1200, qualities: [] }],
      applies: false,
    },
    {
      rule: 'a buyer’s quality choice before the first play applies to the load play() starts',
      queuedUnder: given({ access: 'full' }),
      intent: { type: 'set-quality', id: '1' },
      events: [{ type: 'play' }, ...wholeLoad(1)],
      applies: true,
    },
    {
      rule: 'an intent made before the first play does not carry over to an episode change',
      queuedUnder: given({ access: 'full' }, series),
      intent: SEEK,
      events: [{ type: 'change-episode', episodeId: 3 }, ...wholeLoad(1)],
      applies: false,
    },
    {
      rule: 'a replayed seek applies only under full access: it never reaches the non-buyer guard',
      queuedUnder: loading('media'),
      intent: SEEK,
      events: finishLoad(1).slice(1),
      applies: false,
    },
    {
      rule: 'a non-buyer’s pause waiting for the same load under the same access applies',
      queuedUnder: loading('media'),
      intent: PAUSE,
      events: finishLoad(1).slice(1),
      applies: true,
    },
    {
      rule: 'a pause made while both were in flight applies once the adapter came first and the release second',
      queuedUnder: loading('release'),
      intent: PAUSE,
      events: [{ type: 'adapter-created', generation: 1 }, ...wholeLoad(1).filter(notAdapterCreated)],
      applies: true,
    },
    {
      rule: 'a buyer’s seek made after the adapter came first applies once the release came',
      queuedUnder: loading('release', { access: 'full', adapterAttached: true }),
      intent: SEEK,
      events: wholeLoad(1).filter(notAdapterCreated),
      applies: true,
    },
    {
      rule: 'a failed release call drops what waits, though the adapter came first',
      queuedUnder: loading('release', { access: 'full', adapterAttached: true }),
      intent: SEEK,
      events: [
        {
          type: 'release-failed',
          generation: 1,
          error: { code: 'RELEASE_LOAD_FAILED', message: 'HTTP 500' },
        },
      ],
      applies: false,
    },
    {
      rule: 'a failed adapter factory drops what waits while the release call runs',
      queuedUnder: loading('release'),
      intent: PAUSE,
      events: [
        { type: 'adapter-failed', generation: 1, error: { code: 'UNKNOWN', message: 'chunk' } },
        { type: 'release-loaded', generation: 1, release: RELEASE },
      ],
      applies: false,
    },
    {
      rule: 'destroy drops what waits',
      queuedUnder: loading('media'),
      intent: PAUSE,
      events: [{ type: 'destroy' }],
      applies: false,
    },
  ])('$rule', ({ queuedUnder, intent, events, applies }) => {
    const stamp = selectIntentStamp(queuedUnder);
    const now = events.reduce((state, event) => reduce(state, event).state, queuedUnder);
    expect(selectWaitingIntentApplies(now, intent, stamp)).toBe(applies);
  });
});
