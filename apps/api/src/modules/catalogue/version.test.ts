import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { CatalogueChanges, CatalogueVersion } from './version';

function setup(versions: Array<string | Error>) {
  let ms = 0;
  const clock = { now: () => new Date(ms), advance: (by: number) => (ms += by) };
  const execute = vi.fn(async () => {
    const next = versions.shift();
    if (next instanceof Error) throw next;
    return { rows: next === undefined ? [] : [{ version: next }] };
  });
  const version = new CatalogueVersion({ execute } as unknown as Db, clock, 1000);
  return { clock, execute, version };
}

describe('CatalogueVersion', () => {
  it('reads once per interval and shares a read between concurrent callers', async () => {
    const { clock, execute, version } = setup(['1', '2']);
    expect(await Promise.all([version.current(), version.current()])).toEqual(['1', '1']);
    clock.advance(999);
    expect(await version.current()).toBe('1');
    expect(execute).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(await version.current()).toBe('2');
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('passes a failed read on and reads again at the next call', async () => {
    const { execute, version } = setup([new Error('connection refused'), '7']);
    await expect(version.current()).rejects.toThrow('connection refused');
    expect(await version.current()).toBe('7');
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('reads a missing row as a constant version', async () => {
    const { version } = setup([]);
    expect(await version.current()).toBe('0');
  });
});

describe('CatalogueChanges', () => {
  it('calls back when the version differs from the one seen before, not on the first check', async () => {
    const { clock, version } = setup(['1', '1', '2']);
    const onChange = vi.fn();
    const changes = new CatalogueChanges(version, onChange);
    await changes.check();
    clock.advance(1000);
    await changes.check();
    expect(onChange).not.toHaveBeenCalled();
    clock.advance(1000);
    await changes.check();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
