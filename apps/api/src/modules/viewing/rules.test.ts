import { describe, expect, it } from 'vitest';
import { withinCatalogue } from './queries';
import { isWatched, refOf } from './service';

describe('viewing rules (docs/decisions/055)', () => {
  it('counts a title watched from 95 % of its duration on', () => {
    expect(isWatched(5129, 5400)).toBe(false);
    expect(isWatched(5130, 5400)).toBe(true);
    expect(isWatched(5400, 5400)).toBe(true);
    expect(isWatched(0, 1)).toBe(false);
    expect(isWatched(1, 1)).toBe(true);
  });

  it('allows the media 1 % (at least 10 s) beyond the catalogue’s duration, any duration when it is unknown', () => {
    expect(withinCatalogue(5454, 5400)).toBe(true);
    expect(withinCatalogue(5455, 5400)).toBe(false);
    expect(withinCatalogue(610, 600)).toBe(true);
    expect(withinCatalogue(611, 600)).toBe(false);
    expect(withinCatalogue(86_400, null)).toBe(true);
  });

  it('keys a film, an episode and an archive programme apart (the row key of each)', () => {
    expect(refOf({ EK_id: 7 })).toEqual({ kind: 'film', item: 'f7', contentId: 7 });
    expect(refOf({ EK_id: 7, EP_id: 70 })).toEqual({
      kind: 'episode',
      item: 'e70',
      contentId: 7,
      episodeId: 70,
    });
    // The same moment written two ways is one programme.
    const utc = refOf({ stream_id: 3, archive_start: '2030-01-15T09:00:00Z' });
    const moscow = refOf({ stream_id: 3, archive_start: '2030-01-15T12:00+03:00' });
    expect(utc).toEqual({
      kind: 'programme',
      item: 'p3@1894698000',
      channelId: 3,
      start: new Date('2030-01-15T09:00:00Z'),
    });
    expect(moscow).toEqual(utc);
  });
});
