import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServices, never } from '../testing/fake-services';
import { renderApp } from '../testing/render-app';
import { pageTitle } from './page-title';

describe('page titles', () => {
  it.each([
    ['/', 'Кадр — Каталог'],
    ['/tv', 'Кадр — Телеканалы'],
    ['/tv/7/', 'Кадр — Новости'],
    ['/tv/2/tv_guide', 'Кадр — Телепрограмма: Кино ТВ'],
    ['/movie/12/', 'Кадр — Тихий дом'],
    ['/movie/9/102/', 'Кадр — Северный ветер'],
    ['/movie/31/tv_guide', 'Кадр — Телепрограмма: Кино ТВ'],
    ['/search', 'Кадр — Поиск'],
    ['/account', 'Кадр — Аккаунт'],
    ['/account/packages', 'Кадр — Подписки'],
    ['/account/packages/77', 'Кадр — Пакет подписки 77'],
    ['/account/cards', 'Кадр — Управление картами'],
    ['/account/receipts', 'Кадр — Чеки'],
    ['/about_us', 'Кадр — О нас'],
    ['/auth_partner', 'Кадр — Вход через внешний сервис'],
    ['/tv/7/redirect', 'Кадр — Перенаправление'],
  ])('%s is titled «%s»', async (path, title) => {
    renderApp(path);
    await vi.waitFor(() => expect(document.title).toBe(title));
  });

  it('names a content card by the brand alone while its title is loading', async () => {
    const fake = createFakeServices({ handlers: { getContent: never } });
    renderApp('/movie/12/', { fake });
    await screen.findByRole('status');
    await vi.waitFor(() => expect(document.title).toBe('Кадр'));
  });

  it('follows the visitor to the next screen, dropping the last screen’s name', async () => {
    const { router } = renderApp('/movie/12/');
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Тихий дом'));
    await router.navigate('/search');
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Поиск'));
  });

  it('reads «Кадр — …», or «Кадр» alone', () => {
    expect([pageTitle('Поиск'), pageTitle()]).toEqual(['Кадр — Поиск', 'Кадр']);
  });
});
