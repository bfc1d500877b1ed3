import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCheckoutWidget } from '../../features/payment/fake-checkout-widget';
import {
  type BillingFakeOptions,
  billingHandlers,
  daysAhead,
  END,
  packageInfo,
  trialOffer,
} from '../../testing/billing-fixtures';
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

/** The main button, named for what it does: the tariff's pay_text to buy, otherwise its action. */
const mainButton = (name: RegExp | string) => screen.findByRole('button', { name });
const BUY = 'Подключить за 299 ₽ в месяц';
const CANCEL = 'Отменить подписку';
/** The open dialog named `name`. */
const dialog = (name: string) => screen.getByRole('dialog', { name });
/** The page's facts: each term with its detail. */
const facts = () =>
  Object.fromEntries(
    screen.queryAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
/** The standing's badge (the list's look). */
const badge = (text: string) => screen.getByText(text, { selector: '[data-look]' });

describe('package detail', () => {
  it('not bought: the price badge, the main button with the tariff’s pay_text, no dates and no pay_info', async () => {
    setup('/account/packages/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Кадр Премиум' })).toBeInTheDocument();
    expect(await mainButton(BUY)).toBeEnabled();
    expect(badge('299,00₽ в месяц')).toHaveAttribute('data-look', 'offer');
    expect(facts()).toEqual({});
    expect(screen.queryByText('Подписка продлевается автоматически каждый месяц')).not.toBeInTheDocument();
    expect(screen.queryByText(/проверки карты/)).not.toBeInTheDocument();
  });

  it('bought: «Подключена», paid until and the next charge with its amount, a button that cancels, pay_info', async () => {
    setup('/account/packages/2');
    await screen.findByRole('heading', { level: 2, name: 'Кадр Семья' });
    expect(badge('Подключена')).toHaveAttribute('data-look', 'status');
    expect(facts()).toEqual({
      'Оплачено до': '26 декабря 2026',
      'Следующее списание': '26 декабря 2026, 299,00₽',
    });
    expect(await mainButton(CANCEL)).toBeEnabled();
    expect(screen.queryByRole('button', { name: BUY })).not.toBeInTheDocument();
    expect(screen.getByText('Подписка продлевается автоматически каждый месяц')).toBeInTheDocument();
  });

  it('in its trial: the days left and the first charge, a button that turns the trial off', async () => {
    setup('/account/packages/5');
    expect(await mainButton('Отключить бесплатный период')).toBeEnabled();
    expect(badge('Подключена')).toBeInTheDocument();
    expect(facts()).toEqual({
      'Бесплатный период': 'осталось 5 дней',
      'Первое списание': expect.stringMatching(/^\d+ [а-я]+ \d{4}, 199,00₽$/),
    });
  });

  it('in its trial’s last day: «остался 1 день»', async () => {
    setup('/account/packages/5', {
      billing: {
        packages: [
          packageInfo(5, 'Кино ТВ', {
            goods: {
              status: 'confirmed',
              is_bought: true,
              is_trial_current: true,
              store_name: 'web',
              ended_at: daysAhead(1),
              actions: ['cancel_trial_package'],
            },
          }),
        ],
      },
    });
    await mainButton('Отключить бесплатный период');
    expect(facts()).toMatchObject({ 'Бесплатный период': 'остался 1 день' });
  });

  it('cancelled: «Отменена», valid until, renewal off, a button that restores', async () => {
    setup('/account/packages/7');
    expect(await mainButton('Возобновить подписку')).toBeEnabled();
    expect(badge('Отменена')).toBeInTheDocument();
    expect(facts()).toEqual({
      'Действует до': '26 декабря 2026',
      Автопродление: 'отключено, списаний больше не будет',
    });
  });

  it('suspended: «Ожидает оплаты», paid until and the failed charge, a button that cancels', async () => {
    setup('/account/packages/8');
    expect(await mainButton(CANCEL)).toBeEnabled();
    expect(badge('Ожидает оплаты')).toBeInTheDocument();
    expect(facts()).toEqual({ 'Оплачено до': '26 декабря 2026' });
    expect(
      screen.getByText(
        'Не удалось списать 299,00₽ за продление. Доступ к пакету вернётся, как только оплата пройдёт.',
      ),
    ).toBeInTheDocument();
  });

  it('a store’s subscription: valid until, renewed in the store, a button that opens its management', async () => {
    setup('/account/packages/9');
    expect(await mainButton('Управление подпиской')).toBeEnabled();
    expect(facts()).toEqual({ 'Действует до': '26 декабря 2026', Автопродление: 'в магазине приложений' });
  });

  it('a hidden package bought from its title shows its status like any other', async () => {
    setup('/account/packages/20', {
      billing: {
        hidden: [20],
        packages: [
          packageInfo(20, 'Документальное', {
            goods: {
              status: 'confirmed',
              is_bought: true,
              store_name: 'web',
              ended_at: END,
              actions: ['cancel_package'],
            },
          }),
        ],
      },
    });
    expect(await mainButton(CANCEL)).toBeEnabled();
    expect(badge('Подключена')).toBeInTheDocument();
  });

  it('a trial offered: the 1 ₽ card check is said before paying, as the button’s description', async () => {
    setup('/account/packages/12', { billing: { packages: [trialOffer()] } });
    const button = await mainButton('Попробовать 7 дней бесплатно');
    const text =
      'Бесплатный период начнётся после проверки карты: спишем с неё 1,00₽. Когда он закончится, подписка будет стоить 199,00₽ в месяц и продлится автоматически.';
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription(text);
  });

  it('a trial offered: the payment screen says the card check too and charges 1 ₽', async () => {
    const { user } = setup('/account/packages/12', { billing: { packages: [trialOffer()] } });
    await user.click(await mainButton('Попробовать 7 дней бесплатно'));
    const pay = await screen.findByRole('dialog', { name: 'Кино' });
    expect(within(pay).getByText(/^Бесплатный период начнётся после проверки карты/)).toBeInTheDocument();
    expect(within(pay).getByText('1,00₽')).toBeInTheDocument();
  });

  it('held through an active parent: «Входит в вашу подписку», valid until, the button disabled saying why', async () => {
    setup('/account/packages/4');
    const button = await mainButton(BUY);
    expect(badge('Входит в вашу подписку')).toHaveAttribute('data-look', 'offer');
    expect(facts()).toEqual({ 'Действует до': '26 декабря 2026' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/входит в вашу подписку/);
  });

  it('disables the button for a package granted by hand', async () => {
    setup('/account/packages/10');
    const button = await mainButton(CANCEL);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Подписка подключена оператором, изменить её здесь нельзя.');
  });

  it('disables buying a package sold only in a mobile store, saying where it is sold', async () => {
    const { calls } = setup('/account/packages/11', {
      billing: { packages: [packageInfo(11, 'Детям', { goods: { store_name: 'google_play' } })] },
    });
    const button = await mainButton(BUY);
    expect(button).toBeDisabled();
    expect(screen.queryByText('299,00₽ в месяц')).not.toBeInTheDocument();
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
    await user.click(await mainButton(BUY));
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
    await user.click(await mainButton(BUY));
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(where()).toBe('/movie/12/?utm=1'));
    expect(goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { EK_id: 12, package_id: 3 } }]);
  });

  it('closing the overlay returns the focus to the main button', async () => {
    const { user } = setup('/account/packages/3');
    const button = await mainButton(BUY);
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Закрыть оплату' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('cancellation flow', () => {
  it('confirmed: page one with the end date and notices, then the reasons, then the cancel', async () => {
    const { user, unsubscribes } = setup('/account/packages/2');
    await user.click(await mainButton(CANCEL));
    const pageOne = dialog('Управление подпиской');
    expect(pageOne).toHaveTextContent('Подписка действует до 26 декабря 2026.');
    expect(pageOne).toHaveTextContent('Подписка продлевается автоматически.');
    expect(pageOne).toHaveTextContent('управляются в настройках аккаунта магазина');
    await user.click(within(pageOne).getByRole('button', { name: 'Отменить подписку' }));

    const reasons = dialog('Дайте нам всё исправить!');
    expect(within(reasons).queryByRole('button', { name: 'Отменить подписку' })).not.toBeInTheDocument();
    await user.click(within(reasons).getByRole('radio', { name: 'Технические проблемы' }));
    await user.click(within(reasons).getByRole('button', { name: 'Отменить подписку' }));

    expect(await screen.findByRole('alertdialog', { name: 'Подписка успешно отменена' })).toBeInTheDocument();
    expect(unsubscribes()).toEqual([{ body: { package_id: 2, reason: 'technical_problems' } }]);
  });

  it('«Ок» after the cancel goes back', async () => {
    const { user, router, where } = setup('/account/packages');
    await router.navigate('/account/packages/2');
    await user.click(await mainButton(CANCEL));
    await user.click(within(dialog('Управление подпиской')).getByRole('button', { name: CANCEL }));
    await user.click(screen.getByRole('radio', { name: 'Редко пользуюсь сервисом' }));
    await user.click(within(dialog('Дайте нам всё исправить!')).getByRole('button', { name: CANCEL }));
    await user.click(await screen.findByRole('button', { name: 'Ок' }));
    await vi.waitFor(() => expect(where()).toBe('/account/packages'));
  });

  it('after the cancel the package is loaded again and shows its new status', async () => {
    const { user, calls } = setup('/account/packages/2');
    await user.click(await mainButton(CANCEL));
    await user.click(within(dialog('Управление подпиской')).getByRole('button', { name: CANCEL }));
    await user.click(screen.getByRole('radio', { name: 'Не устраивает цена' }));
    await user.click(within(dialog('Дайте нам всё исправить!')).getByRole('button', { name: CANCEL }));
    await screen.findByRole('alertdialog', { name: 'Подписка успешно отменена' });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.id === 'getPackageInfoById').length).toBeGreaterThan(1),
    );
    // cancelled now: the main button restores, and the page says until when.
    expect(await mainButton('Возобновить подписку')).toBeInTheDocument();
    expect(badge('Отменена')).toBeInTheDocument();
    expect(facts()).toMatchObject({ 'Действует до': '26 декабря 2026' });
  });

  it('trial: the warning, the reasons, the trial confirm, then the cancel', async () => {
    const { user, unsubscribes } = setup('/account/packages/5');
    await user.click(await mainButton('Отключить бесплатный период'));
    const warning = dialog('Подписка перестанет действовать сразу после отмены');
    await user.click(within(warning).getByRole('button', { name: 'Продолжить' }));
    await user.click(screen.getByRole('radio', { name: 'Редко пользуюсь сервисом' }));
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    const confirm = screen.getByRole('dialog', { name: 'Подтвердите отключение бесплатного периода' });
    expect(confirm).toHaveTextContent('После отключения подписка будет стоить 199,00₽ в месяц.');
    expect(unsubscribes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByRole('alertdialog', { name: 'Подписка успешно отменена' })).toBeInTheDocument();
    expect(unsubscribes()).toEqual([{ body: { package_id: 5, reason: 'rarely_use' } }]);
  });

  it('first hours: only «Проверка платежа», closed with «Понятно», no cancel possible', async () => {
    const { user, unsubscribes } = setup('/account/packages/6');
    await user.click(await mainButton(CANCEL));
    const check = screen.getByRole('alertdialog', { name: 'Проверка платежа' });
    expect(within(check).queryByRole('button', { name: /Отменить|Продолжить/ })).not.toBeInTheDocument();
    await user.click(within(check).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(unsubscribes()).toEqual([]);
  });

  it('«Передумал отменять» closes the flow and returns the focus to the main button', async () => {
    const { user, unsubscribes } = setup('/account/packages/2');
    const button = await mainButton(CANCEL);
    await user.click(button);
    await user.click(within(dialog('Управление подпиской')).getByRole('button', { name: CANCEL }));
    await user.click(screen.getByRole('button', { name: 'Передумал отменять' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(unsubscribes()).toEqual([]);
  });

  it('suspended packages open the same flow', async () => {
    const { user } = setup('/account/packages/8');
    await user.click(await mainButton(CANCEL));
    expect(dialog('Управление подпиской')).toBeInTheDocument();
  });

  it('a mobile store’s subscription: page one says where to manage it, with «Понятно» only', async () => {
    const { user } = setup('/account/packages/9');
    await user.click(await mainButton('Управление подпиской'));
    const pageOne = dialog('Управление подпиской');
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
    await user.click(await mainButton(CANCEL));
    await user.click(within(dialog('Управление подпиской')).getByRole('button', { name: CANCEL }));
    await user.click(screen.getByRole('radio', { name: 'Не устраивает цена' }));
    await user.click(within(dialog('Дайте нам всё исправить!')).getByRole('button', { name: CANCEL }));
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
    expect(await mainButton(CANCEL)).toHaveFocus();
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
    await user.click(await mainButton('Возобновить подписку'));
    expect(
      await screen.findByRole('alertdialog', { name: 'Не удалось возобновить подписку' }),
    ).toBeInTheDocument();
  });
});
