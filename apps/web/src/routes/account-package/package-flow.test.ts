import { describe, expect, it } from 'vitest';
import {
  afterReasons,
  contentIdOf,
  disabledReason,
  firstCancelDialog,
  isStoreManaged,
  mainActionOf,
  showsPayInfo,
} from './package-flow';

describe('package detail rules', () => {
  it('maps the status to the main button’s action', () => {
    expect(mainActionOf('not_purchased')).toBe('pay');
    expect(mainActionOf('confirmed')).toBe('cancel');
    expect(mainActionOf('suspended')).toBe('cancel');
    expect(mainActionOf('cancelled')).toBe('restore');
  });

  it('disables the button for an active parent or store hand', () => {
    const goods = { is_active_parent: false, store_name: 'web', status: 'not_purchased' } as const;
    expect(disabledReason({ ...goods, is_active_parent: true })).toBe('activeParent');
    expect(disabledReason({ ...goods, store_name: 'hand' })).toBe('hand');
    expect(disabledReason({ ...goods, store_name: 'hand', status: 'confirmed' })).toBe('hand');
    expect(disabledReason(goods)).toBeNull();
    expect(disabledReason({ ...goods, store_name: null })).toBeNull();
  });

  it('disables buying a package sold only in a mobile store, not managing one bought there', () => {
    const goods = { is_active_parent: false, store_name: 'google_play', status: 'not_purchased' } as const;
    expect(disabledReason(goods)).toBe('store');
    expect(disabledReason({ ...goods, status: 'confirmed' })).toBeNull();
    expect(disabledReason({ ...goods, status: 'cancelled' })).toBeNull();
  });

  it('shows pay_info for cancelled, confirmed and suspended only', () => {
    expect(
      ['not_purchased', 'confirmed', 'suspended', 'cancelled'].filter((s) => showsPayInfo(s as never)),
    ).toEqual(['confirmed', 'suspended', 'cancelled']);
  });

  it('treats mobile store names as managed in the store', () => {
    expect(isStoreManaged('apple')).toBe(true);
    expect(isStoreManaged('google')).toBe(true);
    expect(isStoreManaged('web')).toBe(false);
    expect(isStoreManaged('hand')).toBe(false);
    expect(isStoreManaged(null)).toBe(false);
  });

  it('starts the cancellation flow by the first action', () => {
    expect(firstCancelDialog(['first_hours', 'cancel_package'])).toBe('firstHours');
    expect(firstCancelDialog(['cancel_trial_package'])).toBe('trial');
    expect(firstCancelDialog(['cancel_package'])).toBe('pageOne');
    expect(firstCancelDialog([])).toBe('pageOne');
  });

  it('goes from the reasons page to the trial confirm for a trial, else to the cancel', () => {
    expect(afterReasons(true)).toBe('trialConfirm');
    expect(afterReasons(false)).toBe('cancel');
  });

  it('reads the content id of a return address', () => {
    expect(contentIdOf('/movie/12/')).toBe(12);
    expect(contentIdOf('/movie/9/102/')).toBe(9);
    expect(contentIdOf('/tv/3')).toBeUndefined();
    expect(contentIdOf(undefined)).toBeUndefined();
  });
});
