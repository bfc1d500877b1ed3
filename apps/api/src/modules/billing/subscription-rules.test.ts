import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  addMonths,
  afterRenewalFailure,
  decideCancel,
  decideRestore,
  inTrial,
  isEntitled,
  isLive,
  periodAfterPayment,
  type RenewalState,
  renewalDue,
  type SubscriptionState,
  statusOf,
  trialEligible,
} from './subscription-rules';

const NOW = new Date('2030-01-15T10:00:00Z');
const h = (hours: number) => new Date(NOW.getTime() + hours * 3600_000);

/** A paid web subscription, paid 10 days ago, renewing in 20 days. */
const paid: SubscriptionState = {
  status: 'confirmed',
  storeName: 'web',
  periodEnd: h(20 * 24),
  isTrial: false,
  lastPaidAt: h(-10 * 24),
  endedAt: null,
};
const trial: SubscriptionState = { ...paid, isTrial: true, periodEnd: h(5 * 24) };
const fresh: SubscriptionState = { ...paid, lastPaidAt: h(-1) };
const cancelled: SubscriptionState = { ...paid, status: 'cancelled' };
const suspended: SubscriptionState = { ...paid, status: 'suspended', periodEnd: h(-24) };
const hand: SubscriptionState = { ...paid, storeName: 'hand', periodEnd: null, lastPaidAt: null };
const mobile: SubscriptionState = { ...paid, storeName: 'google_play' };

describe('status, entitlement and actions', () => {
  // [name, state, status, entitled, in trial, actions]
  const table: Array<[string, SubscriptionState | null, string, boolean, boolean, string[]]> = [
    ['no subscription', null, 'not_purchased', false, false, []],
    ['paid, mid-period', paid, 'confirmed', true, false, ['cancel_package']],
    ['paid less than FIRST_HOURS ago', fresh, 'confirmed', true, false, ['first_hours', 'cancel_package']],
    [
      'paid exactly FIRST_HOURS ago',
      { ...paid, lastPaidAt: h(-3) },
      'confirmed',
      true,
      false,
      ['cancel_package'],
    ],
    ['in trial', trial, 'confirmed', true, true, ['cancel_trial_package']],
    [
      'trial started an hour ago',
      { ...trial, lastPaidAt: h(-1) },
      'confirmed',
      true,
      true,
      ['first_hours', 'cancel_trial_package'],
    ],
    [
      'confirmed past its end (renewal due)',
      { ...paid, periodEnd: h(-1) },
      'confirmed',
      false,
      false,
      ['cancel_package'],
    ],
    ['suspended (renewal failing)', suspended, 'suspended', false, false, ['cancel_package']],
    ['cancelled, period running', cancelled, 'cancelled', true, false, ['restore_package']],
    ['cancelled, period over', { ...cancelled, periodEnd: h(-1) }, 'not_purchased', false, false, []],
    [
      'cancelled at the period end exactly',
      { ...cancelled, periodEnd: NOW },
      'not_purchased',
      false,
      false,
      [],
    ],
    [
      'ended (a cancelled trial)',
      { ...trial, status: 'cancelled', endedAt: h(-1) },
      'not_purchased',
      false,
      false,
      [],
    ],
    ['operator grant, open-ended', hand, 'confirmed', true, false, []],
    ['operator grant until a date', { ...hand, periodEnd: h(1) }, 'confirmed', true, false, []],
    [
      'operator grant ended',
      { ...hand, periodEnd: h(-1), endedAt: h(-1) },
      'not_purchased',
      false,
      false,
      [],
    ],
    ['mobile-store subscription', mobile, 'confirmed', true, false, []],
  ];
  it.each(table)('%s', (_, state, status, entitled, trialNow, actions) => {
    expect(statusOf(state, NOW)).toBe(status);
    expect(isEntitled(state, NOW)).toBe(entitled);
    expect(inTrial(state, NOW)).toBe(trialNow);
    expect(actionsOf(state, NOW)).toEqual(actions);
    expect(isLive(state, NOW)).toBe(status !== 'not_purchased');
  });

  it('takes FIRST_HOURS from the settings', () => {
    expect(actionsOf({ ...paid, lastPaidAt: h(-5) }, NOW, { firstHours: 6 })).toEqual([
      'first_hours',
      'cancel_package',
    ]);
    expect(actionsOf(fresh, NOW, { firstHours: 0 })).toEqual(['cancel_package']);
  });
});

