import { createMemoryStorage } from '@kadr/auth-session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  createChunkRecovery,
  isChunkLoadError,
} from './chunk-recovery';

/** A page: its session storage survives the reloads; each `visit()` is the page after a reload. */
function setup() {
  const storage = createMemoryStorage();
  const reload = vi.fn();
  const visit = () => createChunkRecovery({ storage, reload });
  const failed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js'));
  const settled = (promise: Promise<unknown>) => {
    let state = 'pending';
    promise.then(
      () => (state = 'resolved'),
      () => (state = 'rejected'),
    );
    return async () => {
      await vi.advanceTimersByTimeAsync(0);
      return state;
    };
  };
  return { storage, reload, visit, failed, settled };
}

function preloadError(message: string) {
  return Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new Error(message) });
}

describe('createChunkRecovery', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes a loaded chunk through', async () => {
    const { visit, reload } = setup();
    await expect(visit().load('home', async () => 'Home')).resolves.toBe('Home');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk fails, and keeps the screen waiting meanwhile', async () => {
    vi.useFakeTimers();
    const { visit, reload, failed, settled } = setup();
    const page = visit();
    const state = settled(page.load('home', failed));
    expect(await state()).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(page.reloading()).toBe(true);
  });

  it('fails with a ChunkLoadError when the chunk fails again after its reload', async () => {
    vi.useFakeTimers();
    const { visit, reload, failed } = setup();
    void visit().load('home', failed);
    await vi.advanceTimersByTimeAsync(0);
    const error = await visit()
      .load('home', failed)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ target: 'home' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('guards each target on its own', async () => {
    vi.useFakeTimers();
    const { visit, reload, failed } = setup();
    void visit().load('home', failed);
    await vi.advanceTimersByTimeAsync(0);
    void visit().load('tv', failed);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('lets a target that loaded reload again after a later release', async () => {
    vi.useFakeTimers();
    const { visit, reload, failed } = setup();
    void visit().load('home', failed);
    await vi.advanceTimersByTimeAsync(0);
    await visit().load('home', async () => 'Home');
    void visit().load('home', failed);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('counts a chunk not settled in 120 s as failed (SPEC §9)', async () => {
    vi.useFakeTimers();
    const { visit, reload } = setup();
    void visit().load('home', () => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once on vite:preloadError outside a screen load, then lets the error through', () => {
    const { visit, reload } = setup();
    const first = preloadError('Unable to preload CSS for /promo/web/assets/login-1.css');
    visit().handlePreloadError(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const again = preloadError('Unable to preload CSS for /promo/web/assets/login-1.css');
    visit().handlePreloadError(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);
  });

  it('leaves vite:preloadError during a screen load to that load (one reload, not two)', async () => {
    vi.useFakeTimers();
    const { visit, reload } = setup();
    const page = visit();
    const event = preloadError('Failed to fetch dynamically imported module: /promo/web/assets/home-1.js');
    void page.load('home', () => {
      page.handlePreloadError(event);
      return Promise.reject(event.payload);
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(event.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('listens to vite:preloadError on the window until unsubscribed', () => {
    const { visit, reload } = setup();
    const stop = visit().listen(window);
    window.dispatchEvent(preloadError('Unable to preload CSS for /a.css'));
    stop();
    window.dispatchEvent(preloadError('Unable to preload CSS for /b.css'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new ChunkLoadError('home'),
    new TypeError('Failed to fetch dynamically imported module: https://kadr.example/a.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://kadr.example/a.js'),
    new Error('Unable to preload CSS for /a.css'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('does not take a screen that threw for a chunk failure', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'EK_title')"))).toBe(
      false,
    );
  });
});
