import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCheckoutWidget } from '../../features/payment/fake-checkout-widget';
import { type BillingFakeOptions, billingHandlers, packageInfo } from '../../testing/billing-fixtures';
import { apiError, createFakeServices, type FakeHandlers } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';

let widget: ReturnType<typeof installFakeCheckoutWidget>;
beforeEach(() => {
  widget = installFakeCheckoutWidget();
});
afterEach(() => widget.remove());

function setup(
  path: string,
  {
    billing,
    handlers,
    deviceKind,
  }: { billing?: BillingFakeOptions; handlers?: FakeHandlers; deviceKind?: 'mobile' } = {},
) {
  const fake = createFakeServices({
    handlers: { ...billingHandlers({ delay: 0, ...billing }), ...handlers },
  });
  const app = renderApp(path, { fake, deviceKind });
  const unsubscribes = () =>
    app.calls.filter((call) => call.id === 'unsubscribePackage').map((call) => call.input);
  return { ...app, unsubscribes };
}

/** The main button, whose text is the tariff's pay_text (the fixture words it by status). */
const mainButton = (
  name: RegExp | string = /^(Подключить за 299 ₽ в месяц|Управлять подпиской|Возобновить подписку)$/,
) => screen.findByRole('button', { name });

describe('package detail', () => {
  it('shows the name, the poster and the main button with the tariff’s pay_text, without pay_info when not bought', async () => {
    setup('/account/packages/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Кадр Премиум' })).toBeInTheDocument();
    expect(await mainButton('Подключить за 299 ₽ в месяц')).toBeEnabled();
    expect(screen.queryByText(/Следующее списание/)).not.toBeInTheDocument();
  });

  it('shows pay_info when the package is confirmed', async () => {
    setup('/account/packages/2');
    await screen.findByRole('heading', { level: 2, name: 'Кадр Семья' });
    expect(screen.getByText('Следующее списание 299 ₽ 26 декабря 2026')).toBeInTheDocument();
  });

  it('disables the button for a package held through an active parent, saying why', async () => {
    setup('/account/packages/4');
    const button = await mainButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/входит в вашу подписку/);
  });

  it('disables the button for a package granted by hand', async () => {
    setup('/account/packages/10');
    const button = await mainButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Подписка подключена оператором, изменить её здесь нельзя.');
  });

  it('disables buying a package sold only in a mobile store, saying where it is sold', async () => {
    const { calls } = setup('/account/packages/11', {
      billing: { packages: [packageInfo(11, 'Детям', { goods: { store_name: 'google_play' } })] },
    });
    const button = await mainButton('Подключить за 299 ₽ в месяц');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Этот пакет оформляется в мобильном приложении Кадра, через магазин приложений.',
    );
    expect(calls.some((call) => call.id === 'createPayment')).toBe(false);
  });

  it('says so for an unknown package, with a link to the list', async () => {
    setup('/account/packages/404?a=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Такого пакета нет.');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Все подписки' })).toHaveAttribute(
      'href',
      '/account/packages?a=1',
    );
  });

  it('names the tab after the package', async () => {
    setup('/account/packages/3');
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Кадр Премиум'));
  });

  it('has a back button in the mobile header', async () => {
    setup('/account/packages/3', { deviceKind: 'mobile' });
    await screen.findByRole('heading', { level: 2, name: 'Кадр Премиум' });
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
  });
});

