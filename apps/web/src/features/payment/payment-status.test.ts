import { describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../testing/fake-services';
import { waitForPayment } from './payment-status';

type Status = 'pending' | 'confirmed' | 'failed';

function setup(answers: ({ status: Status; retries?: number; delay?: number } | Error)[]) {
  let n = 0;
  const fake = createFakeServices({
    handlers: {
      checkPayment: () => {
        const answer = answers[Math.min(n, answers.length - 1)]!;
        n += 1;
        if (answer instanceof Error) throw answer;
        return { retries: 3, delay: 1500, ...answer };
      },
    },
  });
  const sleep = vi.fn((_ms: number) => Promise.resolve());
  const run = (signal?: AbortSignal) =>
    waitForPayment({ api: fake.services.api, paymentId: 'pay_1', sleep, signal });
  return { run, sleep, checks: () => fake.calls.filter((c) => c.id === 'checkPayment') };
}

describe('waitForPayment', () => {
  it('ends confirmed at the first confirmed answer, asking with the payment id', async () => {
    const { run, checks } = setup([{ status: 'confirmed' }]);
    await expect(run()).resolves.toBe('confirmed');
    expect(checks()).toEqual([
      expect.objectContaining({ input: { body: { type: 'widget_yookassa', payment_id: 'pay_1' } } }),
    ]);
  });

  it('polls at the server’s delay until confirmed', async () => {
    const { run, sleep, checks } = setup([
      { status: 'pending' },
      { status: 'pending' },
      { status: 'confirmed' },
    ]);
    await expect(run()).resolves.toBe('confirmed');
    expect(checks()).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[1500], [1500]]);
  });

  it('polls as many more times as the server’s retries, then ends unconfirmed', async () => {
    const { run, checks } = setup([{ status: 'pending', retries: 2, delay: 10 }]);
    await expect(run()).resolves.toBe('unconfirmed');
    expect(checks()).toHaveLength(3);
  });

  it('follows a smaller retries count the server gives later', async () => {
    const { run, checks } = setup([
      { status: 'pending', retries: 5 },
      { status: 'pending', retries: 0 },
    ]);
    await expect(run()).resolves.toBe('unconfirmed');
    expect(checks()).toHaveLength(2);
  });

  it('ends unconfirmed on failed and on a failed check', async () => {
    await expect(setup([{ status: 'failed' }]).run()).resolves.toBe('unconfirmed');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(setup([new Error('offline')]).run()).resolves.toBe('unconfirmed');
  });

  it('stops when aborted', async () => {
    const { run, checks } = setup([{ status: 'pending' }]);
    const abort = new AbortController();
    abort.abort();
    await expect(run(abort.signal)).resolves.toBe('unconfirmed');
    expect(checks()).toHaveLength(0);
  });
});
