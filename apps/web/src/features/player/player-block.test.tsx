import type { PlayerSnapshot } from '@kadr/player-core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRecordingAnalytics } from '../../shared/analytics/analytics';
import type { Episode } from '../../shared/catalogue-types';
import { type DeviceKind, DeviceKindContext } from '../../shared/device';
import { ServicesProvider } from '../../shared/services';
import { useSessionStore } from '../../shared/stores/session-store';
import { billingHandlers } from '../../testing/billing-fixtures';
import {
  channelContent,
  filmContent,
  goods,
  episodes as makeEpisodes,
  seriesContent,
} from '../../testing/catalogue-fixtures';
import { createFakeServices, type FakeHandler } from '../../testing/fake-services';
import { resetStores } from '../../testing/seed-stores';
import { installFakeCheckoutWidget } from '../payment/fake-checkout-widget';
import { createFakeEngine } from './fake-controller';
import { contentKindOf, PlayerBlock, type PlayerBlockProps } from './player-block';
import { type LoadPlayerEngine, PlayerEngineProvider } from './player-engine';
import { expiredSnapshot } from './player-fixtures';

/** Shows where the router is, with its navigation state. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output aria-label="address" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** The block with a switchable episode and goods, as the content card would re-render it. */
function Host(props: PlayerBlockProps & { nextEpisode?: number; boughtLater?: boolean }) {
  const [episodeId, setEpisodeId] = useState(props.episodeId);
  const [content, setContent] = useState(props.content);
  return (
    <>
      <PlayerBlock {...props} content={content} episodeId={episodeId} />
      <button type="button" onClick={() => setEpisodeId(props.nextEpisode)}>
        pick episode
      </button>
      <button
        type="button"
        onClick={() => setContent({ ...content, goods: { ...content.goods, is_bought: true } })}
      >
        bought
      </button>
      <LocationProbe />
    </>
  );
}

function setup(
  overrides: Partial<PlayerBlockProps & { nextEpisode: number }> = {},
  options: {
    initial?: Partial<PlayerSnapshot>;
    loadEngine?: LoadPlayerEngine;
    getRelease?: FakeHandler;
    device?: DeviceKind;
  } = {},
) {
  resetStores();
  const fake = createFakeServices({
    handlers: {
      ...billingHandlers({ delay: 0 }),
      getRelease:
        options.getRelease ??
        (() => ({ content_url: 'https://kadr.test/media/play/g/master.m3u8', drm: null, preview_timer: 20 })),
    },
  });
  const engine = createFakeEngine(options.initial);
  const goals = createRecordingAnalytics();
  fake.services.analytics = goals;
  let closed = 0;
  const view = render(
    <ServicesProvider services={fake.services}>
      <PlayerEngineProvider value={options.loadEngine ?? (async () => engine)}>
        <DeviceKindContext.Provider value={options.device ?? 'desktop'}>
          <MemoryRouter initialEntries={['/movie/12/?utm_source=test']}>
            <Host
              content={filmContent()}
              kind="movie"
              onClose={() => {
                closed += 1;
              }}
              {...overrides}
            />
          </MemoryRouter>
        </DeviceKindContext.Provider>
      </PlayerEngineProvider>
    </ServicesProvider>,
  );
  const address = () => screen.getByRole('status', { name: 'address' });
  return { ...fake, engine, goals, view, user: userEvent.setup(), address, closes: () => closed };
}

/** Waits until the engine has created its first controller. */
async function started(engine: ReturnType<typeof createFakeEngine>) {
  await screen.findByRole('timer');
  return engine.last();
}

describe('contentKindOf', () => {
  it('maps TVChan to live, TVShow to series and the rest to film', () => {
    expect([
      contentKindOf({ EK_type: 'TVChan' }),
      contentKindOf({ EK_type: 'TVShow' }),
      contentKindOf({ EK_type: 'film' }),
    ]).toEqual(['live', 'series', 'film']);
  });
});

