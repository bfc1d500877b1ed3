import type { ApiClient } from '@kadr/api-client';

/** How a payment ended, as far as the page is concerned. */
export type PaymentOutcome = 'confirmed' | 'unconfirmed';

/** Inputs of {@link waitForPayment}. */
export interface WaitForPaymentInput {
  api: Pick<ApiClient, 'call'>;
  paymentId: string;
  /** Waits `ms` (injectable for tests). */
  sleep?: (ms: number) => Promise<void>;
  /** Stops waiting (the overlay closed); the result is then 'unconfirmed'. */
  signal?: AbortSignal;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §4 Payment: checks the payment; confirmed ends it; otherwise it checks again after the delay the
 * server gives, as many more times as the server's `retries` allows (the smaller of what it said
 * before and says now, so a server repeating the same count cannot keep the page waiting forever).
 * `failed`, an error of the check, or retries used up end it unconfirmed: the caller reloads.
 */
export async function waitForPayment({
  api,
  paymentId,
  sleep = sleepFor,
  signal,
}: WaitForPaymentInput): Promise<PaymentOutcome> {
  let left = Number.POSITIVE_INFINITY;
  for (;;) {
    if (signal?.aborted) return 'unconfirmed';
    let answer: Awaited<ReturnType<typeof check>>;
    try {
      answer = await check(api, paymentId);
    } catch (error) {
      console.error('[payment] checkPayment failed', error);
      return 'unconfirmed';
    }
    if (answer.status === 'confirmed') return 'confirmed';
    if (answer.status === 'failed') return 'unconfirmed';
    left = Math.min(left, answer.retries);
    if (left <= 0) return 'unconfirmed';
    left -= 1;
    await sleep(answer.delay);
  }
}

function check(api: Pick<ApiClient, 'call'>, paymentId: string) {
  return api.call('checkPayment', { body: { type: 'widget_yookassa', payment_id: paymentId } });
}
