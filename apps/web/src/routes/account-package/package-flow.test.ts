import { describe, expect, it } from 'vitest';
import {
  afterReasons,
  contentIdOf,
  disabledReason,
  firstCancelDialog,
  isStoreManaged,
  mainActionOf,
  mainButtonText,
  showsPayInfo,
  showsTrialCheck,
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

  describe('the main button’s text, named for what it does', () => {
    const goods: Parameters<typeof mainButtonText>[0] = {
      status: 'confirmed',
      store_name: 'web',
      is_trial_current: false,
      actions: ['cancel_package'],
      tariffs: [{ pay_text: 'Оформить за 249 ₽', pay_info: null, texts: [] }],
    };

    it('buys with the tariff’s pay_text, or «Подключить» without one', () => {
      expect(mainButtonText({ ...goods, status: 'not_purchased', actions: [] })).toBe('Оформить за 249 ₽');
      expect(mainButtonText({ ...goods, status: 'not_purchased', actions: [], tariffs: [] })).toBe(
        'Подключить',
      );
    });

    it('never shows the pay_text on a bought package: it cancels, or turns the trial off', () => {
      expect(mainButtonText(goods)).toBe('Отменить подписку');
      expect(mainButtonText({ ...goods, status: 'suspended' })).toBe('Отменить подписку');
      expect(mainButtonText({ ...goods, actions: ['first_hours', 'cancel_package'] })).toBe(
        'Отменить подписку',
      );
      expect(mainButtonText({ ...goods, is_trial_current: true, actions: ['cancel_trial_package'] })).toBe(
        'Отключить бесплатный период',
      );
      expect(
        mainButtonText({
          ...goods,
          is_trial_current: true,
          actions: ['first_hours', 'cancel_trial_package'],
        }),
      ).toBe('Отключить бесплатный период');
    });

    it('restores a cancelled one, and opens a store’s subscription’s management', () => {
      expect(mainButtonText({ ...goods, status: 'cancelled', actions: ['restore_package'] })).toBe(
        'Возобновить подписку',
      );
      expect(mainButtonText({ ...goods, store_name: 'apple', actions: [] })).toBe('Управление подпиской');
    });
  });

  it('says the trial’s card check only when the button buys a trial', () => {
    const goods = {
      status: 'not_purchased',
      is_trial: true,
      is_active_parent: false,
      store_name: null,
    } as const;
    expect(showsTrialCheck(goods)).toBe(true);
    expect(showsTrialCheck({ ...goods, is_trial: false })).toBe(false);
    expect(showsTrialCheck({ ...goods, status: 'confirmed' })).toBe(false);
    expect(showsTrialCheck({ ...goods, is_active_parent: true })).toBe(false);
    expect(showsTrialCheck({ ...goods, store_name: 'google_play' })).toBe(false);
  });
});
