import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkComponentProps } from '../link.js';
import { type MenuItem, MenuList } from './menu-list.js';

function Link({ state, ...props }: LinkComponentProps) {
  return <a data-state={state === undefined ? undefined : JSON.stringify(state)} {...props} />;
}

function setup(extra: MenuItem[] = []) {
  const onLogout = vi.fn();
  const items: MenuItem[] = [
    { kind: 'text', key: 'phone', label: 'Телефон', value: '+7 912 345-67-89' },
    { kind: 'link', key: 'packages', label: 'Подписки', href: '/account/packages', active: true },
    { kind: 'link', key: 'partners', label: 'Сайты-партнёры', href: '/account/partners', state: { a: 1 } },
    { kind: 'external', key: 'terms', label: 'Соглашения', href: 'https://kadr.example/terms' },
    { kind: 'external', key: 'support', label: 'Поддержка', href: 'mailto:support@kadr.example' },
    { kind: 'action', key: 'logout', label: 'Выход из учетной записи', onClick: onLogout, tone: 'danger' },
    ...extra,
  ];
  render(<MenuList label="Меню аккаунта" items={items} LinkComponent={Link} />);
  return { onLogout };
}

describe('MenuList', () => {
  it('is a named navigation listing every item in order', () => {
    setup();
    expect(screen.getByRole('navigation', { name: 'Меню аккаунта' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows a text item as plain text, not a control', () => {
    setup();
    expect(screen.getByText('+7 912 345-67-89')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Телефон/ })).not.toBeInTheDocument();
  });

  it('marks the active link and passes navigation state to the link renderer', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Подписки' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Сайты-партнёры' })).toHaveAttribute('data-state', '{"a":1}');
  });

  it('opens outside links in a new tab but mailto links in place', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Соглашения' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Поддержка' })).not.toHaveAttribute('target');
  });

  it('runs an action item', async () => {
    const { onLogout } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Выход из учетной записи' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
