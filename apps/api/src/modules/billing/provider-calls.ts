import type { Amount, Payment } from '../../providers/payments';
import { YooKassaError } from '../../providers/payments';
import type { PaidCard } from './fulfil';

/** How often one provider call is tried when the provider's answer is unknown (time-out, 5xx, 202, 429). */
export const PROVIDER_ATTEMPTS = 3;
/** The wait before the second try; doubled for each later one, and at most 2 s however long YooKassa asks. */
export const PROVIDER_RETRY_MS = 250;

/** Waits `ms`; injectable so tests do not wait. */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a provider call, repeating it while YooKassa says the outcome is unknown (`retryable`), at most
 * PROVIDER_ATTEMPTS times. The caller passes the same call each time — for a POST the same
 * idempotence key — so a repeat never makes a second payment. The last error is thrown.
 */
export async function withProviderRetries<T>(call: () => Promise<T>, sleep: Sleep = realSleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof YooKassaError) || !error.retryable || attempt >= PROVIDER_ATTEMPTS) throw error;
      const asked = error.details.retryAfterMs ?? 0;
      await sleep(Math.min(2000, Math.max(asked, PROVIDER_RETRY_MS * 2 ** (attempt - 1))));
    }
  }
}

/** Kopecks as YooKassa's decimal string: 29900 → '299.00'. */
export const moneyOf = (kopecks: number) => (kopecks / 100).toFixed(2);

/** Whether the provider's amount is exactly ours. */
export const sameAmount = (amount: Amount, kopecks: number, currency: string) =>
  amount.value === moneyOf(kopecks) && amount.currency === currency;

/** The card of a provider payment as fulfilment records it; null when the payment names none. */
export function paidCardOf(payment: Payment): PaidCard | null {
  const method = payment.payment_method;
  const card = method?.card;
  if (!method || !card) return null;
  return {
    providerMethodId: method.id,
    saved: method.saved,
    first6: card.first6,
    last4: card.last4,
    cardType: card.card_type,
    expiryMonth: Number(card.expiry_month),
    expiryYear: Number(card.expiry_year),
  };
}
