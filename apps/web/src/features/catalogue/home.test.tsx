import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/**
 * Stands in for the browser's scrolling: `window.scrollY` as the test sets it, and for every
 * `scrollTo` the position asked for with the rails on the page at that moment (ScrollRestoration
 * scrolls once, in a layout effect of the commit that shows the screen).
 */
function fakeScrolling() {
  let y = 0;
  const scrolls: { y: number; rails: number }[] = [];
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
    y = top;
    scrolls.push({ y: top, rails: document.querySelectorAll('main section').length });
  }) as typeof window.scrollTo);
  return {
    scrolls,
    scrollTo: (top: number) => {
      y = top;
    },
  };
}

describe('catalogue home', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

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

  it('comes back from a card by Back with every rail there when its scroll position is restored', async () => {
    const scrolling = fakeScrolling();
    const { router } = setup();
    await screen.findByRole('region', { name: 'Популярные сериалы' });
    const rails = railTitles().length;
    scrolling.scrollTo(1500);

    await act(() => router.navigate('/movie/12/?utm_source=mail'));
    expect(scrolling.scrolls.at(-1)?.y).toBe(0);
    await act(() => router.navigate(-1));

    // Not the first rails alone (the rest following in a transition): the page would be too short to
    // scroll back down to where it was left.
    expect(scrolling.scrolls.at(-1)).toEqual({ y: 1500, rails });
  });

  it('opens the home page anew with the first rails at once and the rest right after', async () => {
    const scrolling = fakeScrolling();
    const { router, user } = setup();
    await screen.findByRole('region', { name: 'Популярные сериалы' });
    await act(() => router.navigate('/movie/12/?utm_source=mail'));
    scrolling.scrollTo(700);

    await user.click(screen.getByRole('link', { name: 'Кадр — на главную' }));
    await screen.findByRole('region', { name: 'Популярные сериалы' });

    // A new visit starts at the top, where the first rails are what is seen.
    expect(scrolling.scrolls.at(-1)).toEqual({ y: 0, rails: 3 });
  });
});
