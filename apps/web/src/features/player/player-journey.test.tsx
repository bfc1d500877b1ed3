import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingHandlers, packageInfo } from '../../testing/billing-fixtures';
import { filmContent, goods, seriesContent } from '../../testing/catalogue-fixtures';
import { createFakeServices } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';
import { installFakeCheckoutWidget } from '../payment/fake-checkout-widget';
import type { createFakeEngine } from './fake-controller';
import { videoJsEngine } from './videojs-engine';

// The whole app with the player's engine replaced by fake controllers (the real one needs a browser).
vi.mock('./videojs-engine', async () => {
  const { createFakeEngine } = await import('./fake-controller');
  return { videoJsEngine: createFakeEngine() };
});
const engine = videoJsEngine as ReturnType<typeof createFakeEngine>;

describe('the player inside the app', () => {
  it('keeps playing when the next episode moves the address from the card to the episode', async () => {
    const series = seriesContent();
    const fake = createFakeServices({
      handlers: {
        getRelease: () => ({ content_url: 'https://kadr.test/m.m3u8', drm: null, preview_timer: 20 }),
      },
    });
    const { user, where } = renderApp('/movie/9/?utm_source=x', { fake });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await screen.findByRole('timer');
    const controller = engine.last();
    const second = series.episodes[1];
    expect(controller.options.episodes?.map((episode) => episode.EP_id)).toEqual(
      series.episodes.map((episode) => episode.EP_id),
    );
    controller.set({ currentEpisodeId: second!.EP_id });
    controller.options.onEpisodeChange?.(second!.EP_id);
    await vi.waitFor(() => expect(where()).toBe(`/movie/9/${second!.EP_id}/?utm_source=x`));
    expect(screen.getByRole('region', { name: 'Плеер' })).toBeInTheDocument();
    expect(engine.last()).toBe(controller);
    expect(controller.calls).not.toContain('destroy');
  });

  it('pays from the preview overlay in place; the content reloads and the same player turns full', async () => {
    const widget = installFakeCheckoutWidget();
    let bought = false;
    // Nothing bought yet: no registration prompt before the preview.
    const billing = billingHandlers({ delay: 0, packages: [packageInfo(3, 'Кадр Премиум')] });
    const fake = createFakeServices({
      handlers: {
        ...billing,
        getRelease: () => ({ content_url: 'https://kadr.test/m.m3u8', drm: null, preview_timer: 20 }),
        // The film is in package 3; once checkPayment confirms, the api answers is_bought true.
        getContent: () =>
          filmContent({
            goods: goods({ is_bought: bought, status: bought ? 'confirmed' : 'not_purchased' }),
          }),
        checkPayment: (input) => {
          bought = true;
          return billing.checkPayment!(input);
        },
      },
    });
    const { user, goals, where } = renderApp('/movie/12/?utm_source=x', { fake });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await screen.findByRole('timer');
    const controller = engine.last();
    await user.click(screen.getByRole('button', { name: 'Оформить подписку' }));
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(controller.calls).toContain('setBought:true'));
    expect(engine.last()).toBe(controller);
    expect(goals).toEqual([{ goal: 'PLAYER_BUY_SUCCESS', params: { EK_id: 12, package_id: 3 } }]);
    expect(where()).toBe('/movie/12/?utm_source=x');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    widget.remove();
  });

  it('shows a guest who holds a package the header prompt, and the prompt before playing', async () => {
    const fake = createFakeServices({
      handlers: {
        ...billingHandlers(),
        getRelease: () => ({ content_url: 'https://kadr.test/m.m3u8', drm: null, preview_timer: 20 }),
      },
    });
    const { user } = renderApp('/movie/12/', { fake });
    const title = 'Зарегистрируйтесь, чтобы не потерять доступ к подписке';
    expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
