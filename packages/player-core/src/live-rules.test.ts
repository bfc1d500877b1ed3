import { currentProgramme } from '@kadr/schedule-utils';
import { describe, expect, it } from 'vitest';
import {
  type ChannelEvent,
  type ChannelStateOptions,
  channelRelease,
  initialChannelState,
  type PlayerEffect,
  type PlayerEvent,
  type PlayerLiveSnapshot,
  type PlayerState,
  reduce,
  reduceLive,
  selectChannelSnapshot,
  selectIntentStamp,
  selectLive,
  selectProgrammeOnAir,
  selectWaitingIntentApplies,
  selectWallClock,
  type VideoTimeline,
} from './index.js';

// The live and archive rules (docs/decisions/031) as tables of reduceLive(state, event), like
// reducer.test.ts does for content; channel-controller.test.ts drives them through the runner.

const CHANNEL = { streamId: 7, archiveStart: null };
const OTHER = { streamId: 8, archiveStart: null };
const ARCHIVE = { streamId: 7, archiveStart: '2026-11-25T09:00:00+03:00' };
const STREAM = { stream: { stream_url: 'https://cdn.test/live/7.m3u8' }, drm: null, preview_timer: null };
const RELEASE = channelRelease(STREAM);
const NINE_UTC = Date.parse('2026-11-25T09:00:00Z');
/** Two hours of DVR behind a live edge at 7194 s (2 s segments), dated from program date-time. */
const TIMELINE: VideoTimeline = {
  live: true,
  start: 0,
  end: 7200,
  liveEdge: 7194,
  targetDuration: 2,
  dateAtZero: NINE_UTC,
};
const LOCK_EFFECTS: PlayerEffect[] = [
  { type: 'adapter.pause' },
  { type: 'adapter.setMuted', muted: true },
  { type: 'timer.stop', timer: 'countdown' },
  { type: 'timer.start', timer: 'watchdog', ms: 3_000 },
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A fresh channel controller's state (a buyer of channel 7, live), plus `patch`; frozen. */
function idle(patch: Partial<PlayerState> = {}, options: Partial<ChannelStateOptions> = {}): PlayerState {
  const initial = initialChannelState({ goods: { is_bought: true }, channel: CHANNEL, ...options });
  return deepFreeze({ ...initial, ...patch });
}

/** A buyer watching channel 7 live at the edge (generation 1, adapter attached, timeline read). */
function watching(patch: Partial<PlayerState> = {}, options: Partial<ChannelStateOptions> = {}): PlayerState {
  const channel = options.channel ?? CHANNEL;
  return idle(
    {
      phase: 'playing',
      release: RELEASE,
      adapterAttached: true,
      started: true,
      generation: 1,
      currentTime: 7194,
      lastKnownTime: 7194,
      stream: channel.archiveStart
        ? { kind: 'archive', timeline: null }
        : { kind: 'live', timeline: TIMELINE },
      ...patch,
    },
    options,
  );
}

/** A non-buyer 20 s into the 60 s live preview. */
function previewing(
  patch: Partial<PlayerState> = {},
  options: Partial<ChannelStateOptions> = {},
): PlayerState {
  return watching(
    { access: 'preview', preview: { limit: 60, remaining: 40 }, ...patch },
    { goods: { is_bought: false }, ...options },
  );
}

/** An archived programme of channel 7 playing at 600 s of 3600. */
function archive(patch: Partial<PlayerState> = {}): PlayerState {
  return watching({ currentTime: 600, lastKnownTime: 600, duration: 3600, ...patch }, { channel: ARCHIVE });
}

interface Row {
  rule: string;
  given: PlayerState;
  event: ChannelEvent;
  /** Fields of the next state (toMatchObject); omitted: the state is returned as it was. */
  expected?: Partial<PlayerState>;
  effects?: PlayerEffect[];
}

function check({ given, event, expected, effects = [] }: Row): void {
  const result = reduceLive(given, event);
  if (expected === undefined) expect(result.state).toBe(given);
  else expect(result.state).toMatchObject(expected);
  expect(result.effects).toEqual(effects);
}

describe('reduceLive: loading a channel', () => {
  it.each<Row>([
    {
      rule: 'play fetches the channel’s stream (not a release) beside the adapter',
      given: idle(),
      event: { type: 'play' },
      expected: { phase: 'loading', load: { step: 'release', adapterRequested: true }, generation: 1 },
      effects: [
        { type: 'release.load', generation: 1, episodeId: null, channel: CHANNEL },
        { type: 'adapter.create', generation: 1 },
      ],
    },
    {
      rule: 'an archived programme is fetched with its start',
      given: idle({}, { channel: ARCHIVE }),
      event: { type: 'play' },
      expected: { stream: { kind: 'archive', timeline: null } },
      effects: [
        { type: 'release.load', generation: 1, episodeId: null, channel: ARCHIVE },
        { type: 'adapter.create', generation: 1 },
      ],
    },
    {
      rule: 'a non-buyer’s live preview is 60 s when the stream gives no preview_timer (SPEC §9)',
      given: idle(
        { phase: 'loading', generation: 1, load: { step: 'release', adapterRequested: true } },
        {
          goods: { is_bought: false },
        },
      ),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
      expected: { preview: { limit: 60, remaining: 60 }, load: { step: 'adapter' } },
      effects: [{ type: 'timer.start', timer: 'countdown', ms: 1_000 }],
    },
    {
      rule: 'preview_timer overrides the live default',
      given: idle(
        { phase: 'loading', generation: 1, load: { step: 'release', adapterRequested: true } },
        {
          goods: { is_bought: false },
        },
      ),
      event: { type: 'release-loaded', generation: 1, release: { ...RELEASE, preview_timer: 15 } },
      expected: { preview: { limit: 15, remaining: 15 } },
      effects: [{ type: 'timer.start', timer: 'countdown', ms: 1_000 }],
    },
    {
      rule: 'live has no fixed duration: the engine’s growing one is not taken',
      given: watching({ phase: 'loading', started: false, load: { step: 'media' } }),
      event: { type: 'media-loaded', generation: 1, currentTime: 7194, duration: 7200, qualities: [] },
      expected: { duration: 0, currentTime: 7194, load: { step: 'start' } },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: 'a time update on live keeps the duration at 0',
      given: watching(),
      event: { type: 'time-updated', currentTime: 7195, duration: 7202 },
      expected: { currentTime: 7195, duration: 0 },
    },
    {
      rule: 'an archived programme has its duration, like VOD',
      given: archive({ duration: 0 }),
      event: { type: 'time-updated', currentTime: 601, duration: 3600 },
      expected: { currentTime: 601, duration: 3600 },
    },
    {
      rule: 'a renewal fetches the channel’s stream again (docs/decisions/022)',
      given: watching({ release: { ...RELEASE, expires_in: 300 } }),
      event: { type: 'renewal-tick' },
      effects: [{ type: 'release.renew', generation: 1, episodeId: null, channel: CHANNEL }],
    },
  ])('$rule', check);

  it('the state of a channel controller: the channel, a live stream, the given stream as a release', () => {
    expect(
      initialChannelState({ goods: { is_bought: false }, channel: { streamId: 7 }, release: STREAM }),
    ).toMatchObject({
      channel: CHANNEL,
      stream: { kind: 'live', timeline: null },
      setup: { contentKind: 'live' },
      access: 'preview',
      givenRelease: { content_url: 'https://cdn.test/live/7.m3u8', drm: null, preview_timer: null },
    });
    expect(channelRelease({ ...STREAM, expires_in: 300 })).toEqual({ ...RELEASE, expires_in: 300 });
  });
});

describe('reduceLive: the timeline (DVR window, live edge, program date-time)', () => {
  it.each<Row>([
    {
      rule: 'the adapter’s timeline is kept, with the position read beside it',
      given: watching({ stream: { kind: 'live', timeline: null } }),
      event: { type: 'timeline-updated', timeline: TIMELINE, currentTime: 7195 },
      expected: { stream: { kind: 'live', timeline: TIMELINE }, currentTime: 7195 },
    },
    {
      rule: 'the position read with the timeline decides, not an older time update (hls.js jumped to the edge)',
      given: watching({ currentTime: 0, lastKnownTime: 0, stream: { kind: 'live', timeline: null } }),
      event: { type: 'timeline-updated', timeline: { ...TIMELINE, start: 50 }, currentTime: 7194 },
      expected: { currentTime: 7194 },
    },
    {
      rule: 'paused so long the window slid past the playhead: on to the oldest point kept (a segment in)',
      given: watching({ phase: 'paused', currentTime: 40, lastKnownTime: 40 }),
      event: {
        type: 'timeline-updated',
        timeline: { ...TIMELINE, start: 50, end: 7250, liveEdge: 7244 },
        currentTime: 40,
      },
      expected: { currentTime: 52, lastKnownTime: 52, phase: 'paused' },
      effects: [{ type: 'adapter.seek', seconds: 52 }],
    },
    {
      rule: 'a playhead inside the window stays where it is',
      given: watching({ phase: 'paused', currentTime: 60 }),
      event: { type: 'timeline-updated', timeline: { ...TIMELINE, start: 50 }, currentTime: 60 },
      expected: { currentTime: 60, stream: { kind: 'live', timeline: { ...TIMELINE, start: 50 } } },
    },
    {
      rule: 'while a switch fetches the new stream, the kept adapter’s timeline is the old channel’s: ignored',
      given: watching({
        phase: 'loading',
        load: { step: 'release', adapterRequested: false },
        stream: { kind: 'live', timeline: null },
      }),
      event: { type: 'timeline-updated', timeline: TIMELINE, currentTime: 12 },
    },
    {
      rule: 'a new load forgets the previous source’s timeline',
      given: watching(),
      event: { type: 'reload' },
      expected: { generation: 2, stream: { kind: 'live', timeline: null }, adapterAttached: false },
      effects: [
        { type: 'adapter.destroy' },
        { type: 'release.load', generation: 2, episodeId: null, channel: CHANNEL },
        { type: 'adapter.create', generation: 2 },
      ],
    },
  ])('$rule', check);

  it('the content rules ignore a live intent or fact that reached them (RunnerSetup.reduce)', () => {
    const content = deepFreeze({ ...watching(), channel: null, stream: { kind: 'vod' as const } });
    const events: ChannelEvent[] = [
      { type: 'timeline-updated', timeline: TIMELINE, currentTime: 0 },
      { type: 'go-live' },
      { type: 'switch-channel', channel: OTHER, isBought: true },
    ];
    for (const event of events) {
      expect(reduce(content, event as unknown as PlayerEvent)).toEqual({ state: content, effects: [] });
      expect(reduceLive(content, event).state).toBe(content);
    }
  });
});

describe('reduceLive: «В эфир», pause and seeks in the DVR window', () => {
  it.each<Row>([
    {
      rule: '«В эфир» behind live seeks to the live edge',
      given: watching({ currentTime: 3000 }),
      event: { type: 'go-live' },
      expected: { currentTime: 7194, lastKnownTime: 7194, phase: 'playing' },
      effects: [{ type: 'adapter.seek', seconds: 7194 }],
    },
    {
      rule: '«В эфир» when paused behind live seeks to the edge and plays',
      given: watching({ phase: 'paused', currentTime: 3000 }),
      event: { type: 'go-live' },
      expected: { currentTime: 7194 },
      effects: [
        { type: 'adapter.seek', seconds: 7194 },
        { type: 'adapter.play', generation: 1 },
      ],
    },
    {
      rule: '«В эфир» paused at the edge only resumes',
      given: watching({ phase: 'paused' }),
      event: { type: 'go-live' },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: '«В эфир» playing at the edge does nothing',
      given: watching({ currentTime: 7190 }),
      event: { type: 'go-live' },
    },
    {
      rule: '«В эфир» with nothing playing starts the channel (a live load starts at the edge)',
      given: idle(),
      event: { type: 'go-live' },
      expected: { phase: 'loading', generation: 1 },
      effects: [
        { type: 'release.load', generation: 1, episodeId: null, channel: CHANNEL },
        { type: 'adapter.create', generation: 1 },
      ],
    },
    {
      rule: '«В эфир» under the final block does nothing',
      given: previewing({ access: 'locked', phase: 'paused', muted: true, currentTime: 3000 }),
      event: { type: 'go-live' },
    },
    {
      rule: '«В эфир» from an archived programme plays the channel’s broadcast in the same player',
      given: archive(),
      event: { type: 'go-live' },
      expected: {
        channel: CHANNEL,
        stream: { kind: 'live', timeline: null },
        adapterAttached: true,
        phase: 'loading',
        generation: 2,
        load: { step: 'release', adapterRequested: false },
      },
      effects: [
        { type: 'adapter.pause' },
        { type: 'release.load', generation: 2, episodeId: null, channel: CHANNEL },
      ],
    },
    {
      rule: 'pause on live is allowed (resume then falls behind live)',
      given: watching(),
      event: { type: 'pause' },
      expected: { phase: 'paused' },
      effects: [{ type: 'adapter.pause' }],
    },
    {
      rule: 'play after a pause resumes where it stopped, behind live',
      given: watching({ phase: 'paused', currentTime: 7000 }),
      event: { type: 'play' },
      effects: [{ type: 'adapter.play', generation: 1 }],
    },
    {
      rule: 'a buyer’s seek before the window is clamped to its start',
      given: watching({ stream: { kind: 'live', timeline: { ...TIMELINE, start: 300 } } }),
      event: { type: 'seek-to', seconds: 10 },
      expected: { currentTime: 300 },
      effects: [{ type: 'adapter.seek', seconds: 300 }],
    },
    {
      rule: 'a buyer’s seek past the live edge goes to the edge',
      given: watching({ currentTime: 7000 }),
      event: { type: 'seek-by', deltaSeconds: 600 },
      expected: { currentTime: 7194 },
      effects: [{ type: 'adapter.seek', seconds: 7194 }],
    },
    {
      rule: '← on live steps 10 s back inside the window',
      given: watching(),
      event: { type: 'seek-by', deltaSeconds: -10 },
      expected: { currentTime: 7184 },
      effects: [{ type: 'adapter.seek', seconds: 7184 }],
    },
    {
      rule: 'a buyer’s seek before the window is known is refused',
      given: watching({ stream: { kind: 'live', timeline: null } }),
      event: { type: 'seek-to', seconds: 100 },
    },
    {
      rule: 'a non-buyer’s seek on live brings the final block (SPEC §4)',
      given: previewing(),
      event: { type: 'seek-by', deltaSeconds: -10 },
      expected: { access: 'locked', phase: 'paused', muted: true },
      effects: [
        { type: 'adapter.pause' },
        { type: 'adapter.setMuted', muted: true },
        { type: 'adapter.exitFullscreen' },
        { type: 'timer.stop', timer: 'countdown' },
        { type: 'timer.start', timer: 'watchdog', ms: 3_000 },
      ],
    },
    {
      rule: 'an archived programme seeks like VOD: within its duration',
      given: archive(),
      event: { type: 'seek-to', seconds: 9000 },
      expected: { currentTime: 3600 },
      effects: [{ type: 'adapter.seek', seconds: 3600 }],
    },
    {
      rule: 'the engine’s own jump to the live edge is not a non-buyer’s seek',
      given: previewing({ currentTime: 3000, lastKnownTime: 3000 }),
      event: { type: 'seeking', currentTime: 7194 },
    },
  ])('$rule', check);
});

describe('reduceLive: the end of a stream and the channel preview', () => {
  it.each<Row>([
    {
      rule: 'a non-buyer’s live stream that ends was cut by the server at the preview: the final block',
      given: previewing(),
      event: { type: 'ended', currentTime: 7194, duration: 7194 },
      expected: { access: 'locked', preview: { limit: 60, remaining: 0 }, phase: 'paused', muted: true },
      effects: LOCK_EFFECTS,
    },
    {
      rule: 'a buyer’s live stream that ends: the broadcast stopped',
      given: watching(),
      event: { type: 'ended', currentTime: 7194, duration: 7194 },
      expected: { phase: 'ended', access: 'full' },
    },
    {
      rule: 'an archived programme that ends has ended (no next episode)',
      given: archive(),
      event: { type: 'ended', currentTime: 3600, duration: 3600 },
      expected: { phase: 'ended' },
    },
    {
      rule: 'the preview counts watched seconds',
      given: previewing(),
      event: { type: 'countdown-tick' },
      expected: { preview: { limit: 60, remaining: 39 } },
    },
    {
      rule: 'a paused live preview keeps its seconds',
      given: previewing({ phase: 'paused' }),
      event: { type: 'countdown-tick' },
    },
    {
      rule: 'at zero: paused, muted, the final block, as for VOD',
      given: previewing({ preview: { limit: 60, remaining: 1 } }),
      event: { type: 'countdown-tick' },
      expected: { access: 'locked', preview: { limit: 60, remaining: 0 }, phase: 'paused', muted: true },
      effects: LOCK_EFFECTS,
    },
  ])('$rule', check);
});

describe('reduceLive: switching channels in place', () => {
  it.each<Row>([
    {
      rule: 'another channel keeps the adapter: the picture pauses and the new stream is fetched',
      given: watching({ rate: 1.5, pictureInPicture: true }),
      event: { type: 'switch-channel', channel: OTHER, isBought: true },
      expected: {
        channel: OTHER,
        stream: { kind: 'live', timeline: null },
        adapterAttached: true,
        pictureInPicture: true,
        rate: 1,
        phase: 'loading',
        started: false,
        generation: 2,
        release: null,
        currentTime: 0,
        load: { step: 'release', adapterRequested: false },
      },
      effects: [
        { type: 'adapter.pause' },
        { type: 'release.load', generation: 2, episodeId: null, channel: OTHER },
      ],
    },
    {
      rule: 'the new stream goes to the kept adapter',
      given: watching({
        channel: OTHER,
        phase: 'loading',
        generation: 2,
        release: null,
        load: { step: 'release', adapterRequested: false },
      }),
      event: {
        type: 'release-loaded',
        generation: 2,
        release: { ...RELEASE, content_url: 'https://cdn.test/live/8.m3u8' },
      },
      expected: { load: { step: 'media' } },
      effects: [
        { type: 'adapter.load', generation: 2, source: { url: 'https://cdn.test/live/8.m3u8', drm: null } },
      ],
    },
    {
      rule: 'a late answer for the previous channel is ignored',
      given: watching({
        channel: OTHER,
        phase: 'loading',
        generation: 2,
        release: null,
        load: { step: 'release', adapterRequested: false },
      }),
      event: { type: 'release-loaded', generation: 1, release: RELEASE },
    },
    {
      rule: 'another channel starts its own preview (its package): the old one is forgotten',
      given: previewing(),
      event: { type: 'switch-channel', channel: OTHER, isBought: false },
      expected: { access: 'preview', preview: null, channel: OTHER },
      effects: [
        { type: 'adapter.pause' },
        { type: 'release.load', generation: 2, episodeId: null, channel: OTHER },
        { type: 'timer.stop', timer: 'countdown' },
      ],
    },
    {
      rule: 'live and archive of one channel share the preview left',
      given: previewing(),
      event: { type: 'switch-channel', channel: ARCHIVE, isBought: false },
      expected: {
        preview: { limit: 60, remaining: 40 },
        channel: ARCHIVE,
        stream: { kind: 'archive', timeline: null },
      },
      effects: [
        { type: 'adapter.pause' },
        { type: 'release.load', generation: 2, episodeId: null, channel: ARCHIVE },
      ],
    },
    {
      rule: 'a spent preview stays spent on the same channel’s archive',
      given: previewing({
        access: 'locked',
        preview: { limit: 60, remaining: 0 },
        phase: 'paused',
        muted: true,
      }),
      event: { type: 'switch-channel', channel: ARCHIVE, isBought: false },
      expected: { access: 'locked', muted: true, channel: ARCHIVE },
      effects: [
        { type: 'adapter.pause' },
        { type: 'release.load', generation: 2, episodeId: null, channel: ARCHIVE },
      ],
    },
    {
      rule: 'from a spent preview to a bought channel: full access, sound back',
      given: previewing({
        access: 'locked',
        preview: { limit: 60, remaining: 0 },
        phase: 'paused',
        muted: true,
      }),
      event: { type: 'switch-channel', channel: OTHER, isBought: true },
      expected: { access: 'full', preview: null, muted: false, channel: OTHER },
      effects: [
        { type: 'adapter.pause' },
        { type: 'release.load', generation: 2, episodeId: null, channel: OTHER },
        { type: 'timer.stop', timer: 'watchdog' },
      ],
    },
    {
      rule: 'before the first play there is no adapter to keep: a normal load (a generation on, see below)',
      given: idle(),
      event: { type: 'switch-channel', channel: OTHER, isBought: true },
      expected: { channel: OTHER, phase: 'loading', generation: 2 },
      effects: [
        { type: 'release.load', generation: 2, episodeId: null, channel: OTHER },
        { type: 'adapter.create', generation: 2 },
      ],
    },
  ])('$rule', check);

  it('a switch drops intents waiting for the previous channel’s load', () => {
    const before = idle({ access: 'full' });
    const stamp = selectIntentStamp(before);
    const seek = { type: 'seek-to', seconds: 30 } as const;
    expect(selectWaitingIntentApplies(before, seek, stamp)).toBe(true);
    const after = reduceLive(before, { type: 'switch-channel', channel: OTHER, isBought: true }).state;
    expect(selectWaitingIntentApplies(after, seek, stamp)).toBe(false);
  });
});

describe('selectLive', () => {
  it('live: the window to the live edge, at the edge within 3 target durations, dates from program date-time', () => {
    expect(selectLive(watching({ currentTime: 7189 }))).toEqual<PlayerLiveSnapshot>({
      kind: 'live',
      channel: CHANNEL,
      windowStart: 0,
      windowEnd: 7194,
      atLiveEdge: true,
      canGoLive: false,
      playheadDate: NINE_UTC + 7189_000,
      windowStartDate: NINE_UTC,
      windowEndDate: NINE_UTC + 7194_000,
    });
    expect(selectLive(watching({ currentTime: 7187 }))).toMatchObject({ atLiveEdge: false, canGoLive: true });
  });

  it('live before the playlist was read: nothing known, nothing to go back to', () => {
    expect(selectLive(idle())).toEqual<PlayerLiveSnapshot>({
      kind: 'live',
      channel: CHANNEL,
      windowStart: null,
      windowEnd: null,
      atLiveEdge: false,
      canGoLive: false,
      playheadDate: null,
      windowStartDate: null,
      windowEndDate: null,
    });
  });

  it('a playlist without program date-time has a window but no dates', () => {
    expect(
      selectLive(watching({ stream: { kind: 'live', timeline: { ...TIMELINE, dateAtZero: null } } })),
    ).toMatchObject({
      windowStart: 0,
      playheadDate: null,
      windowStartDate: null,
    });
  });

  it('an archived programme: 0 to its duration, dated from its start without program date-time', () => {
    const start = Date.parse(ARCHIVE.archiveStart);
    expect(selectLive(archive())).toEqual<PlayerLiveSnapshot>({
      kind: 'archive',
      channel: ARCHIVE,
      windowStart: 0,
      windowEnd: 3600,
      atLiveEdge: false,
      canGoLive: true,
      playheadDate: start + 600_000,
      windowStartDate: start,
      windowEndDate: start + 3_600_000,
    });
    const dated = archive({
      stream: {
        kind: 'archive',
        timeline: { ...TIMELINE, live: false, liveEdge: null, dateAtZero: start - 5_000 },
      },
    });
    expect(selectLive(dated)?.playheadDate).toBe(start + 595_000);
  });

  it('no «В эфир» under a paywall', () => {
    const behind = { currentTime: 3000 };
    expect(selectLive(previewing({ ...behind, access: 'locked' }))?.canGoLive).toBe(false);
    expect(selectLive(previewing({ ...behind, installPaywall: true }))?.canGoLive).toBe(false);
    expect(selectLive(previewing(behind))?.canGoLive).toBe(true);
  });

  it('content has none; a channel snapshot is the player’s plus live', () => {
    expect(selectLive(deepFreeze({ ...idle(), stream: { kind: 'vod' as const } }))).toBeNull();
    expect(selectChannelSnapshot(watching())).toMatchObject({
      phase: 'playing',
      duration: 0,
      live: { atLiveEdge: true },
    });
  });
});

describe('the programme on air', () => {
  const at = (time: string) => `2026-11-25T${time}:00Z`;
  const SCHEDULE = [
    { tv_air_date_start: at('10:00'), tv_air_date_end: at('11:00'), EK_title: 'Новости' },
    { tv_air_date_start: at('09:00'), tv_air_date_end: at('10:00'), EK_title: 'Утро' },
    { tv_air_date_start: at('11:00'), tv_air_date_end: at('12:00'), EK_title: 'Кино' },
  ];
  const live = (playheadDate: number | null, kind: 'live' | 'archive' = 'live') =>
    ({ ...selectLive(watching()), kind, playheadDate }) as PlayerLiveSnapshot;
  const NOW = Date.parse(at('11:30'));

  it.each([
    ['the playhead’s date picks the programme, not the clock', live(Date.parse(at('09:30'))), 'Утро'],
    ['it moves on by itself as the playhead does', live(Date.parse(at('10:00')) + 1), 'Новости'],
    [
      'two that touch: the earlier (SPEC §4: start not after, end not before)',
      live(Date.parse(at('10:00'))),
      'Утро',
    ],
    ['live before program date-time is known: now', live(null), 'Кино'],
    ['outside the schedule: none', live(Date.parse(at('13:00'))), null],
    ['an archive of unknown date: none', live(null, 'archive'), null],
    ['content: none', null, null],
  ])('%s', (_rule, liveSnapshot, title) => {
    expect(selectProgrammeOnAir(liveSnapshot, SCHEDULE, NOW)?.EK_title ?? null).toBe(title);
  });

  it('agrees with @kadr/schedule-utils’ currentProgramme at every minute of the day and its edges', () => {
    for (let minute = 8 * 60; minute <= 13 * 60; minute += 1) {
      for (const offset of [-1, 0, 1]) {
        const time = Date.parse(at('00:00')) + minute * 60_000 + offset;
        expect(selectProgrammeOnAir(live(time), SCHEDULE, NOW)).toBe(
          currentProgramme(SCHEDULE, time) ?? null,
        );
      }
    }
    expect(selectWallClock(live(null), NOW)).toBe(NOW);
  });
});
