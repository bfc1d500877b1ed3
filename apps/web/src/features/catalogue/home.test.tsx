import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, createFakeServices, type FakeHandlers, never } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';

function setup(options: { handlers?: FakeHandlers; mobile?: boolean } = {}) {
  const fake = createFakeServices({ handlers: options.handlers });
  return renderApp('/?utm_source=mail', { fake, deviceKind: options.mobile ? 'mobile' : 'desktop' });
}

/** Titles of the rails on the page, in order. */
const railTitles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('catalogue home', () => {
  it('shows a loader while there are no collections yet', async () => {
    setup({ handlers: { getCollections: never } });
    expect(await screen.findByText('Загружаем подборки…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Каталог' })).toBeInTheDocument();
  });

  it('asks for the Main2 rails, 15 per rail', async () => {
    const { calls } = setup();
    await screen.findByRole('region', { name: 'Главное' });
    expect(calls.find((call) => call.id === 'getCollections')?.input).toEqual({
      query: { tab_id: 'Main2', RB_queue_count: 15, RB_teaser_count: 15 },
    });
  });

  it('puts the first banner rail first, then the others in their order', async () => {
    setup();
    // The rails after the first three follow in a transition, right after the first paint.
    await screen.findByRole('region', { name: 'Популярные сериалы' });
    expect(railTitles()).toEqual([
      'Главное',
      'Продолжить просмотр',
      'Новинки',
      'Премьеры недели',
      'Популярные сериалы',
    ]);
  });

  it('links every card to /movie/{EK_id}/ carrying the query string', async () => {
    setup();
    const rail = await screen.findByRole('region', { name: 'Новинки' });
    const link = within(rail).getByRole('link', { name: 'Последний рейс Триллер, 2022' });
    expect(link).toHaveAttribute('href', '/movie/103/?utm_source=mail');
  });

  it('shows banner thumbnails on banner rails and poster thumbnails on teaser rails', async () => {
    setup();
    const banners = await screen.findByRole('region', { name: 'Премьеры недели' });
    const teasers = screen.getByRole('region', { name: 'Новинки' });
    // The card picture, not its sticker (a decorative img that renders at once, while LazyImage
    // renders its img when the box is seen: which comes first in the rail depends on timing).
    const src = (rail: HTMLElement) =>
      rail.querySelector('img:not([aria-hidden="true"])')?.getAttribute('src') ?? '';
    await vi.waitFor(() => {
      expect(decodeURIComponent(src(banners))).toContain('width="1280" height="540"');
      expect(decodeURIComponent(src(teasers))).toContain('width="285" height="400"');
    });
  });

  it('loads the lead rail’s first images at once and the rest lazily', async () => {
    setup();
    const lead = await screen.findByRole('region', { name: 'Главное' });
    // Eager images render with the rail; a lazy one renders its img once its box is seen, which
    // in jsdom (no IntersectionObserver) is an effect later: wait for it rather than race it.
    await vi.waitFor(() => {
      const images = within(lead).getAllByRole('presentation');
      expect(images[0]).toHaveAttribute('loading', 'eager');
      expect(images.at(-1)).toHaveAttribute('loading', 'lazy');
    });
  });

  it('has arrows on desktop and none on mobile', async () => {
    setup({ mobile: true });
    await screen.findByRole('region', { name: 'Главное' });
    expect(screen.queryByRole('button', { name: 'Прокрутить вправо' })).not.toBeInTheDocument();
  });

  it('offers a retry when the rails cannot be loaded', async () => {
    let fail = true;
    const { user } = setup({
      handlers: {
        getCollections: () => {
          if (fail) throw apiError(500, 'internal');
          return { collections: [] };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Не удалось загрузить подборки' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Подборки скоро появятся.')).toBeInTheDocument();
  });
});
