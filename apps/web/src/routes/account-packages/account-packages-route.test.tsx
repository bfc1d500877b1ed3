import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingHandlers, END, packageInfo } from '../../testing/billing-fixtures';
import { createFakeServices, never } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { AccountPackagesRoute } from './account-packages-route';

function setup(handlers = billingHandlers(), deviceKind: 'desktop' | 'mobile' = 'desktop') {
  const fake = createFakeServices({ handlers });
  return renderWithApp(<AccountPackagesRoute />, {
    fake,
    deviceKind,
    path: '/account/packages?utm_source=mail',
  });
}

describe('AccountPackagesRoute', () => {
  it('shows parents under «Пакеты подписок» and the rest under «Отдельные пакеты»', async () => {
    setup();
    const parents = await screen.findByRole('region', { name: 'Пакеты подписок' });
    expect(
      within(parents)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Кадр Всё включено', 'Кадр Семья']);
    const individual = screen.getByRole('region', { name: 'Отдельные пакеты' });
    expect(within(individual).getAllByRole('listitem')).toHaveLength(8);
  });

  it('links each card to its package, keeping the query string', async () => {
    setup();
    const link = await screen.findByRole('link', { name: /Кадр Премиум/ });
    expect(link).toHaveAttribute('href', '/account/packages/3?utm_source=mail');
  });

  it('shows the badge of each card', async () => {
    setup();
    const bought = await screen.findByRole('link', { name: /Кадр Семья/ });
    expect(within(bought).getByText('Подключена')).toHaveAttribute('data-look', 'status');
    const child = screen.getByRole('link', { name: /Детский/ });
    expect(within(child).getByText('Входит в вашу подписку')).toHaveAttribute('data-look', 'offer');
  });

  it('lists a hidden package the viewer holds (bought from its title), not one they do not', async () => {
    const held = packageInfo(20, 'Документальное', {
      goods: { status: 'confirmed', is_bought: true, store_name: 'web', ended_at: END },
    });
    setup(
      billingHandlers({
        hidden: [20, 21],
        packages: [packageInfo(3, 'Кадр Премиум'), held, packageInfo(21, 'Архив')],
      }),
    );
    const card = await screen.findByRole('link', { name: /Документальное/ });
    expect(within(card).getByText('Подключена')).toHaveAttribute('data-look', 'status');
    expect(screen.queryByRole('link', { name: /Архив/ })).not.toBeInTheDocument();
  });

  it('shows the price line on a card not bought', async () => {
    setup();
    const offer = await screen.findByRole('link', { name: /Кадр Премиум/ });
    expect(within(offer).getByText('299,00₽ в месяц')).toHaveAttribute('data-look', 'offer');
  });

  it('leaves out a section with no packages', async () => {
    setup(billingHandlers({ packages: [packageInfo(3, 'Кадр Премиум')] }));
    await screen.findByRole('region', { name: 'Отдельные пакеты' });
    expect(screen.queryByRole('region', { name: 'Пакеты подписок' })).not.toBeInTheDocument();
  });

  it('says so when there are no packages', async () => {
    setup(billingHandlers({ packages: [] }));
    expect(await screen.findByText('Подписок пока нет. Загляните позже.')).toBeInTheDocument();
  });

  it('announces loading and keeps the sections’ layout while the list loads', () => {
    setup({ getEkPackages: never });
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем подписки…');
    expect(screen.getByRole('heading', { name: 'Подписки' })).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    const handlers = billingHandlers();
    const list = handlers.getEkPackages!;
    const { user } = setup({
      ...handlers,
      getEkPackages: (input) => {
        if (fail) throw new Error('offline');
        return list(input);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить подписки.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Пакеты подписок' })).toBeInTheDocument();
  });

  it('has a back button on mobile', async () => {
    setup(billingHandlers(), 'mobile');
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
  });
});