describe('buying', () => {
  it('opens the payment overlay; a confirmed payment reports EK_BUY_SUCCESS and refreshes the package', async () => {
    const { user, goals, calls } = setup('/account/packages/3');
    await user.click(await mainButton());
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { package_id: 3 } }]);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.id === 'getPackageInfoById').length).toBeGreaterThan(1),
    );
  });

  it('returns to returnPathname after a confirmed payment, naming the content in the goal', async () => {
    const { user, goals, router, where } = setup('/movie/12/?utm=1');
    await screen.findByRole('heading', { level: 1, name: 'Тихий дом' });
    await router.navigate('/account/packages/3?utm=1', { state: { returnPathname: '/movie/12/' } });
    await user.click(await mainButton());
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(where()).toBe('/movie/12/?utm=1'));
    expect(goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { EK_id: 12, package_id: 3 } }]);
  });

  it('closing the overlay returns the focus to the main button', async () => {
    const { user } = setup('/account/packages/3');
    const button = await mainButton();
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Закрыть оплату' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('cancellation flow', () => {
  it('confirmed: page one with the end date and notices, then the reasons, then the cancel', async () => {
    const { user, unsubscribes } = setup('/account/packages/2');
    await user.click(await mainButton());
    const pageOne = screen.getByRole('dialog', { name: 'Управление подпиской' });
    expect(pageOne).toHaveTextContent('Подписка действует до 26 декабря 2026.');
    expect(pageOne).toHaveTextContent('Подписка продлевается автоматически.');
    expect(pageOne).toHaveTextContent('управляются в настройках аккаунта магазина');
    await user.click(within(pageOne).getByRole('button', { name: 'Отменить подписку' }));

    const reasons = screen.getByRole('dialog', { name: 'Дайте нам всё исправить!' });
    expect(within(reasons).queryByRole('button', { name: 'Отменить подписку' })).not.toBeInTheDocument();
    await user.click(within(reasons).getByRole('radio', { name: 'Технические проблемы' }));
    await user.click(within(reasons).getByRole('button', { name: 'Отменить подписку' }));

    expect(await screen.findByRole('alertdialog', { name: 'Подписка успешно отменена' })).toBeInTheDocument();
    expect(unsubscribes()).toEqual([{ body: { package_id: 2, reason: 'technical_problems' } }]);
  });

  it('«Ок» after the cancel goes back', async () => {
    const { user, router, where } = setup('/account/packages');
    await router.navigate('/account/packages/2');
    await user.click(await mainButton());
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    await user.click(screen.getByRole('radio', { name: 'Редко пользуюсь сервисом' }));
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    await user.click(await screen.findByRole('button', { name: 'Ок' }));
    await vi.waitFor(() => expect(where()).toBe('/account/packages'));
  });

  it('after the cancel the package is loaded again and shows its new status', async () => {
    const { user, calls } = setup('/account/packages/2');
    await user.click(await mainButton());
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    await user.click(screen.getByRole('radio', { name: 'Не устраивает цена' }));
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    await screen.findByRole('alertdialog', { name: 'Подписка успешно отменена' });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.id === 'getPackageInfoById').length).toBeGreaterThan(1),
    );
    // cancelled now: the main button restores, and pay_info says until when.
    expect(await mainButton('Возобновить подписку')).toBeInTheDocument();
    expect(screen.getByText('Подписка действует до 26 декабря 2026')).toBeInTheDocument();
  });

  it('trial: the warning, the reasons, the trial confirm, then the cancel', async () => {
    const { user, unsubscribes } = setup('/account/packages/5');
    await user.click(await mainButton());
    const warning = screen.getByRole('dialog', {
      name: 'Подписка перестанет действовать сразу после отмены',
    });
    await user.click(within(warning).getByRole('button', { name: 'Продолжить' }));
    await user.click(screen.getByRole('radio', { name: 'Редко пользуюсь сервисом' }));
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    const confirm = screen.getByRole('dialog', { name: 'Подтвердите отключение бесплатного периода' });
    expect(confirm).toHaveTextContent('После отключения подписка будет стоить 299,00₽ в месяц.');
    expect(unsubscribes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByRole('alertdialog', { name: 'Подписка успешно отменена' })).toBeInTheDocument();
    expect(unsubscribes()).toEqual([{ body: { package_id: 5, reason: 'rarely_use' } }]);
  });

  it('first hours: only «Проверка платежа», closed with «Понятно», no cancel possible', async () => {
    const { user, unsubscribes } = setup('/account/packages/6');
    await user.click(await mainButton());
    const check = screen.getByRole('alertdialog', { name: 'Проверка платежа' });
    expect(within(check).queryByRole('button', { name: /Отменить|Продолжить/ })).not.toBeInTheDocument();
    await user.click(within(check).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(unsubscribes()).toEqual([]);
  });

  it('«Передумал отменять» closes the flow and returns the focus to the main button', async () => {
    const { user, unsubscribes } = setup('/account/packages/2');
    const button = await mainButton();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    await user.click(screen.getByRole('button', { name: 'Передумал отменять' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(unsubscribes()).toEqual([]);
  });

  it('suspended packages open the same flow', async () => {
    const { user } = setup('/account/packages/8');
    await user.click(await mainButton());
    expect(screen.getByRole('dialog', { name: 'Управление подпиской' })).toBeInTheDocument();
  });

  it('a mobile store’s subscription: page one says where to manage it, with «Понятно» only', async () => {
    const { user } = setup('/account/packages/9');
    await user.click(await mainButton());
    const pageOne = screen.getByRole('dialog', { name: 'Управление подпиской' });
    expect(within(pageOne).queryByRole('button', { name: 'Отменить подписку' })).not.toBeInTheDocument();
    await user.click(within(pageOne).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed cancel says so in Russian', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup('/account/packages/2', {
      handlers: {
        unsubscribePackage: () => {
          throw apiError(424, 'too_late');
        },
      },
    });
    await user.click(await mainButton());
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    await user.click(screen.getByRole('radio', { name: 'Не устраивает цена' }));
    await user.click(screen.getByRole('button', { name: 'Отменить подписку' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Не удалось отменить подписку' });
    expect(notice).toHaveTextContent('не позднее чем за 24 часа');
  });
});

describe('restore', () => {
  it('cancelled: the main button restores and shows «Подписка возобновлена»', async () => {
    const { user, calls } = setup('/account/packages/7');
    await user.click(await mainButton('Возобновить подписку'));
    const done = await screen.findByRole('alertdialog', { name: 'Подписка возобновлена' });
    expect(calls.find((call) => call.id === 'restorePackage')?.input).toEqual({ body: { package_id: 7 } });
    await user.click(within(done).getByRole('button', { name: 'Ок' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await mainButton('Управлять подпиской')).toHaveFocus();
  });

  it('a failed restore says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup('/account/packages/7', {
      handlers: {
        restorePackage: () => {
          throw apiError(500);
        },
      },
    });
    await user.click(await mainButton());
    expect(
      await screen.findByRole('alertdialog', { name: 'Не удалось возобновить подписку' }),
    ).toBeInTheDocument();
  });
});
