import { SEARCH_MIN_LENGTH } from '@kadr/api-contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchHint } from '../../shared/catalogue-types';
import { createQueryClient } from '../../shared/data/query-client';
import { createSearchStore, foundHints, SEARCH_POLL_MS } from './search-store';

const hint = (over: Partial<SearchHint>): SearchHint => ({
  type: 'content',
  id: 12,
  title: 'Тихий дом',
  year: 2023,
  image_url: '/p.svg',
  sticker_image_url: null,
  ...over,
});

/** A store over an API whose searchHint answers are released by hand. */
function setup() {
  vi.useFakeTimers();
  const pending: {
    query: string;
    resolve: (items: SearchHint[]) => void;
    reject: (e: unknown) => void;
    signal?: AbortSignal;
  }[] = [];
  const call = vi.fn(
    (_id: string, input: { body: { search_query: string } }, options?: { signal?: AbortSignal }) =>
      new Promise((resolve, reject) => {
        pending.push({
          query: input.body.search_query,
          resolve: (items) => resolve({ items }),
          reject,
          signal: options?.signal,
        });
      }),
  );
  const store = createSearchStore(createQueryClient(), { call } as never);
  /** Lets promise callbacks run. */
  const flush = () => vi.advanceTimersByTimeAsync(0);
  return { store, call, pending, flush };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search store', () => {
  it('keeps the SPEC constants: 3 characters, 100 ms', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(SEARCH_POLL_MS).toBe(100);
  });

  it('does not search below 3 characters (spaces do not count)', () => {
    const { store, call } = setup();
    store.setQuery('до');
    store.setQuery('  до ');
    expect(call).not.toHaveBeenCalled();
    expect(store.getState()).toEqual({ query: '  до ', status: 'idle', results: [], pending: false });
  });

  it('searches at 3 characters without waiting, sending the trimmed text with no retries', () => {
    const { store, call } = setup();
    store.setQuery(' дом');
    expect(call).toHaveBeenCalledWith(
      'searchHint',
      { body: { search_query: 'дом' } },
      expect.objectContaining({ noRetry: true }),
    );
    expect(store.getState().pending).toBe(true);
  });

  it('keeps what is on screen for 100 ms, then shows the loader', async () => {
    const { store } = setup();
    store.setQuery('дом');
    await vi.advanceTimersByTimeAsync(SEARCH_POLL_MS - 1);
    expect(store.getState().status).toBe('idle');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().status).toBe('loading');
  });

  it('shows content and channel results with their links', async () => {
    const { store, pending, flush } = setup();
    store.setQuery('дом');
    pending[0]!.resolve([hint({}), hint({ type: 'channel', id: 7, title: 'Первый', year: null })]);
    await flush();
    expect(store.getState()).toMatchObject({
      status: 'results',
      pending: false,
      results: [
        { key: 'content-12', kind: 'content', href: '/movie/12/', title: 'Тихий дом', year: 2023 },
        { key: 'channel-7', kind: 'channel', href: '/tv/7', title: 'Первый', year: null },
      ],
    });
  });

  it('reports nothing found when the first item has id 0', async () => {
    const { store, pending, flush } = setup();
    store.setQuery('ъъъ');
    pending[0]!.resolve([hint({ id: 0, title: '' })]);
    await flush();
    expect(store.getState()).toMatchObject({ status: 'empty', results: [] });
  });

  it('lets the latest query win, aborting the earlier request', async () => {
    const { store, pending, flush } = setup();
    store.setQuery('дом');
    store.setQuery('домa');
    expect(pending[0]!.signal?.aborted).toBe(true);
    pending[1]!.resolve([hint({ id: 5, title: 'Дома' })]);
    pending[0]!.resolve([hint({})]);
    await flush();
    expect(store.getState().results.map((r) => r.title)).toEqual(['Дома']);
  });

  it('says the search failed when the call fails', async () => {
    const { store, pending, flush } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    store.setQuery('дом');
    pending[0]!.reject(new Error('network'));
    await flush();
    expect(store.getState()).toMatchObject({ status: 'error', pending: false });
  });

  it('clears the text and results, aborting a pending request', async () => {
    const { store, pending, flush } = setup();
    store.setQuery('дом');
    store.clear();
    expect(pending[0]!.signal?.aborted).toBe(true);
    pending[0]!.resolve([hint({})]);
    await flush();
    expect(store.getState()).toEqual({ query: '', status: 'idle', results: [], pending: false });
  });

  it('goes back to idle when the text gets shorter than 3 characters', async () => {
    const { store, pending, flush } = setup();
    store.setQuery('дом');
    pending[0]!.resolve([hint({})]);
    await flush();
    store.setQuery('до');
    expect(store.getState()).toMatchObject({ status: 'idle', results: [] });
  });
});

describe('foundHints', () => {
  it('keeps content and channel entries and drops anything else', () => {
    const odd = { ...hint({ id: 9 }), type: 'person' } as unknown as SearchHint;
    expect(foundHints([hint({}), odd]).map((h) => h.id)).toEqual([12]);
  });

  it('finds nothing in an empty answer', () => {
    expect(foundHints([])).toEqual([]);
  });
});
