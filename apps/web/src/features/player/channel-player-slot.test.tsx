import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Goods } from '../../shared/catalogue-types';
import { ServicesProvider } from '../../shared/services';
import { goods as makeGoods } from '../../testing/catalogue-fixtures';
import { apiError, createFakeServices } from '../../testing/fake-services';
import { resetStores } from '../../testing/seed-stores';
import type { Programme } from '../schedule/schedule-queries';
import { ChannelEngineProvider } from './channel-engine';
import type { ChannelPlayback } from './channel-playback';
import { ChannelPlayerSlot, type ChannelPlayerSlotProps } from './channel-player-slot';
import { createFakeChannelEngine, liveSnapshot } from './fake-channel-controller';

const bought = () => makeGoods({ package_id: 5, is_bought: true, is_preview: false, status: 'confirmed' });

/** The slot as the channel page drives it: what plays and the goods can change from outside. */
function Page(props: Partial<ChannelPlayerSlotProps> & { startWith?: ChannelPlayback | null }) {
  const [playback, setPlayback] = useState<ChannelPlayback | null>(props.startWith ?? null);
  const [channelId, setChannelId] = useState(2);
  const [goods, setGoods] = useState<Goods | undefined>('goods' in props ? props.goods : bought());
  return (
    <>
      <ChannelPlayerSlot
        channelId={channelId}
        goods={goods}
        playback={playback}
        posterUrl="https://kadr.test/announce.jpg"
        title="Кино ТВ: Дневные новости"
        onWatch={props.onWatch ?? (() => setPlayback({ kind: 'live' }))}
        onBuy={props.onBuy ?? (() => {})}
        onClose={() => setPlayback(null)}
        onLive={() => setPlayback({ kind: 'live' })}
        schedule={props.schedule ?? []}
      />
      <button type="button" onClick={() => setChannelId(3)}>
        next channel
      </button>
      <button type="button" onClick={() => setGoods(bought())}>
        bought
      </button>
      <button type="button" onClick={() => setGoods(undefined)}>
        goods loading
      </button>
      <button type="button" onClick={() => setGoods({ ...bought(), is_bought: false })}>
        cancelled
      </button>
    </>
  );
}

function setup(props: Parameters<typeof Page>[0] = {}, handlers = {}) {
  resetStores();
  const fake = createFakeServices({ handlers });
  const engine = createFakeChannelEngine();
  render(
    <ServicesProvider services={fake.services}>
      <ChannelEngineProvider value={async () => engine}>
        <Page {...props} />
      </ChannelEngineProvider>
    </ServicesProvider>,
  );
  return { ...fake, engine, user: userEvent.setup() };
}

const slot = () => screen.getByRole('region', { name: 'Плеер' });