describe('PlayerBlock', () => {
  it('shows the loading image, then creates a film controller in its video host and starts it', async () => {
    const { engine } = setup();
    expect(screen.getByText('Загружаем видео…')).toBeInTheDocument();
    const controller = await started(engine);
    expect(controller.calls).toEqual(['play']);
    expect(controller.options).toMatchObject({
      contentKind: 'film',
      goods: { is_bought: false },
      currentEpisodeId: undefined,
    });
    expect(controller.options.host).toBeInstanceOf(HTMLDivElement);
    expect(screen.getByRole('region', { name: 'Плеер' })).toContainElement(controller.options.host);
  });

  it('asks for the release while the engine loads, and hands it to the controller', async () => {
    const { engine, calls } = setup();
    const controller = await started(engine);
    expect(calls.filter((call) => call.id === 'getRelease').map((call) => call.input)).toEqual([
      { params: { id: 12 }, query: { dev_type: 'PCWEB', dev_model: 'web' } },
    ]);
    expect(controller.options.release).toEqual({
      content_url: 'https://kadr.test/media/play/g/master.m3u8',
      drm: null,
      preview_timer: 20,
    });
  });

  it('gives the controller a release loader for the content and its episodes', async () => {
    const { engine, calls } = setup();
    const controller = await started(engine);
    await controller.options.loadRelease(101);
    expect(calls.filter((call) => call.id === 'getRelease').at(-1)?.input).toEqual({
      params: { id: 12 },
      query: { dev_type: 'PCWEB', dev_model: 'web', EP_id: 101 },
    });
  });

  it('leaves the release to the controller when the early call fails', async () => {
    const { engine } = setup({}, { getRelease: () => Promise.reject(new Error('503')) });
    const controller = await started(engine);
    expect(controller.options.release).toBeUndefined();
  });

  it('does not guess the release of a series without an episode', async () => {
    const { engine, calls } = setup({ content: seriesContent(), episodes: makeEpisodes(1, 2) });
    await started(engine);
    expect(calls.filter((call) => call.id === 'getRelease')).toEqual([]);
  });

  it("reports the controller's start error as MOVIE_STARTED_ERROR with error_code", async () => {
    const { engine, goals } = setup({ episodeId: 101 });
    const controller = await started(engine);
    controller.options.analytics?.reachGoal('MOVIE_STARTED_ERROR', { error_code: 'MEDIA_NETWORK' });
    expect(goals.goals).toEqual([
      { goal: 'MOVIE_STARTED_ERROR', params: { error_code: 'MEDIA_NETWORK', EK_id: 12, EP_id: 101 } },
    ]);
  });

  it('names the episode playing now in a start error after an episode change', async () => {
    const series = seriesContent();
    const { engine, goals, user } = setup({
      content: series,
      episodes: makeEpisodes(1, 3),
      episodeId: 101,
      nextEpisode: 103,
    });
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'pick episode' }));
    controller.options.analytics?.reachGoal('MOVIE_STARTED_ERROR', { error_code: 'MEDIA_NETWORK' });
    expect(goals.goals).toEqual([
      {
        goal: 'MOVIE_STARTED_ERROR',
        params: { error_code: 'MEDIA_NETWORK', EK_id: series.EK_id, EP_id: 103 },
      },
    ]);
  });

  it('shows the play image again after a start error, and plays again with it', async () => {
    const { engine, user } = setup();
    const controller = await started(engine);
    act(() => controller.set({ phase: 'error', error: { code: 'MEDIA_NETWORK', message: 'x' } }));
    expect(screen.queryByText('Загружаем видео…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(controller.calls).toEqual(['play', 'play']);
  });

  it('reports a failed engine load, shows the play image, and loads again on a click', async () => {
    const engine = createFakeEngine();
    let attempts = 0;
    const loadEngine: LoadPlayerEngine = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return engine;
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { goals, user } = setup({}, { loadEngine });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    expect(goals.goals).toEqual([
      { goal: 'MOVIE_STARTED_ERROR', params: { error_code: 'ENGINE_LOAD_FAILED', EK_id: 12 } },
    ]);
    expect((await started(engine)).calls).toEqual(['play']);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('opens the pay dialog in place from the preview overlay, pausing the video', async () => {
    const widget = installFakeCheckoutWidget();
    const { engine, user, address, goals } = setup();
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'Оформить подписку' }));
    expect(await screen.findByRole('dialog', { name: 'Кадр Премиум' })).toBeInTheDocument();
    expect(controller.calls).toContain('pause');
    expect(address()).toHaveTextContent('/movie/12/?utm_source=test');
    expect(goals.goals).toEqual([]);
    widget.remove();
  });

  it('reports PLAYER_BUY_SUCCESS when a payment from the player overlay succeeds, and reloads the content', async () => {
    const widget = installFakeCheckoutWidget();
    const { engine, user, goals, services } = setup();
    const refetch = vi.spyOn(services.queryClient, 'invalidateQueries');
    await started(engine);
    await user.click(screen.getByRole('button', { name: 'Оформить подписку' }));
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(goals.goals).toEqual([{ goal: 'PLAYER_BUY_SUCCESS', params: { EK_id: 12, package_id: 3 } }]);
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['content'] });
    widget.remove();
  });

  it('reports EK_BUY_SUCCESS when a payment from the final block succeeds', async () => {
    const widget = installFakeCheckoutWidget();
    const { engine, goals, user } = setup();
    const controller = await started(engine);
    act(() => controller.set(expiredSnapshot()));
    await user.click(await screen.findByRole('button', { name: 'Подключить за 399 ₽ в месяц' }));
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(goals.goals).toHaveLength(1));
    expect(goals.goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { EK_id: 12, package_id: 3 } }]);
    widget.remove();
  });

  it('plays an episode picked in the slider in the open player', async () => {
    const series = seriesContent();
    const list: Episode[] = makeEpisodes(1, 3);
    const { engine, user } = setup({ content: series, episodes: list, episodeId: 101, nextEpisode: 103 });
    const controller = await started(engine);
    expect(controller.options).toMatchObject({ contentKind: 'series', currentEpisodeId: 101 });
    expect(controller.options.episodes?.map((episode) => episode.EP_id)).toEqual([101, 102, 103]);
    await user.click(screen.getByRole('button', { name: 'pick episode' }));
    expect(controller.calls).toEqual(['play', 'changeEpisode:103']);
  });

  it('puts the next episode the controller moved to into the address, without reloading it', async () => {
    const series = seriesContent();
    const { engine, address } = setup({ content: series, episodes: makeEpisodes(1, 3), episodeId: 101 });
    const controller = await started(engine);
    act(() => {
      controller.set({ currentEpisodeId: 102 });
      controller.options.onEpisodeChange?.(102);
    });
    expect(address()).toHaveTextContent('/movie/9/102/?utm_source=test');
    expect(controller.calls).toEqual(['play']);
  });

  it('turns into the full player when is_bought becomes true', async () => {
    const { engine, user } = setup();
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'bought' }));
    expect(controller.calls).toEqual(['play', 'setBought:true']);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вперёд на 10 секунд' })).toBeInTheDocument();
  });

  it('asks the player for a fresh grant when the viewer signs in or out, not before', async () => {
    const { engine } = setup();
    const controller = await started(engine);
    expect(controller.calls).toEqual(['play']);
    act(() => useSessionStore.setState({ loggedIn: true, phone: '79001112233', profileId: 77 }));
    expect(controller.calls).toEqual(['play', 'renewGrant']);
    act(() => useSessionStore.setState({ loggedIn: false, phone: null, profileId: 78 }));
    expect(controller.calls).toEqual(['play', 'renewGrant', 'renewGrant']);
  });

  it('plays the trailer episode as a free video, with no episodes to go on to', async () => {
    const { engine } = setup({
      kind: 'trailer',
      content: filmContent({ goods: goods({ is_preview: false }) }),
    });
    await screen.findByRole('toolbar', { name: 'Управление плеером' });
    const controller = engine.last();
    expect(controller.options).toMatchObject({
      contentKind: 'film',
      goods: { is_bought: true },
      currentEpisodeId: 9001,
    });
    expect(controller.options.episodes).toBeUndefined();
    expect(controller.options.onEpisodeChange).toBeUndefined();
  });

  it('closes with the close button and destroys the controller when it goes', async () => {
    const { engine, user, view, closes } = setup();
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    expect(closes()).toBe(1);
    view.unmount();
    expect(controller.calls.at(-1)).toBe('destroy');
  });

  it('seeks with the arrow keys through the controller', async () => {
    const { engine, user } = setup();
    const controller = await started(engine);
    screen.getByRole('region', { name: 'Плеер' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(controller.calls).toEqual(['play', 'key:ArrowRight']);
  });
});

