import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BottomBar, type BottomBarItem } from './bottom-bar.js';

const items: BottomBarItem[] = [
  { key: 'catalogue', label: 'Каталог', href: '/', icon: 'catalogue' },
  { key: 'tv', label: 'ТВ', href: '/tv', icon: 'tv' },
  { key: 'packages', label: 'Подписки', href: '/account/packages', icon: 'subscriptions' },
  { key: 'menu', label: 'Меню', href: '/account', icon: 'menu' },
];

describe('BottomBar', () => {
  it('shows four named links with icons', () => {
    render(<BottomBar items={items} />);
    const nav = screen.getByRole('navigation', { name: 'Навигация' });
    expect(nav.querySelectorAll('svg')).toHaveLength(4);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Каталог',
      'ТВ',
      'Подписки',
      'Меню',
    ]);
  });

  it('marks only the active item as the current page', () => {
    render(<BottomBar items={items} activeKey="menu" />);
    expect(screen.getByRole('link', { name: 'Меню' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Каталог', 'ТВ', 'Подписки']) {
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
  });

  it('marks nothing when no section is active', () => {
    render(<BottomBar items={items} />);
    for (const link of screen.getAllByRole('link')) expect(link).not.toHaveAttribute('aria-current');
  });
});
