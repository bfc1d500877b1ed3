import { act, cleanup, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BillingFakeOptions, billingHandlers, trialOffer } from '../../testing/billing-fixtures';
import { apiError, createFakeServices, type FakeHandlers } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { installFakeCheckoutWidget } from './fake-checkout-widget';
import { type BuySource, FAIL_RELOAD_MS, PaymentOverlay } from './payment-overlay';

const TEXTS = ['Фильмы и сериалы без рекламы', 'Отмена в любой момент'];
let widget: ReturnType<typeof installFakeCheckoutWidget>;

beforeEach(() => {
  widget = installFakeCheckoutWidget();
});
afterEach(() => widget.remove());

function setup({
  billing = {},
  handlers = {},
  source = { goal: 'EK_BUY_SUCCESS', EK_id: 12 } as BuySource,
  packageId = 3,
  trial,
}: {
  billing?: BillingFakeOptions;
  handlers?: FakeHandlers;
  source?: BuySource;
  packageId?: number;
  trial?: { cost: number };
} = {}) {
  const fake = createFakeServices({
    handlers: { ...billingHandlers({ delay: 0, ...billing }), ...handlers },
  });
  const onClose = vi.fn();
  const onConfirmed = vi.fn();
  const app = renderWithApp(
    <PaymentOverlay
      packageId={packageId}
      texts={TEXTS}
      trial={trial}
      source={source}
      onClose={onClose}
      onConfirmed={onConfirmed}
    />,
    { fake },
  );
  return { ...app, onClose, onConfirmed };
}

const pay = async (user: ReturnType<typeof setup>['user']) =>
  user.click(await screen.findByRole('button', { name: 'Заплатить' }));

