import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkComponentProps } from '../link.js';
import { Header } from './header.js';

const items = [
  { key: 'catalogue', label: 'Каталог', href: '/' },
  { key: 'tv', label: 'ТВ', href: '/tv' },
  { key: 'packages', label: 'Подписки', href: '/account/packages' },
];

function Custom({ state: _state, ...props }: LinkComponentProps) {
  return <a data-custom="" {...props} />;
}

describe('Header', () => {
  it('shows the logo, links, search slot, actions and Меню on desktop', () => {
    render(
      <Header
        homeHref="/"
        items={items}
        activeKey="tv"
        searchSlot={<input aria-label="Поиск" />}
        menuItem={{ key: 'menu', label: 'Меню', href: '/account' }}
        actions={<button type="button">Войти</button>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Кадр' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'ТВ' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Каталог' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Меню' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('textbox', { name: 'Поиск' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });

  it('shows only the logo and actions on mobile', () => {
    render(
      <Header
        variant="mobile"
        homeHref="/"
        items={items}
        searchSlot={<input aria-label="Поиск" />}
        actions={<button type="button">Войти</button>}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Каталог' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });

  it('renders links through the injected LinkComponent', () => {
    render(<Header homeHref="/" items={items} LinkComponent={Custom} />);
    expect(screen.getByRole('link', { name: 'Каталог' })).toHaveAttribute('data-custom');
  });
});
