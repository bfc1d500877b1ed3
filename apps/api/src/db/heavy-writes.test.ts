import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { type HeavyWriteSettings, HeavyWrites, SHED_RETRY_AFTER_S } from './heavy-writes';

/** One turn of the event loop: what a call waits before it starts. */
const turn = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Calls whose end the test decides: each records when it started and ends when the test says. */
function controlled() {
  const started: string[] = [];
  const ends = new Map<string, (value: string) => void>();
  const call = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => ends.set(name, resolve));
  };
  /** Ends a running call and lets the queue start what comes next (on the loop's next turn). */
  const end = async (name: string) => {
    const finish = ends.get(name);
    if (!finish) throw new Error(`${name} is not running`);
    finish(name);
    await turn();
  };
  return { started, call, end };
}

const settings = (overrides: Partial<HeavyWriteSettings> = {}): HeavyWriteSettings => ({
  inFlight: 2,
  queue: 10,
  perOwner: 1,
  perOwnerQueue: 4,
  ...overrides,
});

/** The rejection of a call, for asserting a shed; fails when the call did not reject. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('HeavyWrites (the write slots shared fairly)', () => {
  it('runs one owner’s calls one at a time, in order, and answers each', async () => {
    const writes = new HeavyWrites(settings());
    const { started, call, end } = controlled();
    const answers = ['a1', 'a2', 'a3'].map((name) => writes.run('a', call(name)));
    await turn();
    expect(started).toEqual(['a1']);
    expect([writes.running, writes.waiting]).toEqual([1, 2]);
    await end('a1');
    expect(started).toEqual(['a1', 'a2']);
    await end('a2');
    await end('a3');
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3']);
    expect([writes.running, writes.waiting]).toEqual([0, 0]);
  });

  it('lets another profile in at once while one profile floods', async () => {
    const writes = new HeavyWrites(settings());
    const { started, call } = controlled();
    for (let i = 1; i <= 4; i++) void writes.run('flood', call(`f${i}`));
    void writes.run('viewer', call('v1'));
    await turn();
    // The flood holds one slot; the viewer takes the other without waiting behind it.
    expect(started).toEqual(['f1', 'v1']);
  });

  it('gives waiting owners turns in order, one call each, however many calls one of them queued', async () => {
    const writes = new HeavyWrites(settings({ inFlight: 1 }));
    const { started, call, end } = controlled();
    void writes.run('flood', call('f1'));
    for (let i = 2; i <= 4; i++) void writes.run('flood', call(`f${i}`));
    void writes.run('b', call('b1'));
    void writes.run('c', call('c1'));
    void writes.run('b', call('b2'));
    await turn();
    for (const name of ['f1', 'f2', 'b1', 'c1', 'f3', 'b2', 'f4']) await end(name);
    expect(started).toEqual(['f1', 'f2', 'b1', 'c1', 'f3', 'b2', 'f4']);
  });

  it('sheds a call beyond its owner’s queue with the 503 envelope and Retry-After, never starting it', async () => {
    const writes = new HeavyWrites(settings({ perOwnerQueue: 2 }));
    const { started, call, end } = controlled();
    void writes.run('flood', call('f1'));
    void writes.run('flood', call('f2'));
    void writes.run('flood', call('f3'));
    const shed = await refusal(writes.run('flood', call('f4')));
    expect([shed.id, shed.retryAfter]).toEqual(['service_unavailable', SHED_RETRY_AFTER_S]);
    await turn();
    expect(started).toEqual(['f1']);
    // Others still get in.
    void writes.run('viewer', call('v1'));
    await turn();
    expect(started).toEqual(['f1', 'v1']);
    // Once the owner's queue has room it may wait again.
    await end('f1');
    void writes.run('flood', call('f5'));
    await end('f2');
    await end('f3');
    expect(started).toEqual(['f1', 'v1', 'f2', 'f3', 'f5']);
  });

  it('sheds any call once the whole queue is full, whoever asks', async () => {
    const writes = new HeavyWrites(settings({ inFlight: 1, queue: 2 }));
    const { started, call } = controlled();
    void writes.run('a', call('a1'));
    void writes.run('b', call('b1'));
    void writes.run('c', call('c1'));
    expect((await refusal(writes.run('d', call('d1')))).id).toBe('service_unavailable');
    await turn();
    expect(started).toEqual(['a1']);
    expect([writes.running, writes.waiting]).toEqual([1, 2]);
  });

  it('frees the slot of a call that fails, and hands the failure to its caller only', async () => {
    const writes = new HeavyWrites(settings({ inFlight: 1 }));
    const { started, call, end } = controlled();
    const failing = writes.run('a', async () => {
      started.push('a1');
      throw new Error('provider down');
    });
    const next = writes.run('b', call('b1'));
    await expect(failing).rejects.toThrow('provider down');
    await turn();
    expect(started).toEqual(['a1', 'b1']);
    await end('b1');
    expect(await next).toBe('b1');
    expect([writes.running, writes.waiting]).toEqual([0, 0]);
  });

  it('starts a call on the next turn: the calls read in this one find it running, wait or are shed', async () => {
    const writes = new HeavyWrites(settings({ perOwnerQueue: 2 }));
    let ran = 0;
    // Work that never yields, as a call on PGlite (its statements answer in microtasks).
    const synchronous = async () => {
      ran++;
    };
    const calls = Array.from({ length: 5 }, () => writes.run('flood', synchronous));
    expect([ran, writes.running, writes.waiting]).toEqual([0, 1, 2]);
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect(ran).toBe(3);
  });

  it('counts a call that throws before its first await like any other', async () => {
    const writes = new HeavyWrites(settings({ inFlight: 1 }));
    const thrown = writes.run('a', () => {
      throw new Error('bug');
    });
    await expect(thrown).rejects.toThrow('bug');
    expect(writes.running).toBe(0);
    expect(await writes.run('a', async () => 'again')).toBe('again');
  });
});
