import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A writer whose statements finish when the test says so; records the groups it was given. */
function setup(options: { slots?: number; maxGroup?: number; keysOf?: (item: string) => string[] } = {}) {
  const groups: string[][] = [];
  const pending: Array<{ finish(): void; fail(error: Error): void }> = [];
  const group = new GroupCommit<string, string>(
    (items) => {
      groups.push([...items]);
      return new Promise((resolve, reject) => {
        pending.push({ finish: () => resolve(items.map((i) => i.toUpperCase())), fail: reject });
      });
    },
    { slots: options.slots ?? 1, ...options },
  );
  return { group, groups, pending };
}

describe('GroupCommit', () => {
  it('writes the requests of one event-loop turn together and answers each its own', async () => {
    const { group, groups, pending } = setup();
    const answers = Promise.all(['a', 'b', 'c'].map((i) => group.submit(i)));
    await turn();
    pending[0]?.finish();
    expect(await answers).toEqual(['A', 'B', 'C']);
    expect(groups).toEqual([['a', 'b', 'c']]);
  });

  it('keeps requests that share a key in separate groups, in order', async () => {
    // Cards: a1 and a2 charge card a; b1 charges card b.
    const { group, groups, pending } = setup({ keysOf: (i) => [i[0]!] });
    const answers = Promise.all(['a1', 'b1', 'a2', 'c1'].map((i) => group.submit(i)));
    await turn();
    expect(groups).toEqual([['a1', 'b1', 'c1']]);
    pending[0]?.finish();
    await turn();
    await turn();
    expect(groups).toEqual([['a1', 'b1', 'c1'], ['a2']]);
    pending[1]?.finish();
    expect(await answers).toEqual(['A1', 'B1', 'A2', 'C1']);
  });

  it('never lets a later request overtake an earlier one with the same key', async () => {
    // a2 waits for a1's group; b2 shares nothing with the first group but its key b is held by
    // b1, which waits behind a (b1 writes keys a and b).
    const { group, groups, pending } = setup({ keysOf: (i) => i.split('+') });
    const answers = Promise.all(['a', 'a+b', 'b'].map((i) => group.submit(i)));
    await turn();
    expect(groups).toEqual([['a']]);
    pending[0]?.finish();
    await turn();
    await turn();
    expect(groups[1]).toEqual(['a+b']);
    pending[1]?.finish();
    await turn();
    await turn();
    expect(groups[2]).toEqual(['b']);
    pending[2]?.finish();
    expect(await answers).toEqual(['A', 'A+B', 'B']);
  });

  it('gives every request of a failed group the error, and writes the next group', async () => {
    const { group, pending } = setup({ maxGroup: 2 });
    const first = [group.submit('a'), group.submit('b')];
    const third = group.submit('c');
    await turn();
    pending[0]?.fail(new Error('statement failed'));
    for (const f of first) await expect(f).rejects.toThrow('statement failed');
    await turn();
    await turn();
    pending[1]?.finish();
    expect(await third).toBe('C');
  });
});
