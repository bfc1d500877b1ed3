import { describe, expect, it } from 'vitest';
import { AnonymousProfileBatcher, type AnonymousProfileWriter } from './anonymous-batcher';

const clock = { now: () => new Date('2030-01-15T10:00:00Z') };
const request = (n: number): string => `web_device${n}`;
/** The profile the fake writer gives a device: its number plus 100. */
const profileOf = (deviceUid: string): number => Number(deviceUid.replace('web_device', '')) + 100;

/** A writer whose statements finish when the test says so; records the groups it was given. */
function setup(slots = 1, maxGroup = 128) {
  const groups: string[][] = [];
  const pending: Array<{ finish(): void; fail(error: Error): void }> = [];
  const write: AnonymousProfileWriter = (deviceUids) => {
    groups.push([...deviceUids]);
    return new Promise((resolve, reject) => {
      pending.push({
        finish: () => resolve(deviceUids.map(profileOf)),
        fail: reject,
      });
    });
  };
  const batcher = new AnonymousProfileBatcher(write, clock, slots, maxGroup);
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  /** Until a finished statement's follow-up (scheduled for the next turn) has run. */
  const settle = async () => {
    await turn();
    await turn();
  };
  return { batcher, groups, pending, turn, settle };
}

describe('AnonymousProfileBatcher', () => {
  it('writes requests of one event-loop turn in one statement, answering each its own profile', async () => {
    const { batcher, groups, pending, turn } = setup();
    const answers = Promise.all([1, 2, 3].map((n) => batcher.profileOf(request(n))));
    await turn();
    pending[0]?.finish();
    expect(await answers).toEqual([101, 102, 103]);
    expect(groups).toEqual([['web_device1', 'web_device2', 'web_device3']]);
  });

  it('groups requests arriving while every slot is busy into the next statement', async () => {
    const { batcher, groups, pending, turn, settle } = setup(1);
    const first = batcher.profileOf(request(1));
    await turn();
    const later = [2, 3].map((n) => batcher.profileOf(request(n)));
    await turn();
    expect(groups).toEqual([['web_device1']]);
    pending[0]?.finish();
    await first;
    await settle();
    expect(groups).toEqual([['web_device1'], ['web_device2', 'web_device3']]);
    pending[1]?.finish();
    await Promise.all(later);
  });

  it('runs as many statements at once as it has slots', async () => {
    const { batcher, groups, pending, turn, settle } = setup(2, 1);
    const answers = [1, 2, 3].map((n) => batcher.profileOf(request(n)));
    await turn();
    expect(groups).toEqual([['web_device1'], ['web_device2']]);
    pending[0]?.finish();
    await answers[0];
    await settle();
    expect(groups).toHaveLength(3);
    pending[1]?.finish();
    pending[2]?.finish();
    await Promise.all(answers);
  });

  it('fails every request of a failed statement, and only those', async () => {
    const { batcher, pending, turn, settle } = setup(1);
    const failed = [1, 2].map((n) => batcher.profileOf(request(n)));
    await turn();
    const next = batcher.profileOf(request(3));
    pending[0]?.fail(new Error('database down'));
    await expect(failed[0]).rejects.toThrow('database down');
    await expect(failed[1]).rejects.toThrow('database down');
    await settle();
    pending[1]?.finish();
    expect(await next).toBe(103);
  });
});
