import { describe, expect, it } from 'vitest';
import {
  getContinueWatching,
  getTitlesProgress,
  getTitleViewing,
  removeWatchHistory,
  routes,
  saveWatchProgress,
  viewingCalls,
  WATCH_SECONDS_MAX,
  watchEntry,
} from '../index.js';

const PLAYBACK = '0b4f3c2a-9d8e-4f6a-8b1c-2d3e4f5a6b7c';
const report = { position: 40, duration: 5400, playback_id: PLAYBACK, seq: 3 };

/** The paths zod names for a body's problems. */
function problems(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('viewing calls (Kadr extension, decision 055)', () => {
  it('are session calls under /v1/agregator/, never retried-unsafe (each is idempotent)', () => {
    for (const call of Object.values(viewingCalls)) {
      expect(call.auth, call.id).toBe('session');
      expect(call.method, call.id).toBe('POST');
      expect(call.path, call.id).toBe(`/v1/agregator/${call.id}`);
      expect(routes[call.id], call.id).not.toHaveProperty('noRetry');
    }
  });

  it('takes a report of a film, an episode or an archive programme', () => {
    expect(saveWatchProgress.body.parse({ EK_id: 1, ...report })).toEqual({ EK_id: 1, ...report });
    expect(saveWatchProgress.body.safeParse({ EK_id: 2, EP_id: 7, ...report }).success).toBe(true);
    expect(
      saveWatchProgress.body.safeParse({ stream_id: 3, archive_start: '2030-01-15T09:00:00Z', ...report })
        .success,
    ).toBe(true);
  });

  it('refuses a report naming nothing, both forms, half a programme or an episode without its title', () => {
    expect(problems(saveWatchProgress.body, report)).toEqual(['EK_id']);
    expect(
      problems(saveWatchProgress.body, {
        EK_id: 1,
        stream_id: 3,
        archive_start: '2030-01-15T09:00:00Z',
        ...report,
      }),
    ).toEqual(['stream_id']);
    expect(problems(saveWatchProgress.body, { stream_id: 3, ...report })).toEqual(['archive_start']);
    expect(
      problems(saveWatchProgress.body, { EK_id: 1, archive_start: '2030-01-15T09:00:00Z', ...report }),
    ).toEqual(['archive_start']);
    expect(problems(saveWatchProgress.body, { EP_id: 7, ...report })).toContain('EP_id');
  });

  it('refuses malformed positions, durations, playback ids and sequence numbers', () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ position: -1 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ position: '40' }, 'position'],
      [{ position: WATCH_SECONDS_MAX + 1, duration: WATCH_SECONDS_MAX }, 'position'],
      [{ duration: 0 }, 'duration'],
      [{ duration: WATCH_SECONDS_MAX + 1 }, 'duration'],
      [{ playback_id: 'not-a-uuid' }, 'playback_id'],
      [{ seq: -1 }, 'seq'],
      [{ seq: 2 ** 31 }, 'seq'],
    ];
    for (const [change, path] of bad)
      expect(problems(saveWatchProgress.body, { EK_id: 1, ...report, ...change }), path).toContain(path);
    expect(problems(saveWatchProgress.body, { EK_id: 1 })).toEqual(
      expect.arrayContaining(['position', 'duration', 'playback_id', 'seq']),
    );
  });

  it('asks the title page state of a title or a programme, never of one episode', () => {
    expect(getTitleViewing.body.safeParse({ EK_id: 2 }).success).toBe(true);
    expect(
      getTitleViewing.body.safeParse({ stream_id: 3, archive_start: '2030-01-15T09:00:00+03:00' }).success,
    ).toBe(true);
    expect(problems(getTitleViewing.body, { EK_id: 2, EP_id: 7 })).toEqual(['EP_id']);
    // History entries are episodes: removing one names it.
    expect(removeWatchHistory.body.safeParse({ EK_id: 2, EP_id: 7 }).success).toBe(true);
  });

  it('asks the progress of 1 to 100 titles at once', () => {
    expect(getTitlesProgress.body.safeParse({ EK_ids: [1, 2] }).success).toBe(true);
    expect(getTitlesProgress.body.safeParse({ EK_ids: [] }).success).toBe(false);
    expect(
      getTitlesProgress.body.safeParse({ EK_ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success,
    ).toBe(false);
    expect(getTitlesProgress.body.safeParse({ EK_ids: [0] }).success).toBe(false);
  });

  it('pages lists from 0 with a bounded limit, the body optional', () => {
    expect(getContinueWatching.body.parse(undefined)).toBeUndefined();
    expect(getContinueWatching.body.parse({})).toEqual({ page_number: 0, limit: 20 });
    expect(getContinueWatching.body.safeParse({ limit: 51 }).success).toBe(false);
    expect(getContinueWatching.body.safeParse({ page_number: -1 }).success).toBe(false);
  });

  it('describes an entry with its card or programme and a progress fraction within 0–1', () => {
    const progress = {
      position: 60,
      duration: 120,
      fraction: 0.5,
      watched: false,
      updated_at: '2030-01-15T10:00:00.000Z',
    };
    const programme = {
      stream_id: 3,
      chan_name: 'Кадр Новости',
      chan_logo_url: '/media/images/logo.png',
      archive_start: '2030-01-15T09:00:00.000Z',
      title: 'Утро',
      poster_url: null,
    };
    expect(
      watchEntry.safeParse({ kind: 'programme', card: null, episode: null, programme, progress }).success,
    ).toBe(true);
    expect(
      watchEntry.safeParse({
        kind: 'programme',
        card: null,
        episode: null,
        programme,
        progress: { ...progress, fraction: 1.2 },
      }).success,
    ).toBe(false);
  });
});
