import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { daysLeft, PackageStanding, type StandingGoods, standingOf } from './package-standing';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const END = '2026-12-26T09:00:00+03:00';

function setup(overrides: Partial<StandingGoods> = {}): StandingGoods {
  return {
    status: 'confirmed',
    is_active_parent: false,
    is_trial_current: false,
    store_name: 'web',
    ended_at: END,
    cost: 249,
    ...overrides,
  };
}

describe('standingOf', () => {
  it('bought: «Подключена», paid until and the next charge with its amount', () => {
    expect(standingOf(setup(), NOW)).toEqual({
      badge: { look: 'status', text: 'Подключена' },
      facts: [
        { term: 'Оплачено до', detail: '26 декабря 2026' },
        { term: 'Следующее списание', detail: '26 декабря 2026, 249,00₽' },
      ],
      note: null,
    });
  });

  it('in its trial: the days left and the first charge', () => {
    const trialEnd = new Date(NOW + 4.5 * 86_400_000).toISOString();
    expect(standingOf(setup({ is_trial_current: true, ended_at: trialEnd, cost: 199 }), NOW)).toEqual({
      badge: { look: 'status', text: 'Подключена' },
      facts: [
        { term: 'Бесплатный период', detail: 'осталось 5 дней' },
        { term: 'Первое списание', detail: '12 декабря 2026, 199,00₽' },
      ],
      note: null,
    });
  });

  it('cancelled: «Отменена», valid until, renewal off', () => {
    expect(standingOf(setup({ status: 'cancelled' }), NOW)).toEqual({
      badge: { look: 'status', text: 'Отменена' },
      facts: [
        { term: 'Действует до', detail: '26 декабря 2026' },
        { term: 'Автопродление', detail: 'отключено, списаний больше не будет' },
      ],
      note: null,
    });
  });

  it('suspended: «Ожидает оплаты», paid until and the failed charge', () => {
    expect(standingOf(setup({ status: 'suspended' }), NOW)).toEqual({
      badge: { look: 'status', text: 'Ожидает оплаты' },
      facts: [{ term: 'Оплачено до', detail: '26 декабря 2026' }],
      note: 'Не удалось списать 249,00₽ за продление. Доступ к пакету вернётся, как только оплата пройдёт.',
    });
  });

  it('not bought: the price a month, nothing else', () => {
    expect(standingOf(setup({ status: 'not_purchased', store_name: null, ended_at: null }), NOW)).toEqual({
      badge: { look: 'offer', text: '249,00₽ в месяц' },
      facts: [],
      note: null,
    });
  });

  it('not bought and not for sale here (a store’s, an operator’s): no price', () => {
    for (const store_name of ['google_play', 'hand']) {
      expect(standingOf(setup({ status: 'not_purchased', store_name, ended_at: null }), NOW)).toEqual({
        badge: null,
        facts: [],
        note: null,
      });
    }
  });

  it('held through a bought parent: «Входит в вашу подписку», valid until the parent’s end', () => {
    expect(
      standingOf(setup({ status: 'not_purchased', is_active_parent: true, store_name: null }), NOW),
    ).toEqual({
      badge: { look: 'offer', text: 'Входит в вашу подписку' },
      facts: [{ term: 'Действует до', detail: '26 декабря 2026' }],
      note: null,
    });
  });

  it('a store’s subscription: valid until, renewed in the store; no charge here', () => {
    expect(standingOf(setup({ store_name: 'apple' }), NOW).facts).toEqual([
      { term: 'Действует до', detail: '26 декабря 2026' },
      { term: 'Автопродление', detail: 'в магазине приложений' },
    ]);
  });

  it('an operator’s grant: valid until when it ends, nothing when open-ended', () => {
    expect(standingOf(setup({ store_name: 'hand' }), NOW).facts).toEqual([
      { term: 'Действует до', detail: '26 декабря 2026' },
    ]);
    expect(standingOf(setup({ store_name: 'hand', ended_at: null }), NOW)).toEqual({
      badge: { look: 'status', text: 'Подключена' },
      facts: [],
      note: null,
    });
  });
});

describe('daysLeft', () => {
  it('counts a part of a day as a day, and at least one', () => {
    const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
    expect(daysLeft(at(1), NOW)).toBe(1);
    expect(daysLeft(at(24), NOW)).toBe(1);
    expect(daysLeft(at(25), NOW)).toBe(2);
    expect(daysLeft(at(-5), NOW)).toBe(1);
  });
});

describe('PackageStanding', () => {
  it('shows the badge, the terms with their details and the sentence', () => {
    render(<PackageStanding standing={standingOf(setup({ status: 'suspended' }), NOW)} />);
    expect(screen.getByText('Ожидает оплаты')).toHaveAttribute('data-look', 'status');
    expect(screen.getByRole('term')).toHaveTextContent('Оплачено до');
    expect(screen.getByRole('definition')).toHaveTextContent('26 декабря 2026');
    expect(screen.getByText(/^Не удалось списать 249,00₽/)).toBeInTheDocument();
  });

  it('renders nothing when there is nothing to say', () => {
    const { container } = render(<PackageStanding standing={{ badge: null, facts: [], note: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