describe('ChannelPlayerSlot', () => {
  it('shows the first-play image with Watch until something plays', async () => {
    const onWatch = vi.fn();
    const { user, engine } = setup({ onWatch });
    // By text in the region (aria-describedby): aria-description is not read by every screen reader.
    expect(slot()).toHaveAccessibleDescription('Кино ТВ: Дневные новости');
    expect(slot()).not.toHaveAttribute('aria-description');
    expect(slot().querySelector('img')).toHaveAttribute('src', 'https://kadr.test/announce.jpg');
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(onWatch).toHaveBeenCalledOnce();
    expect(engine.controllers).toEqual([]);
  });

  it('plays the channel live: a channel controller whose stream is getReleaseChannel’s', async () => {
    const { user, engine, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    expect(controller.calls).toEqual(['play']);
    expect(controller.options).toMatchObject({
      goods: { is_bought: true },
      channel: { streamId: 2, archiveStart: null },
    });
    expect(slot()).toContainElement(controller.options.host);
    await expect(controller.options.loadChannel({ streamId: 2, archiveStart: null })).resolves.toEqual({
      stream: { stream_url: 'https://kadr.test/media/live/2/master.m3u8' },
      drm: null,
      preview_timer: 60,
      expires_in: 600,
    });
    expect(calls.find((call) => call.id === 'getReleaseChannel')?.input).toEqual({
      body: { stream_id: 2, dev_model: 'web' },
    });
  });

  it('plays a programme of the archive from its start (archive_start)', async () => {
    const start = new Date(Date.now() - 4 * 3_600_000).toISOString();
    const { engine, calls } = setup({ startWith: { kind: 'archive', start } });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    expect(engine.last().options.channel).toEqual({ streamId: 2, archiveStart: start });
    await engine.last().options.loadChannel({ streamId: 2, archiveStart: start });
    expect(calls.find((call) => call.id === 'getReleaseChannel')?.input).toEqual({
      body: { stream_id: 2, dev_model: 'web', archive_start: start },
    });
  });

  it('shows the live bar: no VOD position, the DVR scrubber, «В эфир» only behind the edge, the programme at the playhead', async () => {
    const edge = Date.parse('2026-11-26T12:30:00Z');
    const schedule = [
      programme('Утренние новости', '2026-11-26T11:00:00Z', '2026-11-26T12:15:00Z'),
      programme('Дневной фильм', '2026-11-26T12:15:00Z', '2026-11-26T14:00:00Z'),
    ];
    const { user, engine } = setup({ startWith: { kind: 'live' }, schedule });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    act(() => controller.set({ currentTime: 1800, live: liveSnapshot({}, edge) }));
    const bar = await screen.findByRole('toolbar', { name: 'Управление плеером' });
    expect(within(bar).queryByText(/\d+:\d\d \/ /)).toBeNull();
    expect(within(bar).getByText('Прямой эфир')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'В эфир' })).toBeNull();
    expect(within(bar).getByText('Сейчас в плеере: Дневной фильм')).toBeInTheDocument();
    const scrubber = within(bar).getByRole('slider', { name: 'Перемотка эфира' });
    expect(scrubber).toHaveAttribute('min', '0');
    expect(scrubber).toHaveAttribute('max', '1800');

    // Rewound 20 minutes: behind the edge, the programme of that moment, «В эфир» offered.
    act(() =>
      controller.set({
        currentTime: 600,
        live: liveSnapshot({ atLiveEdge: false, canGoLive: true, playheadDate: edge - 1_200_000 }, edge),
      }),
    );
    expect(within(bar).getByText('Сейчас в плеере: Утренние новости')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'В эфир' }));
    expect(controller.calls).toContain('goLive');
  });

  it('seeks within the DVR window from the scrubber', async () => {
    const { engine } = setup({ startWith: { kind: 'live' } });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    act(() => engine.last().set({ currentTime: 1800, live: liveSnapshot() }));
    const scrubber = await screen.findByRole('slider', { name: 'Перемотка эфира' });
    fireEvent.change(scrubber, { target: { value: '600' } });
    expect(engine.last().calls).toContain('seekTo:600');
  });

  it('gives a non-buyer the preview without the scrubber; «В эфир» from the archive plays the broadcast', async () => {
    const start = new Date(Date.now() - 4 * 3_600_000).toISOString();
    const { user, engine } = setup({
      startWith: { kind: 'archive', start },
      goods: { ...bought(), is_bought: false },
    });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    expect(controller.options.goods).toEqual({ is_bought: false });
    act(() =>
      controller.set({ live: liveSnapshot({ kind: 'archive', canGoLive: true, atLiveEdge: false }) }),
    );
    expect(screen.getByRole('timer')).toHaveTextContent('0:14');
    expect(screen.queryByRole('slider')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'В эфир' }));
    await vi.waitFor(() => expect(controller.calls).toContain('switchChannel:2:live:false'));
    expect(engine.controllers).toHaveLength(1);
  });

  it('says in words that the free previews are spent (preview_spent), with the way to subscribe', async () => {
    const onBuy = vi.fn();
    const { user, engine } = setup(
      { startWith: { kind: 'live' }, goods: { ...bought(), is_bought: false }, onBuy },
      {
        getReleaseChannel: () => {
          throw apiError(403, 'preview_spent');
        },
      },
    );
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    await expect(controller.options.loadChannel({ streamId: 2, archiveStart: null })).rejects.toMatchObject({
      error: 'preview_spent',
    });
    act(() => controller.set({ phase: 'error', error: { code: 'RELEASE_LOAD_FAILED', message: '403' } }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Бесплатный просмотр канала закончился. Оформите подписку, чтобы смотреть дальше',
    );
    await user.click(within(alert).getByRole('button'));
    expect(onBuy).toHaveBeenCalledWith('EK_BUY_SUCCESS');
  });

  it('keeps a failed stream in the player: the play image again with a note, and the goal', async () => {
    const { engine, goals } = setup(
      { startWith: { kind: 'live' } },
      {
        getReleaseChannel: () => {
          throw apiError(404, 'channel_not_found');
        },
      },
    );
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    await expect(controller.options.loadChannel({ streamId: 2, archiveStart: null })).rejects.toMatchObject({
      code: 404,
    });
    // What player-core does with a failed release call: the error goes into its snapshot and the goal out.
    act(() => {
      controller.set({ phase: 'error', error: { code: 'RELEASE_LOAD_FAILED', message: '404' } });
      controller.options.analytics?.reachGoal('MOVIE_STARTED_ERROR', { error_code: 'RELEASE_LOAD_FAILED' });
    });
    expect(screen.getByText('Не удалось запустить видео. Попробуйте ещё раз.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(goals).toContainEqual({
      goal: 'MOVIE_STARTED_ERROR',
      params: { error_code: 'RELEASE_LOAD_FAILED', tv_channel_id: 2 },
    });
  });

  it('switches to the next channel in the same player once its package is known', async () => {
    const { user, engine } = setup({ startWith: { kind: 'live' } });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    const host = controller.options.host;
    await user.click(screen.getByRole('button', { name: 'goods loading' }));
    await user.click(screen.getByRole('button', { name: 'next channel' }));
    expect(controller.calls.filter((call) => call.startsWith('switchChannel'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'bought' }));
    await vi.waitFor(() => expect(controller.calls).toContain('switchChannel:3:live:true'));
    expect(engine.controllers).toHaveLength(1);
    expect(controller.calls).not.toContain('destroy');
    expect(slot()).toContainElement(host);
  });

  it('follows a cancellation and a purchase of the playing channel’s package', async () => {
    const { user, engine } = setup({ startWith: { kind: 'live' } });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'cancelled' }));
    await vi.waitFor(() => expect(engine.last().calls).toContain('setBought:false'));
    await user.click(screen.getByRole('button', { name: 'bought' }));
    await vi.waitFor(() => expect(engine.last().calls).toContain('setBought:true'));
  });

  it('waits with a loader while the first package is asked for', async () => {
    const { user, engine } = setup({ startWith: { kind: 'live' }, goods: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем видео…');
    expect(engine.controllers).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'cancelled' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    expect(engine.last().options.goods).toEqual({ is_bought: false });
  });

  it('closes back to the first-play image, and opens the payment window from the player’s buy buttons', async () => {
    const onBuy = vi.fn();
    const { user, engine } = setup({ startWith: { kind: 'live' }, onBuy });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    act(() => engine.last().set({ isBought: false, previewRemaining: 30 }));
    await user.click(screen.getByRole('button', { name: 'Оформить подписку' }));
    expect(onBuy).toHaveBeenCalledWith('PLAYER_BUY_SUCCESS');
    expect(engine.last().calls).toContain('pause');
    act(() => engine.last().set({ paywall: 'final', previewExpired: true, previewRemaining: 0 }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button'));
    expect(onBuy).toHaveBeenCalledWith('EK_BUY_SUCCESS');
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    expect(screen.getByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
    expect(engine.last().calls).toContain('destroy');
  });
});

function programme(title: string, start: string, end: string): Programme {
  return { EK_title: title, tv_air_date_start: start, tv_air_date_end: end } as Programme;
}
