import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingHandlers } from '../testing/billing-fixtures';
import { createFakeServices } from '../testing/fake-services';
import { renderApp } from '../testing/render-app';

describe('routes', () => {
  it.each([
    ['/', 'Каталог'],
    ['/tv', 'Телеканалы'],
    ['/tv/7/', 'Новости'],
    ['/tv/2/tv_guide', 'Телепрограмма: Кино ТВ'],
    ['/movie/12/', 'Тихий дом'],
    ['/movie/9/102/', 'Северный ветер'],
    ['/movie/31/tv_guide', 'Телепрограмма: Кино ТВ'],
    ['/search', 'Поиск'],
    ['/about_us', 'О нас'],
  ])('%s shows the screen named %s', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  // Account sections open beside the menu, under its «Аккаунт» (h1): their headings are h2.
  it.each([
    ['/account/packages', 'Подписки'],
    ['/account/packages/5', 'Кино ТВ'],
    ['/account/cards', 'Управление картами'],
    ['/account/receipts', 'Чеки'],
  ])('%s shows the account section named %s', async (path, title) => {
    renderApp(path, { fake: createFakeServices({ handlers: billingHandlers() }) });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });

  it('sends an unknown path to the root, keeping the query string', async () => {
    const { where } = renderApp('/no/such/page?utm_source=mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Каталог' })).toBeInTheDocument();
    expect(where()).toBe('/?utm_source=mail');
  });

  it('opens the identity-provider route for auth_… paths (a refusal shows its message)', async () => {
    renderApp('/auth_partner?error=access_denied');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход не выполнен' })).toBeInTheDocument();
    expect(screen.getByText(/Вы отказались от входа/)).toBeInTheDocument();
  });

  it('opens the partner accounts from the menu and goes to the root without navigation state', async () => {
    const partner = { title: 'Кинозал', email: 'user@kinozal.example', password: 'secret' };
    const fake = createFakeServices({
      handlers: { getProfile: () => ({ profile_id: 42, phone: null, external_accounts: [partner] }) },
    });
    const { user } = renderApp('/account', { fake });
    await user.click(await screen.findByRole('link', { name: 'Сайты-партнёры' }));
    expect(await screen.findByText('user@kinozal.example')).toBeInTheDocument();
    expect(screen.getByText('secret')).toBeInTheDocument();

    const direct = renderApp('/account/partners?a=1', { fake });
    await vi.waitFor(() => expect(direct.where()).toBe('/?a=1'));
  });
});

describe('layout', () => {
  it('shows a guest the desktop header with Войти, which opens the login modal', async () => {
    const { user } = renderApp('/?utm=1');
    const nav = await screen.findByRole('navigation', { name: 'Основная навигация' });
    expect(within(nav).getByRole('link', { name: 'ТВ' })).toHaveAttribute('href', '/tv?utm=1');
    expect(screen.getByRole('link', { name: 'Меню' })).toHaveAttribute('href', '/account?utm=1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    // The modal's chunk loads on first open: allow for a slow (loaded) test machine.
    expect(
      await screen.findByRole('dialog', { name: /Введите номер телефона/ }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('hides Войти when logged in', async () => {
    renderApp('/', { session: { loggedIn: true, phone: '79123456789' } });
    await screen.findByRole('heading', { level: 1, name: 'Каталог' });
    expect(screen.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
  });

  it('gives mobile a bottom bar with the current section marked', async () => {
    renderApp('/tv', { deviceKind: 'mobile' });
    const bar = await screen.findByRole('navigation', { name: 'Навигация' });
    expect(within(bar).getByRole('link', { name: 'ТВ' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Основная навигация' })).not.toBeInTheDocument();
  });

  it.each(['desktop', 'mobile'] as const)(
    'starts the %s Tab order with «Перейти к содержимому», which moves the focus to the main content',
    async (deviceKind) => {
      const { user, where } = renderApp('/', { deviceKind });
      await screen.findByRole('heading', { level: 1, name: 'Каталог' });
      await user.tab();
      const skip = screen.getByRole('link', { name: 'Перейти к содержимому' });
      expect(skip).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('main')).toHaveFocus();
      expect(where()).toBe('/');
      // The next Tab goes on inside the screen, past the header.
      await user.tab();
      expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
    },
  );

  it('shows the profile id and version in the footer', async () => {
    renderApp('/');
    expect(await screen.findByText('ID профиля: 42')).toBeInTheDocument();
    expect(screen.getByText('Версия 99')).toBeInTheDocument();
  });
});

describe('account home', () => {
  it('shows the menu beside the summary on desktop', async () => {
    renderApp('/account', { session: { loggedIn: true, phone: '79123456789' } });
    const menu = await screen.findByRole('navigation', { name: 'Меню аккаунта' });
    expect(within(menu).getByText('+7 912 345-67-89')).toBeInTheDocument();
  });

  it('opens a section in place on desktop, the menu staying', async () => {
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('link', { name: 'Чеки' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Чеки' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Меню аккаунта' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Чеки' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens sections as separate pages on mobile, and shows the profile id on the home', async () => {
    const { user } = renderApp('/account', { deviceKind: 'mobile' });
    const menu = await screen.findByRole('navigation', { name: 'Меню аккаунта' });
    expect(screen.getAllByText('ID профиля: 42').length).toBeGreaterThan(0);
    await user.click(within(menu).getByRole('link', { name: 'Чеки' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Чеки' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Меню аккаунта' })).not.toBeInTheDocument();
  });
});

describe('redirect helpers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['/cloud_redirect?EK_id=12&EP_id=34&utm=1', '/movie/12/34/?utm=1'],
    ['/cloud_redirect?EK_id=12', '/movie/12/'],
    ['/cloud_redirect?tv_channel_id=7', '/tv/7/'],
    ['/cloud_redirect?utm=1', '/?utm=1'],
    ['/movie/12/cloud_redirect', '/movie/12/'],
    ['/movie/12/34/cloud_redirect', '/movie/12/34/'],
    ['/tv/7/cloud_redirect', '/tv/7/'],
    ['/account/packages/5/cloud_redirect?EK_id=3', '/movie/3/'],
    ['/account/packages/5/cloud_redirect', '/'],
  ])('%s goes to %s', async (from, to) => {
    const { where } = renderApp(from);
    await vi.waitFor(() => expect(where()).toBe(to));
  });

  it('shows the loader on …/redirect and goes to the target after 8 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { where } = renderApp('/tv/7/redirect?utm=1');
    expect(await screen.findByText('Перенаправляем…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(where()).toBe('/tv/7/redirect?utm=1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1100);
    });
    await vi.waitFor(() => expect(where()).toBe('/tv/7/?utm=1'));
  });
});