describe('PaymentOverlay', () => {
  it('shows a loader, then the package title, the tariff’s bullets and the price in roubles', async () => {
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Готовим форму оплаты…');
    const dialog = await screen.findByRole('dialog', { name: 'Кадр Премиум' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(TEXTS);
    expect(within(dialog).getByText('299,00₽')).toBeInTheDocument();
  });

  it('says the trial’s 1 ₽ card check above the price before paying', async () => {
    setup({ packageId: 12, trial: { cost: 199 }, billing: { packages: [trialOffer()] } });
    const dialog = await screen.findByRole('dialog', { name: 'Кино' });
    expect(
      within(dialog).getByText(
        'Бесплатный период начнётся после проверки карты: спишем с неё 1,00₽. Когда он закончится, подписка будет стоить 199,00₽ в месяц и продлится автоматически.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1,00₽')).toBeInTheDocument();
  });

  it('says no card check when the payment is not the trial’s (the trial was taken meanwhile)', async () => {
    setup({ trial: { cost: 299 } });
    const dialog = await screen.findByRole('dialog', { name: 'Кадр Премиум' });
    expect(within(dialog).getByText('299,00₽')).toBeInTheDocument();
    expect(within(dialog).queryByText(/проверки карты/)).not.toBeInTheDocument();
  });

  it('says no card check for a purchase without a trial', async () => {
    setup();
    await screen.findByRole('dialog', { name: 'Кадр Премиум' });
    expect(screen.queryByText(/проверки карты/)).not.toBeInTheDocument();
  });

  it('creates a widget_yookassa payment for the package and the device', async () => {
    const { calls } = setup();
    await screen.findByRole('dialog', { name: 'Кадр Премиум' });
    expect(calls.find((call) => call.id === 'createPayment')?.input).toEqual({
      body: { type: 'widget_yookassa', package_id: 3, device_uid: 'web_TESTDEVICE000000' },
    });
  });

  it('creates one payment under StrictMode’s double effects', async () => {
    const fake = createFakeServices({ handlers: billingHandlers({ delay: 0 }) });
    renderWithApp(
      <StrictMode>
        <PaymentOverlay
          packageId={3}
          texts={TEXTS}
          source={{ goal: 'EK_BUY_SUCCESS' }}
          onClose={() => {}}
          onConfirmed={() => {}}
        />
      </StrictMode>,
      { fake },
    );
    await screen.findByRole('button', { name: 'Заплатить' });
    expect(fake.calls.filter((call) => call.id === 'createPayment')).toHaveLength(1);
  });

  it('renders the widget with the confirmation token and fixed colours into its region', async () => {
    setup();
    await screen.findByRole('button', { name: 'Заплатить' });
    const region = screen.getByRole('region', { name: 'Форма оплаты картой' });
    expect(widget.last()?.options).toMatchObject({
      confirmation_token: 'ct-test-token',
      customization: { colors: { control_primary: '#e0322b', background: '#15151c' } },
    });
    expect(widget.last()?.renderedInto).toBe(region.id);
    expect(within(region).getByRole('button', { name: 'Заплатить' })).toBeInTheDocument();
  });

  it('opens and closes the payment information', async () => {
    const { user } = setup();
    const toggle = await screen.findByRole('button', { name: 'Информация об оплате' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Информация об оплате' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const info = screen.getByRole('region', { name: 'Информация об оплате' });
    expect(within(info).getByText(/ООО «Кадр Медиа»/, { selector: 'p' })).toBeInTheDocument();
    expect(within(info).getByRole('heading', { name: 'Правила оплаты' })).toBeInTheDocument();
    expect(within(info).getByRole('heading', { name: 'Реквизиты' })).toBeInTheDocument();
  });

  it('on success reports EK_BUY_SUCCESS, checks the payment and calls onConfirmed', async () => {
    const { user, goals, onConfirmed, calls } = setup();
    await pay(user);
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { EK_id: 12, package_id: 3 } }]);
    expect(calls.find((call) => call.id === 'checkPayment')?.input).toEqual({
      body: { type: 'widget_yookassa', payment_id: 'pay_1' },
    });
  });

  it('reports PLAYER_BUY_SUCCESS when opened from the player overlay', async () => {
    const { user, goals, onConfirmed } = setup({ source: { goal: 'PLAYER_BUY_SUCCESS', EK_id: 12 } });
    await pay(user);
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(goals.map((g) => g.goal)).toEqual(['PLAYER_BUY_SUCCESS']);
  });

  it('reports EK_BUY_SUCCESS without a content id from a package page opened directly', async () => {
    const { user, goals, onConfirmed } = setup({ source: { goal: 'EK_BUY_SUCCESS' } });
    await pay(user);
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { package_id: 3 } }]);
  });

  it('polls while pending and, with the retries used up, removes the widget and reloads', async () => {
    const { user, reloads, onConfirmed, calls } = setup({
      billing: { paymentStatuses: ['pending'], retries: 2 },
    });
    await pay(user);
    expect(await screen.findByText('Проверяем оплату…')).toBeInTheDocument();
    await vi.waitFor(() => expect(reloads()).toBe(1));
    expect(calls.filter((call) => call.id === 'checkPayment')).toHaveLength(3);
    expect(widget.last()?.destroyed).toBe(true);
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('shows a failure reported by the widget, then reloads the page', async () => {
    const { reloads } = setup();
    // The form is there once the widget rendered it (in the overlay's effect).
    await screen.findByRole('button', { name: 'Заплатить' });
    vi.useFakeTimers();
    try {
      act(() => widget.last()?.emit('fail'));
      // The widget's message stays readable, with ours for screen readers; no reload yet.
      expect(screen.getByRole('status')).toHaveTextContent(
        'Оплата не прошла. Страница обновится через несколько секунд.',
      );
      expect(screen.getByRole('button', { name: 'Заплатить' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(FAIL_RELOAD_MS - 1));
      expect(reloads()).toBe(0);
      act(() => vi.advanceTimersByTime(1));
      expect(reloads()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads at once when the overlay is closed after a failure', async () => {
    const { reloads, user, onClose } = setup();
    await screen.findByRole('button', { name: 'Заплатить' });
    act(() => widget.last()?.emit('fail'));
    await user.click(screen.getByRole('button', { name: 'Закрыть оплату' }));
    expect(reloads()).toBe(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the payment cannot be created, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const create = billingHandlers().createPayment!;
    const { user } = setup({
      handlers: {
        createPayment: (input) => {
          if (fail) throw apiError(500);
          return create(input);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось начать оплату.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByRole('region', { name: 'Форма оплаты картой' })).toBeInTheDocument();
  });

  it('says so when the widget cannot show the form, and starts a new payment on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, calls } = setup();
    await screen.findByRole('button', { name: 'Заплатить' });
    act(() => widget.last()?.options.error_callback?.({ error: 'token_expired' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось показать форму оплаты.');
    expect(widget.last()?.destroyed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    await screen.findByRole('region', { name: 'Форма оплаты картой' });
    expect(calls.filter((call) => call.id === 'createPayment')).toHaveLength(2);
  });

  it('says so when the widget’s script does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    widget.remove();
    setup();
    await vi.waitFor(() => expect(document.head.querySelector('script')).not.toBeNull());
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить форму оплаты.');
  });

  it('loads the widget the page names (the api writes it in), and creates no payment on a page that names none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    widget.remove();
    const meta = document.head.appendChild(document.createElement('meta'));
    meta.name = 'kadr:checkout-widget';
    meta.content = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';
    try {
      setup();
      await vi.waitFor(() =>
        expect(document.head.querySelector('script')?.getAttribute('src')).toBe(meta.content),
      );
      cleanup();
      document.head.querySelector('script')?.remove();
      meta.content = '';
      const { calls } = setup();
      expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить форму оплаты.');
      expect(calls.filter((call) => call.id === 'createPayment')).toEqual([]);
      expect(document.head.querySelector('script')).toBeNull();
    } finally {
      meta.remove();
    }
  });

  it('asks to close with its close button, and removes the widget when it goes', async () => {
    const { user, onClose } = setup();
    await screen.findByRole('button', { name: 'Заплатить' });
    await user.click(screen.getByRole('button', { name: 'Закрыть оплату' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    expect(widget.last()?.destroyed).toBe(true);
  });
});
