import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seriesContent } from '../../testing/catalogue-fixtures';
import { createFakeServices } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';
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
});
