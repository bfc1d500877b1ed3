import type { CreatePaymentRequest, Payment } from '../schemas';
import type { ChargeOutcome } from './cards';
import type { MethodRow } from './queries';

/** An amount's string value ('299.00') in kopecks. */
export const kopecks = (value: string) => Math.round(Number(value) * 100);
const money = (k: number) => (k / 100).toFixed(2);

/** A payment as it is created: pending, unpaid, with the request's amount, description and metadata. */
export function pendingPayment(id: string, body: CreatePaymentRequest, shopId: string, now: Date): Payment {
  return {
    id,
    status: 'pending',
    paid: false,
    amount: body.amount,
    ...(body.description ? { description: body.description } : {}),
    recipient: { account_id: shopId, gateway_id: '100700' },
    created_at: now.toISOString(),
    metadata: body.metadata ?? {},
    refundable: false,
    test: true,
  };
}

/**
 * A pending payment as it ends with a card's outcome (no confirmation left): succeeded (with the
 * income after YooKassa's 3.5 % fee, and the method saved if asked) or canceled with the reason.
 */
export function settledPayment(
  pending: Payment,
  withReceipt: boolean,
  method: MethodRow,
  outcome: ChargeOutcome,
  now: Date,
  saveMethod = false,
): Payment {
  const { confirmation: _done, ...rest } = pending;
  const card = method.card as NonNullable<Payment['payment_method']>['card'];
  const succeeded = outcome.result === 'succeeded';
  const paymentMethod = {
    type: 'bank_card',
    id: method.id,
    saved: method.saved || (succeeded && saveMethod),
    title: `Bank card *${card?.last4}`,
    card,
  };
  if (succeeded) {
    const value = kopecks(rest.amount.value);
    return {
      ...rest,
      status: 'succeeded',
      paid: true,
      income_amount: { value: money(value - Math.round(value * 0.035)), currency: rest.amount.currency },
      captured_at: now.toISOString(),
      payment_method: paymentMethod,
      refundable: true,
      ...(withReceipt ? { receipt_registration: 'pending' as const } : {}),
    };
  }
  return {
    ...rest,
    status: 'canceled',
    payment_method: paymentMethod,
    cancellation_details: {
      party: outcome.result === 'canceled' ? outcome.party : 'yoo_money',
      reason: outcome.result === 'canceled' ? outcome.reason : 'general_decline',
    },
  };
}
