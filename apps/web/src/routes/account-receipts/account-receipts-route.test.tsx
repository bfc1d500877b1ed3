import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingHandlers, sampleReceipts } from '../../testing/billing-fixtures';
import { createFakeServices, never } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { AccountReceiptsRoute } from './account-receipts-route';

function setup(handlers = billingHandlers({ receipts: sampleReceipts() })) {
  return renderWithApp(<AccountReceiptsRoute />, { fake: createFakeServices({ handlers }) });
}

describe('AccountReceiptsRoute', () => {
  it('is titled «Чеки»', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Чеки' })).toBeInTheDocument();
  });

  it('makes only a succeeded receipt a link, opening in a new tab, with its registration date', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Чеки об оплате' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://receipts.kadr.example/r/1');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveTextContent('Подписка «Кадр Премиум», 1 месяц');
    expect(links[0]).toHaveTextContent('299,00₽');
    expect(links[0]).toHaveTextContent('Чек от 26 ноября 2026');
  });

  it('shows the other receipts with description and price only', async () => {
    setup();
    const items = within(await screen.findByRole('list', { name: 'Чеки об оплате' })).getAllByRole(
      'listitem',
    );
    expect(items[1]).toHaveTextContent(/^Подписка «Кино ТВ», 1 месяц199,00₽$/);
    expect(items[2]).toHaveTextContent(/^Подписка «Спорт», 1 месяц399,00₽$/);
  });

  it('says where receipts will be when there are none', async () => {
    setup(billingHandlers());
    expect(await screen.findByText('Здесь будут чеки об оплате.')).toBeInTheDocument();
  });

  it('announces loading', () => {
    setup({ listReceipts: never });
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем чеки…');
  });
});
