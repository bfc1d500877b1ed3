import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Goods } from '../../shared/catalogue-types';
import { ServicesProvider } from '../../shared/services';
import { goods as makeGoods } from '../../testing/catalogue-fixtures';
import { apiError, createFakeServices } from '../../testing/fake-services';
import { resetStores } from '../../testing/seed-stores';
import type { ChannelPlayback } from './channel-playback';
import { ChannelPlayerSlot, type ChannelPlayerSlotProps } from './channel-player-slot';
import { createFakeEngine } from './fake-controller';
import { PlayerEngineProvider } from './player-engine';

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
      />
      <button type="button" onClick={() => setChannelId(3)}>
        next channel
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
  const engine = createFakeEngine();
  render(
    <ServicesProvider services={fake.services}>
      <PlayerEngineProvider value={async () => engine}>
        <Page {...props} />
      </PlayerEngineProvider>
    </ServicesProvider>,
  );
  return { ...fake, engine, user: userEvent.setup() };
}

const slot = () => screen.getByRole('region', { name: 'Плеер' });

describe('ChannelPlayerSlot', () => {
  it('shows the first-play image with Watch until something plays', async () => {
    const onWatch = vi.fn();
    const { user, engine } = setup({ onWatch });
    expect(slot()).toHaveAccessibleDescription('Кино ТВ: Дневные новости');
    expect(slot().querySelector('img')).toHaveAttribute('src', 'https://kadr.test/announce.jpg');
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(onWatch).toHaveBeenCalledOnce();
    expect(engine.controllers).toEqual([]);
  });

  it('plays the channel live: a live controller whose stream is getReleaseChannel’s', async () => {
    const { user, engine, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    expect(controller.calls).toEqual(['play']);
    expect(controller.options).toMatchObject({ contentKind: 'live', goods: { is_bought: true } });
    expect(slot()).toContainElement(controller.options.host);
    await expect(controller.options.loadRelease(null)).resolves.toEqual({
      content_url: 'https://kadr.test/media/live/2/master.m3u8',
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
    await engine.last().options.loadRelease(null);
    expect(calls.find((call) => call.id === 'getReleaseChannel')?.input).toEqual({
      body: { stream_id: 2, dev_model: 'web', archive_start: start },
    });
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
    await expect(controller.options.loadRelease(null)).rejects.toMatchObject({ code: 404 });
    // What player-core does with a failed release call: the error goes into its snapshot and the goal out.
    act(() => {
      controller.set({ phase: 'error', error: { code: 'RELEASE_LOAD_FAILED', message: '404' } });
      controller.options.analytics?.reachGoal('MOVIE_STARTED_ERROR', { error_code: 'RELEASE_LOAD_FAILED' });
    });
    expect(screen.getByText('Не удалось запустить видео. Попробуйте ещё раз.')).toBeInTheDocument();
    expect(goals).toContainEqual({
      goal: 'MOVIE_STARTED_ERROR',
      params: { error_code: 'RELEASE_LOAD_FAILED', tv_channel_id: 2 },
    });
  });

  it('goes on to the next channel live: today’s player is made anew for it, the old one destroyed', async () => {
    const { user, engine, calls } = setup({ startWith: { kind: 'live' } });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'next channel' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(2));
    expect(engine.controllers[0]?.calls).toContain('destroy');
    await engine.last().options.loadRelease(null);
    expect(calls.findLast((call) => call.id === 'getReleaseChannel')?.input).toEqual({
      body: { stream_id: 3, dev_model: 'web' },
    });
  });

  it('waits with a loader while the package is asked for, and never plays what is not bought', async () => {
    const { user, engine } = setup({ startWith: { kind: 'live' }, goods: undefined });
    await user.click(screen.getByRole('button', { name: 'goods loading' }));
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем видео…');
    await user.click(screen.getByRole('button', { name: 'cancelled' }));
    expect(screen.getByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
    expect(engine.controllers).toEqual([]);
  });

  it('closes back to the first-play image, and opens the payment window from the player’s buy buttons', async () => {
    const onBuy = vi.fn();
    const { user, engine } = setup({ startWith: { kind: 'live' }, onBuy });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    act(() => engine.last().set({ isBought: false, previewRemaining: 30 }));
    await user.click(screen.getByRole('button', { name: 'Оформить подписку' }));
    expect(onBuy).toHaveBeenCalledWith('PLAYER_BUY_SUCCESS');
    expect(engine.last().calls).toContain('pause');
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    expect(screen.getByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
    expect(engine.last().calls).toContain('destroy');
  });
});
