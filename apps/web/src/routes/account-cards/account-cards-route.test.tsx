import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type BillingFakeOptions, billingHandlers, sampleCards } from '../../testing/billing-fixtures';
import { apiError, createFakeServices, type FakeHandlers, never } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { AccountCardsRoute, cardDigits } from './account-cards-route';

function setup(billing: BillingFakeOptions = {}, handlers: FakeHandlers = {}, deviceKind?: 'mobile') {
  const fake = createFakeServices({ handlers: { ...billingHandlers(billing), ...handlers } });
  return renderWithApp(<AccountCardsRoute />, { fake, deviceKind });
}

describe('cardDigits', () => {
  it('shows the first six digits and the last four when the first six are known', () => {
    expect(cardDigits({ number: '•••• 4242', first: '424242' })).toBe('4242 42•• •••• 4242');
    expect(cardDigits({ number: '•••• 0005' })).toBeNull();
  });
});

describe('AccountCardsRoute', () => {
  it('lists the saved cards masked, with a delete action each and the renewal note', async () => {
    setup({ cards: sampleCards(), packages: [] });
    const list = await screen.findByRole('list', { name: 'Сохранённые карты' });
    expect(within(list).getByText('Карта •••• 4242')).toBeInTheDocument();
    expect(within(list).getByText('4242 42•• •••• 4242')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Удалить карту •••• 0005' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Удалить карту можно после окончания подписки. Подписка будет автоматически продляться до отмены пользователем.',
      ),
    ).toBeInTheDocument();
  });

  it('says no card is added when there is none', async () => {
    setup();
    expect(await screen.findByText('Платежное средство не добавлено.')).toBeInTheDocument();
  });

  it('refuses the delete while a package is held, with the SPEC’s text and ОК', async () => {
    const { user, calls } = setup({ cards: sampleCards() });
    await user.click(await screen.findByRole('button', { name: 'Удалить карту •••• 4242' }));
    const notice = await screen.findByRole('alertdialog', {
      name: 'Платежное средство можно удалить после истечения срока подписки. Дождитесь окончания подписки и повторите действие',
    });
    expect(calls.find((call) => call.id === 'deleteCard')?.input).toEqual({
      body: { card_number: '•••• 4242' },
    });
    await user.click(within(notice).getByRole('button', { name: 'ОК' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Карта •••• 4242')).toBeInTheDocument();
  });

  it('deletes the card, says so, and ОК reloads the list', async () => {
    const { user, calls } = setup({ cards: sampleCards(), packages: [] });
    await user.click(await screen.findByRole('button', { name: 'Удалить карту •••• 4242' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Платежное средство удалено.' });
    const loads = calls.filter((call) => call.id === 'getCardList').length;
    await user.click(within(notice).getByRole('button', { name: 'ОК' }));
    await vi.waitFor(() => expect(screen.queryByText('Карта •••• 4242')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.id === 'getCardList').length).toBe(loads + 1);
    expect(screen.getByText('Карта •••• 0005')).toBeInTheDocument();
  });

  it('says so when a delete fails for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(
      { cards: sampleCards() },
      {
        deleteCard: () => {
          throw apiError(500);
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Удалить карту •••• 4242' }));
    expect(
      await screen.findByRole('alertdialog', {
        name: 'Не удалось удалить платежное средство. Попробуйте ещё раз немного позже.',
      }),
    ).toBeInTheDocument();
  });

  it('announces loading', () => {
    setup({}, { getCardList: never });
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем карты…');
  });

  it('has a back header on mobile', async () => {
    setup({}, {}, 'mobile');
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Управление картами' })).toBeInTheDocument();
  });
});