describe('cancel', () => {
  it('cancels a paid subscription: no renewal, access until the period end, the reason kept', () => {
    expect(decideCancel(paid, NOW, 'price')).toEqual({
      ok: true,
      change: {
        status: 'cancelled',
        autoRenew: false,
        cancelReason: 'price',
        cancelledAt: NOW,
        endedAt: null,
        periodEnd: paid.periodEnd,
      },
    });
    const after = { ...paid, status: 'cancelled' as const };
    expect(isEntitled(after, h(20 * 24 - 1))).toBe(true);
    expect(statusOf(after, h(20 * 24))).toBe('not_purchased');
  });

  it('ends a trial at once (SPEC: «Подписка перестанет действовать сразу после отмены»)', () => {
    const decision = decideCancel(trial, NOW, 'rarely_use');
    expect(decision).toMatchObject({
      ok: true,
      change: { endedAt: NOW, periodEnd: NOW, status: 'cancelled' },
    });
    if (!decision.ok) throw new Error('refused');
    const after: SubscriptionState = { ...trial, ...decision.change };
    expect(isEntitled(after, NOW)).toBe(false);
    expect(statusOf(after, NOW)).toBe('not_purchased');
  });

  it('ends a suspended subscription at once, whenever asked (no charge is scheduled)', () => {
    expect(decideCancel(suspended, NOW, null)).toMatchObject({ ok: true, change: { endedAt: NOW } });
    // Even with a period end inside the 24-hour limit.
    expect(decideCancel({ ...suspended, periodEnd: h(1) }, NOW, null).ok).toBe(true);
  });

  // [name, state, refusal]
  const refusals: Array<[string, SubscriptionState | null, string]> = [
    ['not held', null, 'package_not_subscribed'],
    ['held no longer (period over)', { ...cancelled, periodEnd: h(-1) }, 'package_not_subscribed'],
    ['ended trial', { ...trial, status: 'cancelled', endedAt: h(-1) }, 'package_not_subscribed'],
    ['cancelled twice', cancelled, 'package_already_cancelled'],
    ['operator grant', hand, 'package_store_managed'],
    ['mobile store', mobile, 'package_store_managed'],
    ['within FIRST_HOURS of the payment', fresh, 'cancel_payment_checking'],
    ['23 h before the charge', { ...paid, periodEnd: h(23) }, 'cancel_too_late'],
    [
      '24 h minus a second before the charge',
      { ...paid, periodEnd: new Date(h(24).getTime() - 1000) },
      'cancel_too_late',
    ],
    ['a trial 2 h before its charge', { ...trial, periodEnd: h(2) }, 'cancel_too_late'],
    ['renewal due (past the end)', { ...paid, periodEnd: h(-1) }, 'cancel_too_late'],
  ];
  it.each(refusals)('refuses: %s', (_, state, refusal) => {
    expect(decideCancel(state, NOW, 'price')).toEqual({ ok: false, refusal });
  });

  it('accepts exactly 24 h before the charge', () => {
    expect(decideCancel({ ...paid, periodEnd: h(24) }, NOW, null).ok).toBe(true);
  });
});

describe('restore', () => {
  it('restores a cancelled subscription whose period runs: renewal on, reason cleared', () => {
    expect(decideRestore(cancelled, NOW)).toEqual({
      ok: true,
      change: { status: 'confirmed', autoRenew: true, cancelReason: null, cancelledAt: null },
    });
    expect(actionsOf({ ...cancelled, status: 'confirmed' }, NOW)).toEqual(['cancel_package']);
  });

  const refusals: Array<[string, SubscriptionState | null, string]> = [
    ['not held', null, 'package_not_subscribed'],
    ['active', paid, 'package_not_cancelled'],
    ['suspended', suspended, 'package_not_cancelled'],
    ['period over', { ...cancelled, periodEnd: h(-1) }, 'restore_period_ended'],
    [
      'cancelled trial',
      { ...trial, status: 'cancelled', endedAt: NOW, periodEnd: NOW },
      'restore_period_ended',
    ],
    ['ended confirmed row', { ...paid, endedAt: h(-1) }, 'package_not_subscribed'],
    ['operator grant', { ...hand, status: 'cancelled' }, 'package_store_managed'],
  ];
  it.each(refusals)('refuses: %s', (_, state, refusal) => {
    expect(decideRestore(state, NOW)).toEqual({ ok: false, refusal });
  });
});

