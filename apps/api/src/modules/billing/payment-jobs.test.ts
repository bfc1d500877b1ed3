import { describe, expect, it } from 'vitest';
import { RENEWAL_BATCH } from '../../settings';
import { PaymentJobs } from './payment-jobs';
import type { Reconciliation } from './reconciliation';
import type { RenewalPass, Renewals } from './renewals';

const pass = (claimed: number): RenewalPass => ({
  claimed,
  charged: claimed,
  declined: 0,
  unknown: 0,
  lapsed: 0,
});

function fakeJobs(batches: number[]) {
  const calls: string[] = [];
  const renewals = {
    async runOnce(batch: number) {
      calls.push(`renewals:${batch}`);
      return pass(batches.shift() ?? 0);
    },
  } as unknown as Renewals;
  const reconciliation = {
    async runOnce() {
      calls.push('reconciliation');
      return { payments: 0, receipts: 0 };
    },
  } as unknown as Reconciliation;
  return { calls, jobs: { renewals, reconciliation } };
}

describe('payment jobs', () => {
  it('a pass claims renewals while whole batches come, then reconciles', async () => {
    const { calls, jobs } = fakeJobs([RENEWAL_BATCH, RENEWAL_BATCH, 7]);
    await new PaymentJobs(jobs, () => {}).runOnce();
    expect(calls).toEqual([...Array(3).fill(`renewals:${RENEWAL_BATCH}`), 'reconciliation']);
  });

  it('runs on its interval until stopped, one pass at a time; a failing pass is reported and the loop goes on', async () => {
    const { calls, jobs } = fakeJobs([]);
    const errors: unknown[] = [];
    let fail = true;
    const failing = {
      ...jobs,
      reconciliation: {
        async runOnce() {
          calls.push('reconciliation');
          if (fail) {
            fail = false;
            throw new Error('provider down');
          }
          return { payments: 0, receipts: 0 };
        },
      } as unknown as Reconciliation,
    };
    const loop = new PaymentJobs(failing, (e) => errors.push(e), 5);
    loop.start();
    await new Promise((r) => setTimeout(r, 40));
    await loop.stop();
    const passes = calls.filter((c) => c === 'reconciliation').length;
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c === 'reconciliation')).toHaveLength(passes);
  });

  it('stop() ends the pass under way at its next safe point: after the batch in progress, before reconciliation', async () => {
    const calls: string[] = [];
    let batchDone = () => {};
    let batchStarted = () => {};
    const started = new Promise<void>((done) => {
      batchStarted = done;
    });
    const renewals = {
      runOnce(batch: number) {
        calls.push(`renewals:${batch}`);
        batchStarted();
        // Whole batches keep coming: without a stop the pass would claim 100 of them.
        return new Promise<RenewalPass>((done) => {
          batchDone = () => done(pass(RENEWAL_BATCH));
        });
      },
    } as unknown as Renewals;
    const reconciliation = {
      async runOnce() {
        calls.push('reconciliation');
        return { payments: 0, receipts: 0 };
      },
    } as unknown as Reconciliation;
    const loop = new PaymentJobs({ renewals, reconciliation }, () => {}, 5);
    loop.start();
    await started;
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    // The batch in progress is finished, never abandoned half-way.
    expect(stopped).toBe(false);
    batchDone();
    await stopping;
    expect(calls).toEqual([`renewals:${RENEWAL_BATCH}`]);
  });
});
