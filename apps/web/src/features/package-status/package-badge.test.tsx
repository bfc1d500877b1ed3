import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { badgeOf, PackageBadge } from './package-badge';

const offer = '299,00₽ в месяц';

describe('badgeOf', () => {
  it('gives a package not bought the offer look with its price line', () => {
    expect(badgeOf({ status: 'not_purchased', isActiveParent: false, offer })).toEqual({
      look: 'offer',
      text: offer,
    });
  });

  it('gives a package held through a bought parent the offer look, whatever its own status', () => {
    for (const status of ['not_purchased', 'confirmed'] as const) {
      expect(badgeOf({ status, isActiveParent: true, offer })).toEqual({
        look: 'offer',
        text: 'Входит в вашу подписку',
      });
    }
  });

  it('names each held status with the status look', () => {
    const text = (status: 'confirmed' | 'suspended' | 'cancelled') =>
      badgeOf({ status, isActiveParent: false, offer });
    expect(text('confirmed')).toEqual({ look: 'status', text: 'Подключена' });
    expect(text('suspended')).toEqual({ look: 'status', text: 'Ожидает оплаты' });
    expect(text('cancelled')).toEqual({ look: 'status', text: 'Отменена' });
  });
});

describe('PackageBadge', () => {
  it('shows the text and marks the look', () => {
    render(<PackageBadge badge={{ look: 'status', text: 'Отменена' }} className="placed" />);
    const badge = screen.getByText('Отменена');
    expect(badge).toHaveAttribute('data-look', 'status');
    expect(badge).toHaveClass('placed');
  });
});
