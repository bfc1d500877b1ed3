import { describe, expect, it, vi } from 'vitest';
import { CandidateIndex } from './candidate-index';
import { BUILD_RETRY_MS, LiveIndex } from './live-index';

/** A build the test finishes by hand. */
function controlledBuilds() {
  const pending: Array<{ resolve: (index: CandidateIndex) => void; reject: (error: unknown) => void }> = [];
  const build = vi.fn(
    () =>
      new Promise<CandidateIndex>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const finish = async (i = pending.length - 1) => {
    const index = new CandidateIndex([]);
    pending[i]?.resolve(index);
    await new Promise((r) => setImmediate(r));
    return index;
  };
  const fail = async (i = pending.length - 1) => {
    pending[i]?.reject(new Error('database down'));
    await new Promise((r) => setImmediate(r));
  };
  return { build, finish, fail };
}

function clockAt(start = Date.parse('2026-11-22T06:00:00Z')) {
  let ms = start;
  return { clock: { now: () => new Date(ms) }, advance: (by: number) => (ms += by) };
}

describe('LiveIndex', () => {
  it('answers null while the first build runs, then the built index', async () => {
    const { build, finish } = controlledBuilds();
    const live = new LiveIndex(build, clockAt().clock);
    expect(live.get('1')).toBeNull();
    expect(live.get('1')).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);
    const index = await finish();
    expect(live.get('1')).toBe(index);
  });

  it('drops the index of an older version at once and builds the new one', async () => {
    const { build, finish } = controlledBuilds();
    const live = new LiveIndex(build, clockAt().clock);
    live.get('1');
    await finish();
    expect(live.get('2')).toBeNull();
    expect(build).toHaveBeenCalledTimes(2);
    const second = await finish();
    expect(live.get('2')).toBe(second);
  });

  it('throws away a build started before clear()', async () => {
    const { build, finish } = controlledBuilds();
    const live = new LiveIndex(build, clockAt().clock);
    live.get('1');
    live.clear();
    expect(live.get('1')).toBeNull();
    expect(build).toHaveBeenCalledTimes(2);
    await finish(0);
    expect(live.get('1')).toBeNull();
    const fresh = await finish(1);
    expect(live.get('1')).toBe(fresh);
  });

  it('reports a failed build and tries again only after BUILD_RETRY_MS', async () => {
    const { build, fail, finish } = controlledBuilds();
    const { clock, advance } = clockAt();
    const onError = vi.fn();
    const live = new LiveIndex(build, clock, onError);
    live.get('1');
    await fail();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }));
    expect(live.get('1')).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);
    advance(BUILD_RETRY_MS);
    expect(live.get('1')).toBeNull();
    expect(build).toHaveBeenCalledTimes(2);
    const index = await finish();
    expect(live.get('1')).toBe(index);
  });

  it('ready() waits for the build of the version asked for', async () => {
    const built = new CandidateIndex([]);
    const live = new LiveIndex(async () => built, clockAt().clock);
    await expect(live.ready('7')).resolves.toBe(built);
    expect(live.get('7')).toBe(built);
  });

  it('ready() rejects when the build fails', async () => {
    const live = new LiveIndex(() => Promise.reject(new Error('database down')), clockAt().clock);
    await expect(live.ready('1')).rejects.toThrow('database down');
  });
});
