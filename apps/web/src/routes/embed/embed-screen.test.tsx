import { DEFAULT_MESSAGE_FLAG, toWire } from '@kadr/embed-player/protocol';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeEngine } from '../../features/player/fake-controller';
import { PlayerEngineProvider } from '../../features/player/player-engine';
import { renderWithApp } from '../../testing/render-app';
import { EmbedScreen } from './embed-screen';

// The frame page over the fake api (film 12 «Тихий дом» is in its catalogue) and a fake player engine;
// the embedding page is a fake window whose posts are recorded, its commands dispatched as messages.
const CONFIG_URL = 'https://kadr.example/embed/v1/config/film/12.json';
const FILM_CONFIG = {
  version: 1,
  kind: 'vod',
  content: { type: 'film', EK_id: 12 },
  title: 'Тихий дом',
  poster: 'https://kadr.example/p.svg',
  live: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(config: unknown = FILM_CONFIG, status = 200, openSession?: () => Promise<void>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config), { status })),
  );
  const posted: { event: string; data?: unknown; replyTo?: number }[] = [];
  const host = {
    postMessage: (message: (typeof posted)[number]) => posted.push(message),
  } as unknown as Window;
  const engine = createFakeEngine({ phase: 'playing' });
  const rendered = renderWithApp(
    <PlayerEngineProvider value={async () => engine}>
      <EmbedScreen
        params={{ configUrl: CONFIG_URL, flag: DEFAULT_MESSAGE_FLAG }}
        host={host}
        {...(openSession ? { openSession } : {})}
      />
    </PlayerEngineProvider>,
  );
  let id = 0;
  /** Sends a command as the SDK would; resolves with the frame's reply. */
  const command = async (event: string, data?: unknown) => {
    const request = ++id;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: toWire(DEFAULT_MESSAGE_FLAG, { event, data, id: request }),
          source: host,
        }),
      );
    });
    await vi.waitFor(() => expect(posted.some((message) => message.replyTo === request)).toBe(true));
    return posted.find((message) => message.replyTo === request)?.data;
  };
  const events = (name: string) =>
    posted.filter((message) => message.event === name).map((message) => message.data);
  return { ...rendered, posted, engine, command, events };
}

