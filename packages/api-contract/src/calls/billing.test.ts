import { describe, expect, it } from 'vitest';
import {
  checkPayment,
  createPayment,
  deleteCard,
  getCardList,
  getEkPackages,
  listReceipts,
  packageSummary,
  unsubscribePackage,
} from '../index.js';

const pkg = {
  package_id: 3,
  package_name: 'Кино',
  package_icon: null,
  short_offer: 'Фильмы и сериалы',
  wide_poster_url: 'https://cdn.example.ru/pk/3.jpg',
  status: 'confirmed',
  is_parent: 1,
  position: 1,
  goods: { is_active_parent: false, payment_text: '299 ₽ в месяц' },
};

describe('billing schemas', () => {
  it('accepts the packages map keyed by package id', () => {
    expect(getEkPackages.response.safeParse({ ek_packages: { '3': pkg } }).success).toBe(true);
  });

  it('rejects a package with an unknown status or is_parent other than 0 and 1', () => {
    expect(packageSummary.safeParse({ ...pkg, status: 'active' }).success).toBe(false);
    expect(packageSummary.safeParse({ ...pkg, is_parent: 2 }).success).toBe(false);
  });

  it('defaults is_hidden to 0', () => {
    expect(getEkPackages.body.parse({})).toEqual({ is_hidden: 0 });
  });

  it('takes a payment for a package and returns the widget token', () => {
    expect(
      createPayment.body.safeParse({
        type: 'widget_yookassa',
        package_id: 3,
        device_uid: 'web_abcdefgh12345678',
      }).success,
    ).toBe(true);
    expect(
      createPayment.response.safeParse({
        token: 'ct-1',
        title: 'Кино',
        price: 299,
        payment_id: '2d1f-77',
        package_id: 3,
        type: 'widget_yookassa',
      }).success,
    ).toBe(true);
  });

  it('rejects a payment with a fractional package id or an unknown provider', () => {
    expect(
      createPayment.body.safeParse({
        type: 'widget_yookassa',
        package_id: 1.5,
        device_uid: 'web_abcdefgh12345678',
      }).success,
    ).toBe(false);
    expect(
      createPayment.body.safeParse({ type: 'cash', package_id: 3, device_uid: 'web_abcdefgh12345678' })
        .success,
    ).toBe(false);
  });

  it('reads the payment check with retries and delay', () => {
    expect(checkPayment.response.parse({ status: 'pending', retries: 5, delay: 2000 })).toEqual({
      status: 'pending',
      retries: 5,
      delay: 2000,
    });
    expect(checkPayment.response.safeParse({ status: 'pending', retries: -1, delay: 2000 }).success).toBe(
      false,
    );
  });

  it('accepts cards with an optional six-digit prefix', () => {
    const value = {
      is_recurrent: true,
      cards: [{ number: '•••• 4242', first: '424242' }, { number: '•••• 1111' }],
    };
    expect(getCardList.response.parse(value)).toEqual(value);
    expect(
      getCardList.response.safeParse({ is_recurrent: true, cards: [{ number: '•••• 1', first: '42' }] })
        .success,
    ).toBe(false);
    expect(deleteCard.body.safeParse({}).success).toBe(false);
  });

  it('accepts receipts with and without a registration', () => {
    const value = {
      receipts: [
        {
          status: 'succeeded',
          url: 'https://ofd.example.ru/r/1',
          registered_at: '2026-11-01T12:00:00+03:00',
          description: 'Кино',
          price: 299,
        },
        { status: 'pending', url: null, registered_at: null, description: 'Кино', price: 299 },
      ],
    };
    expect(listReceipts.response.safeParse(value).success).toBe(true);
  });

  it('rejects an unsubscribe reason that is not one of the three', () => {
    expect(unsubscribePackage.body.safeParse({ package_id: 3, reason: 'price' }).success).toBe(true);
    expect(unsubscribePackage.body.safeParse({ package_id: 3, reason: 'bored' }).success).toBe(false);
  });
});