describe('trial eligibility (once per profile and per card)', () => {
  it.each([
    [7, false, false, true],
    [0, false, false, false],
    [7, true, false, false],
    [7, false, true, false],
  ])(
    'trial_days %i, profile used %s, card used %s → %s',
    (days, profileUsedTrial, cardUsedTrial, eligible) => {
      expect(trialEligible(days, { profileUsedTrial, cardUsedTrial })).toBe(eligible);
    },
  );
});

describe('periods', () => {
  it('adds months clamping to the month end, and trial days', () => {
    expect(addMonths(new Date('2030-01-31T12:00:00Z'), 1)).toEqual(new Date('2030-02-28T12:00:00Z'));
    expect(addMonths(new Date('2030-01-15T10:00:00Z'), 12)).toEqual(new Date('2031-01-15T10:00:00Z'));
    expect(addMonths(new Date('2030-11-30T00:00:00Z'), 3)).toEqual(new Date('2031-02-28T00:00:00Z'));
    expect(periodAfterPayment(NOW, { periodMonths: 1, trialDays: 7 }, true)).toEqual({
      start: NOW,
      end: h(7 * 24),
    });
    expect(periodAfterPayment(NOW, { periodMonths: 1, trialDays: 7 }, false).end).toEqual(
      new Date('2030-02-15T10:00:00Z'),
    );
  });
});

describe('renewals (the scheduler asks these)', () => {
  const renewing: RenewalState = {
    ...paid,
    periodEnd: NOW,
    autoRenew: true,
    renewalAttempts: 0,
    nextRetryAt: null,
  };

  // [name, state, due]
  const due: Array<[string, RenewalState, boolean]> = [
    ['confirmed at its period end', renewing, true],
    ['confirmed before its end', { ...renewing, periodEnd: h(1) }, false],
    ['confirmed, renewal off', { ...renewing, autoRenew: false }, false],
    ['cancelled (lapses instead)', { ...renewing, status: 'cancelled', periodEnd: h(1) }, false],
    [
      'suspended, retry due',
      { ...renewing, status: 'suspended', renewalAttempts: 1, nextRetryAt: h(-1) },
      true,
    ],
    [
      'suspended, retry later',
      { ...renewing, status: 'suspended', renewalAttempts: 1, nextRetryAt: h(1) },
      false,
    ],
    ['operator grant', { ...renewing, storeName: 'hand' }, false],
    ['ended', { ...renewing, endedAt: h(-1) }, false],
  ];
  it.each(due)('due: %s → %s', (_, state, expected) => {
    expect(renewalDue(state, NOW)).toBe(expected);
  });

  it('suspends on a failed charge and retries a day, three days and a week after the due date, then ends', () => {
    let state: RenewalState = renewing;
    const retries: Array<Date | null> = [];
    for (let i = 0; i < 3; i++) {
      const failure = afterRenewalFailure(state, NOW);
      expect(failure).toMatchObject({ status: 'suspended', renewalAttempts: i + 1, endedAt: null });
      retries.push(failure.nextRetryAt);
      state = { ...state, ...failure };
      expect(isEntitled(state, NOW)).toBe(false);
      expect(actionsOf(state, NOW)).toEqual(['cancel_package']);
    }
    expect(retries).toEqual([h(24), h(72), h(168)]);
    const last = afterRenewalFailure(state, h(168));
    expect(last).toEqual({
      status: 'suspended',
      renewalAttempts: 4,
      nextRetryAt: null,
      endedAt: h(168),
      autoRenew: false,
    });
    expect(statusOf({ ...state, ...last }, h(168))).toBe('not_purchased');
  });

  it('retries at once when the scheduler comes late', () => {
    expect(afterRenewalFailure(renewing, h(30)).nextRetryAt).toEqual(h(30));
  });
});