describe('the frame player page', () => {
  it('says so when its address names no config', () => {
    renderWithApp(<EmbedScreen params={null} host={{} as Window} />);
    expect(
      screen.getByText('Плеер встроен с ошибкой: не указана ссылка на конфигурацию.'),
    ).toBeInTheDocument();
  });

  it('says the video is unavailable when the config is gone', async () => {
    setup({ error: 'no_content' }, 404);
    expect(await screen.findByText('Это видео недоступно.')).toBeInTheDocument();
  });

  it('starts, is ready with the title and Смотреть, and plays on the SDK’s command', async () => {
    const { events, command, engine } = setup();
    expect(await screen.findByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Тихий дом' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(events('statechange')).toContainEqual(expect.objectContaining({ state: 'ready' })),
    );
    expect(events('playerinitstart')).toHaveLength(1);
    expect(events('playerinitend')).toHaveLength(1);
    // Nothing asked of the playback calls before play (a release starts a preview).
    expect(engine.controllers).toHaveLength(0);
    expect(await command('getcurrentprogramme')).toEqual({
      ok: true,
      value: { title: 'Тихий дом', live: false },
    });
    expect(events('currentprogramme')).toEqual([{ title: 'Тихий дом', live: false }]);

    expect(await command('play')).toEqual({ ok: true });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await vi.waitFor(() =>
      expect(events('statechange')).toContainEqual(expect.objectContaining({ state: 'playing' })),
    );
    expect(await command('pause')).toEqual({ ok: true });
    expect(engine.last().calls).toContain('pause');
  });

  it('answers play once the video plays, and keeps a pause sent before the player exists', async () => {
    const { command, engine, events } = setup();
    await screen.findByRole('button', { name: 'Смотреть' });
    engine.controllers.length = 0;
    const played = command('play');
    const paused = command('pause');
    expect(await paused).toEqual({ ok: true });
    expect(await played).toEqual({ ok: true });
    await vi.waitFor(() => expect(engine.last().calls).toContain('pause'));
    // Volume and muted are in the state as soon as they change.
    expect(await command('setvolume', { volume: 0.3 })).toEqual({ ok: true });
    expect(await command('setmuted', { muted: true })).toEqual({ ok: true });
    // (The controller's snapshot carries muted; the fake one records the call.)
    expect(engine.last().calls).toContain('setMuted:true');
    await vi.waitFor(() =>
      expect(events('statechange')).toContainEqual(expect.objectContaining({ volume: 0.3 })),
    );
  });

  it('never posts the partner page what plays: no cast offer, requestcasting refused, no grant in any message', async () => {
    const { command, engine, posted, events } = setup();
    await screen.findByRole('button', { name: 'Смотреть' });
    expect(await command('play')).toEqual({ ok: true });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const grant = 'v1.f12.s9f3c.e1767225600.Zm9yZ2Vk-signature';
    act(() =>
      engine.last().set({
        release: {
          content_url: `https://kadr.test/media/play/${grant}/master.m3u8`,
          drm: null,
          preview_timer: null,
        },
      }),
    );
    // A Cast session the page started anyway is answered with a refusal, never with the media.
    expect(await command('requestcasting')).toEqual({
      ok: false,
      error: 'requestcasting: the frame casts by itself',
    });
    expect(await command('stopcasting', { time: 3 })).toEqual({ ok: true });
    expect(events('castavailable')).toEqual([]);
    const wire = JSON.stringify(posted);
    for (const secret of [grant, 'Zm9yZ2Vk', '/media/play/', 'master.m3u8'])
      expect(wire, secret).not.toContain(secret);
  });

  it('tells the SDK it cannot play, with the reason, and the viewer what happened', async () => {
    const { events } = setup({ error: 'no_content' }, 404);
    expect(await screen.findByRole('alert')).toHaveTextContent('Это видео недоступно.');
    await vi.waitFor(() => expect(events('statechange')).toEqual([{ state: 'error', error: 'not_found' }]));
    cleanup();
    const failed = setup('not json at all', 500);
    expect(await screen.findByRole('button', { name: 'Повторить' }, { timeout: 8000 })).toBeInTheDocument();
    expect(failed.events('statechange')).toEqual([{ state: 'error', error: 'failed' }]);
  });

  it('refuses a seek in a preview, and seeks a buyer', async () => {
    const { command, engine } = setup();
    await screen.findByRole('button', { name: 'Смотреть' });
    await command('play');
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    expect(await command('settime', { time: 30 })).toEqual({
      ok: false,
      error: 'seeking is not allowed now',
    });
    act(() => engine.last().set({ controlsEnabled: true, isBought: true, previewRemaining: null }));
    expect(await command('settime', { time: 30 })).toEqual({ ok: true });
    expect(engine.last().calls).toContain('seekTo:30');
  });

  it('hides its controls when the partner asks (useControls false)', async () => {
    const { command, engine } = setup();
    await screen.findByRole('button', { name: 'Смотреть' });
    const env = {
      sdkVersion: '1.2.0',
      pageUrl: 'https://partner.example/',
      userAgent: 'UA',
      useControls: false,
    };
    expect(await command('setenv', env)).toEqual({ ok: true });
    await command('play');
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    act(() => engine.last().set({ controlsEnabled: true, isBought: true, previewRemaining: null }));
    expect(screen.queryByRole('toolbar', { name: 'Управление плеером' })).toBeNull();
    // No close button in a frame: there is nothing to close to.
    expect(screen.queryByRole('button', { name: 'Закрыть плеер' })).toBeNull();
  });

  it('plays a series from its season in the card: the player goes on through it, the title names the episode', async () => {
    const { command, engine } = setup({
      ...FILM_CONFIG,
      content: { type: 'series', EK_id: 9 },
      title: 'Северный ветер',
    });
    await screen.findByRole('heading', { name: 'Северный ветер' });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Смотреть' })).toBeEnabled());
    await command('play');
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const { options } = engine.last();
    expect(options.contentKind).toBe('series');
    expect(options.episodes?.length).toBe(8);
    // The next episode (the end of one, or the player's button) stays in the frame and names the title.
    const second = options.episodes![1]!;
    act(() => options.onEpisodeChange?.(second.EP_id));
    await vi.waitFor(async () =>
      expect(await command('getcurrentprogramme')).toEqual({
        ok: true,
        value: { title: expect.stringMatching(/^Северный ветер\. /), live: false },
      }),
    );
  });

  it('sends the viewer to the title on the site to buy, in a tab of its own', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { command, engine, user } = setup();
    await screen.findByRole('button', { name: 'Смотреть' });
    await command('play');
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    act(() => engine.last().set({ paywall: 'final', previewExpired: true, phase: 'paused' }));
    await user.click(await screen.findByRole('button', { name: 'Подключить за 399 ₽ в месяц' }));
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/promo/web/movie/12/`, '_blank', 'noopener');
    expect(engine.last().calls).toContain('pause');
  });

  describe('the session (issue 24, item 2; decision 047)', () => {
    it('shows the poster and title and is ready without a session; play opens it, then plays', async () => {
      let open!: () => void;
      const openSession = vi.fn(() => new Promise<void>((resolve) => (open = resolve)));
      const { command, engine, events, ids } = setup(FILM_CONFIG, 200, openSession);
      expect(await screen.findByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Тихий дом' })).toBeInTheDocument();
      await vi.waitFor(() =>
        expect(events('statechange')).toContainEqual(expect.objectContaining({ state: 'ready' })),
      );
      // Loading the frame made no session: only catalogue reads went out.
      expect(openSession).not.toHaveBeenCalled();
      expect(ids()).not.toContain('anonymousAuth');
      const played = command('play');
      await vi.waitFor(() => expect(openSession).toHaveBeenCalledTimes(1));
      expect(engine.controllers).toHaveLength(0);
      open();
      expect(await played).toEqual({ ok: true });
      expect(engine.controllers).toHaveLength(1);
    });

    it('refuses play and says the frame failed when no session can be had; Повторить tries again', async () => {
      const openSession = vi.fn().mockRejectedValueOnce(new Error('429')).mockResolvedValue(undefined);
      const { command, engine, events, user } = setup(FILM_CONFIG, 200, openSession);
      await screen.findByRole('button', { name: 'Смотреть' });
      expect(await command('play')).toEqual({ ok: false, error: 'no session' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить плеер');
      await vi.waitFor(() =>
        expect(events('statechange')).toContainEqual({ state: 'error', error: 'failed' }),
      );
      expect(engine.controllers).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Повторить' }));
      await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
      await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
      expect(openSession).toHaveBeenCalledTimes(2);
    });
  });
});
