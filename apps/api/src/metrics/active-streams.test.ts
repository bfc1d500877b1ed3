import { describe, expect, it } from 'vitest';
import { ActiveStreams } from './active-streams';

function setup(windowMs = 60_000) {
  const clock = { ms: 1_000_000 };
  const streams = new ActiveStreams(windowMs, () => clock.ms);
  return { streams, clock };
}

describe('ActiveStreams', () => {
  it('counts each playback once, however many playlists and keys it fetches', () => {
    const { streams } = setup();
    for (let i = 0; i < 50; i++) streams.touch('session-a:1:0');
    streams.touch('session-b:1:0');
    streams.touch('session-a:2:0');
    expect(streams.count()).toBe(3);
  });

  it('forgets a playback not seen for the window, and keeps one that is still fetching', () => {
    const { streams, clock } = setup(60_000);
    streams.touch('paused');
    streams.touch('playing');
    clock.ms += 40_000;
    streams.touch('playing');
    clock.ms += 20_000;
    expect(streams.count()).toBe(1);
    clock.ms += 60_000;
    expect(streams.count()).toBe(0);
  });

  it('expires old playbacks as new ones arrive, so memory stays bounded without scrapes', () => {
    const { streams, clock } = setup(1000);
    for (let i = 0; i < 10_000; i++) {
      streams.touch(`s${i}`);
      clock.ms += 10;
    }
    // Counted 10 ms after the last touch: those of the last 990 ms, one per 10 ms.
    expect(streams.count()).toBe(99);
  });
});
