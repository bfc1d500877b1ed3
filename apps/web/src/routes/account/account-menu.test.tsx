import { StorageKey } from '@kadr/auth-session';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useModalStore } from '../../shared/stores/modal-store';
import { createFakeServices, signedInStorage } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { AccountMenu } from './account-menu';
import { buildAccountMenuItems, supportMailto } from './account-menu-items';

const partner = { title: 'Кинозал', email: 'user@kinozal.example', password: 'secret' };

function labels(input: Partial<Parameters<typeof buildAccountMenuItems>[0]> = {}) {
  return buildAccountMenuItems({
    loggedIn: false,
    phone: null,
    profileId: 42,
    externalAccounts: [],
    supportEmail: 'support@kadr.example',
    termsUrl: 'https://kadr.example/legal',
    onLogin: () => {},
    onLogout: () => {},
    ...input,
  }).map((item) => item.label);
}

describe('buildAccountMenuItems', () => {
  it('offers login, not phone or logout, to a guest', () => {
    expect(labels()).toEqual([
      'Вход или регистрация',
      'Подписки',
      'Управление картами',
      'Чеки',
      'Соглашения',
      'Написать в поддержку',
    ]);
  });

  it('shows the phone and logout, not login, when logged in', () => {
    expect(labels({ loggedIn: true, phone: '79123456789' })).toEqual([
      'Телефон',
      'Подписки',
      'Управление картами',
      'Чеки',
      'Соглашения',
      'Написать в поддержку',
      'Выход из учетной записи',
    ]);
  });

  it('lists Сайты-партнёры only when the profile has external accounts', () => {
    expect(labels({ externalAccounts: [partner] })).toContain('Сайты-партнёры');
    expect(labels({ externalAccounts: [] })).not.toContain('Сайты-партнёры');
  });

  it('pre-fills the profile id in the support e-mail', () => {
    const href = supportMailto('support@kadr.example', 42);
    expect(href.startsWith('mailto:support@kadr.example?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('body=')[1]!)).toContain('ID профиля: 42');
  });
});

describe('AccountMenu', () => {
  it('shows a guest the login item, which opens the login modal', async () => {
    const { user } = renderWithApp(<AccountMenu externalAccounts={[]} />);
    expect(screen.queryByRole('button', { name: 'Выход из учетной записи' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Вход или регистрация' }));
    expect(useModalStore.getState().loginOpen).toBe(true);
  });

  it('shows a logged-in user the formatted phone as text and the logout item', () => {
    renderWithApp(<AccountMenu externalAccounts={[]} />, {
      session: { loggedIn: true, phone: '79123456789' },
    });
    const menu = screen.getByRole('navigation', { name: 'Меню аккаунта' });
    expect(within(menu).getByText('+7 912 345-67-89')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Выход из учетной записи' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Вход или регистрация' })).not.toBeInTheDocument();
  });

  it('links the sections, the legal documents and support', () => {
    renderWithApp(<AccountMenu externalAccounts={[partner]} />);
    expect(screen.getByRole('link', { name: 'Подписки' })).toHaveAttribute('href', '/account/packages');
    expect(screen.getByRole('link', { name: 'Сайты-партнёры' })).toHaveAttribute('href', '/account/partners');
    expect(screen.getByRole('link', { name: 'Управление картами' })).toHaveAttribute(
      'href',
      '/account/cards',
    );
    expect(screen.getByRole('link', { name: 'Чеки' })).toHaveAttribute('href', '/account/receipts');
    expect(screen.getByRole('link', { name: 'Соглашения' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Написать в поддержку/ }).getAttribute('href')).toMatch(
      /^mailto:support@kadr\.example\?subject=/,
    );
  });
});

describe('logout', () => {
  function setup() {
    const fake = createFakeServices({ storage: signedInStorage });
    const app = renderWithApp(<AccountMenu externalAccounts={[]} />, {
      fake,
      session: { loggedIn: true, phone: '79123456789' },
    });
    return app;
  }

  it('asks for confirmation with the SPEC texts', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Выход из учетной записи' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Вы действительно хотите выйти?' });
    expect(within(dialog).getByRole('button', { name: 'Выйти из профиля' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
  });

  it('stays logged in when the dialog is closed', async () => {
    const { user, ids, storage } = setup();
    await user.click(screen.getByRole('button', { name: 'Выход из учетной записи' }));
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(ids()).not.toContain('logout');
    expect(storage.getItem(StorageKey.auth)).toBe('true');
  });

  it('logs out on confirm: clears the session, calls the server and reloads', async () => {
    const { user, ids, storage, reloads } = setup();
    await user.click(screen.getByRole('button', { name: 'Выход из учетной записи' }));
    await user.click(screen.getByRole('button', { name: 'Выйти из профиля' }));
    await vi.waitFor(() => expect(reloads()).toBe(1));
    expect(ids()).toContain('logout');
    expect(storage.getItem(StorageKey.auth)).toBe('false');
    expect(storage.getItem(StorageKey.accessToken)).toBeNull();
    expect(storage.getItem(StorageKey.login)).toBeNull();
    expect(storage.getItem(StorageKey.profileId)).toBeNull();
  });
});