describe('PlayerBlock offline download (decision 039)', () => {
  const download = () => screen.queryByRole('button', { name: 'Скачать' });

  it('offers «Скачать» on a phone for a film', async () => {
    const { engine } = setup({}, { device: 'mobile' });
    await started(engine);
    expect(download()).toBeInTheDocument();
  });

  it('offers «Скачать» on a phone for a series episode', async () => {
    const { engine } = setup(
      { content: seriesContent(), episodes: makeEpisodes(1, 2), episodeId: 101 },
      { device: 'mobile' },
    );
    await started(engine);
    expect(download()).toBeInTheDocument();
  });

  it.each<DeviceKind>(['desktop', 'tv'])('offers no «Скачать» on a %s', async (device) => {
    const { engine } = setup({}, { device });
    await started(engine);
    expect(screen.getByRole('toolbar', { name: 'Управление плеером' })).toBeInTheDocument();
    expect(download()).not.toBeInTheDocument();
  });

  it('offers no «Скачать» for a live channel, even on a phone', async () => {
    const { engine } = setup({ content: channelContent() }, { device: 'mobile' });
    const controller = await started(engine);
    expect(controller.options.contentKind).toBe('live');
    expect(download()).not.toBeInTheDocument();
  });

  it('offers no «Скачать» for the trailer or in a partner frame', async () => {
    const trailer = setup({ kind: 'trailer' }, { device: 'mobile' });
    await screen.findByRole('toolbar', { name: 'Управление плеером' });
    expect(download()).not.toBeInTheDocument();
    trailer.view.unmount();
    const { engine } = setup({ embedded: true }, { device: 'mobile' });
    await started(engine);
    expect(download()).not.toBeInTheDocument();
  });

  it('pauses the video under the offline prompt and resumes it with «Продолжить просмотр»', async () => {
    const { engine, user } = setup({}, { device: 'mobile' });
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'Скачать' }));
    expect(controller.calls).toEqual(['play', 'showInstallPaywall', 'pause']);
    const dialog = screen.getByRole('dialog', { name: 'Скачивайте в приложении Кадр' });
    expect(dialog).toContainElement(screen.getByRole('link', { name: 'Открыть приложение' }));
    expect(screen.getByRole('link', { name: 'Открыть приложение' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Продолжить просмотр' }));
    expect(controller.calls).toEqual(['play', 'showInstallPaywall', 'pause', 'hideInstallPaywall', 'play']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать' })).toHaveFocus();
  });

  it('closes the prompt with Escape, as «Продолжить просмотр», without the player seeing the key', async () => {
    const { engine, user } = setup({}, { device: 'mobile' });
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'Скачать' }));
    await user.keyboard('{Escape}');
    expect(controller.calls).toEqual(['play', 'showInstallPaywall', 'pause', 'hideInstallPaywall', 'play']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves a video the viewer had paused paused after the prompt', async () => {
    const { engine, user } = setup({}, { device: 'mobile', initial: { phase: 'paused' } });
    const controller = await started(engine);
    await user.click(screen.getByRole('button', { name: 'Скачать' }));
    await user.click(screen.getByRole('button', { name: 'Продолжить просмотр' }));
    expect(controller.calls).toEqual(['play', 'showInstallPaywall', 'hideInstallPaywall']);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'paused', paywall: 'none' });
  });
});
