// Casting (issue 14, SPEC §7, §8), through the EmbedPlayer: the frame offers casting, the page's Cast
// framework (a fake with the real API's shapes, src/testing/fake-cast.ts) casts what the frame names.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { EmbedPlayerOptions } from './options.js';
import type { EmbedCastAvailability, EmbedCastMedia } from './protocol.js';
import { type FakeCast, installFakeCast, removeFakeCast } from './testing/fake-cast.js';
import { embed, events, type Fake, lastSent, reply, type Wire } from './testing/fake-frame.js';

const OFFER: EmbedCastAvailability = {
  appId: 'CC1AD845',
  capabilities: ['video_out', 'audio_out'],
  autoJoinPolicy: 'origin_scoped',
};
const MEDIA: EmbedCastMedia = {
  contentId: 'https://cdn.kadr.example/film-42/master.m3u8',
  contentType: 'application/x-mpegurl',
  title: 'Фильм 42',
  poster: 'https://cdn.kadr.example/film-42/poster.jpg',
  currentTime: 93,
};

let consoleError: MockInstance;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  document.body.innerHTML = '';
  removeFakeCast();
  vi.restoreAllMocks();
});

/**
 * Lets the frame offer casting (OFFER unless given, `undefined` included); resolves with what the SDK
 * reported to the page's handlers.
 */
function offer(fake: Fake, ...given: [data?: unknown]): Promise<'castavailable' | 'castunavailable'> {
  const data = given.length ? given[0] : OFFER;
  return new Promise((resolve) => {
    const offs = (['castavailable', 'castunavailable'] as const).map((name) =>
      fake.player.on(name, () => {
        for (const off of offs) off();
        resolve(name);
      }),
    );
    fake.emit('castavailable', data);
  });
}

/** The messages posted to the frame with this event, in order. */
function sentOf(fake: Fake, event: string): Wire[] {
  return fake.sent().filter((message) => message.event === event);
}

/** An embed whose frame has offered casting on a page with the fake Cast API. */
async function setup(options: EmbedPlayerOptions = {}): Promise<{ fake: Fake; cast: FakeCast }> {
  const cast = installFakeCast();
  const fake = embed(options);
  expect(await offer(fake)).toBe('castavailable');
  return { fake, cast };
}

/** A session starts and the frame answers `requestcasting` with `media`; resolves once the media loads. */
async function castMedia(fake: Fake, cast: FakeCast, media: unknown = MEDIA) {
  const session = cast.startSession();
  expect(lastSent(fake)).toMatchObject({ event: 'requestcasting', data: undefined });
  reply(fake, { ok: true, value: media });
  await vi.waitFor(() => expect(session.loadMedia).toHaveBeenCalledTimes(1));
  return session;
}

describe('casting: availability', () => {
  it('without the Cast API on the page, reports castunavailable to the frame and the page', async () => {
    const fake = embed();
    const available = vi.fn();
    fake.player.on('castavailable', available);
    expect(await offer(fake)).toBe('castunavailable');
    expect(fake.sent()).toMatchObject([{ event: 'castunavailable', data: undefined }]);
    expect(fake.player.getState().castAvailable).toBe(false);
    expect(available).not.toHaveBeenCalled();
    await expect(fake.player.requestCasting()).rejects.toThrow('cast unavailable');
  });

  it('with cast.framework but no chrome.cast, reports castunavailable', async () => {
    installFakeCast();
    delete (window as unknown as { chrome?: unknown }).chrome;
    const fake = embed();
    expect(await offer(fake)).toBe('castunavailable');
    expect(events(fake)).toEqual(['castunavailable']);
  });

  it('reports castunavailable when the data or a required field is missing or of the wrong type', async () => {
    const cast = installFakeCast();
    const offers: unknown[] = [
      undefined,
      null,
      'CC1AD845',
      {},
      { capabilities: ['video_out'], autoJoinPolicy: 'origin_scoped' },
      { ...OFFER, appId: 42 },
      { ...OFFER, appId: '' },
      { appId: 'CC1AD845', autoJoinPolicy: 'origin_scoped' },
      { ...OFFER, capabilities: 'video_out' },
      { ...OFFER, capabilities: ['video_out', 7] },
      { appId: 'CC1AD845', capabilities: ['video_out'] },
      { ...OFFER, autoJoinPolicy: 'everywhere' },
    ];
    for (const data of offers) {
      const fake = embed();
      expect(await offer(fake, data), JSON.stringify(data)).toBe('castunavailable');
      expect(events(fake)).toEqual(['castunavailable']);
      expect(fake.player.getState().castAvailable).toBe(false);
      fake.player.destroy();
    }
    expect(cast.context.setOptions).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('sets up the Cast framework with the offer and reports castavailable to the page', async () => {
    const cast = installFakeCast();
    const fake = embed();
    const seen: unknown[] = [];
    fake.player.on('castavailable', (data) => seen.push(data));
    expect(await offer(fake)).toBe('castavailable');
    expect(cast.context.setOptions).toHaveBeenCalledExactlyOnceWith({
      receiverApplicationId: 'CC1AD845',
      autoJoinPolicy: 'origin_scoped',
    });
    expect(seen).toEqual([OFFER]);
    expect(fake.player.getState().castAvailable).toBe(true);
    // The frame knows it offered: nothing is posted back.
    expect(fake.sent()).toEqual([]);
  });

  it('with castInited, leaves the page’s own setup alone and still casts', async () => {
    const { fake, cast } = await setup({ castInited: true });
    expect(cast.context.setOptions).not.toHaveBeenCalled();
    await fake.player.requestCasting();
    expect(cast.context.requestSession).toHaveBeenCalledTimes(1);
    expect(events(fake)).toEqual(['requestcasting']);
    reply(fake, { ok: true, value: MEDIA });
    await vi.waitFor(() => expect(cast.session()?.loadMedia).toHaveBeenCalledTimes(1));
  });

  it('logs an initialise error and reports castunavailable', async () => {
    const cast = installFakeCast();
    const error = new Error('bad receiver');
    cast.context.setOptions.mockImplementation(() => {
      throw error;
    });
    const fake = embed();
    expect(await offer(fake)).toBe('castunavailable');
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('cast init error', error);
    expect(events(fake)).toEqual(['castunavailable']);
    expect(fake.player.getState().castAvailable).toBe(false);
  });

  it('a cast sender that fails to load is logged and casting reported unavailable', async () => {
    installFakeCast();
    vi.doMock('./cast-sender.js', () => {
      throw new Error('offline');
    });
    try {
      const fake = embed();
      expect(await offer(fake)).toBe('castunavailable');
      // Vitest wraps a failing mock factory's error (as `cause`); a browser's failed fetch is a TypeError.
      expect(consoleError).toHaveBeenCalledExactlyOnceWith('cast init error', expect.any(Error));
      expect(events(fake)).toEqual(['castunavailable']);
    } finally {
      vi.doUnmock('./cast-sender.js');
    }
  });

  it('the frame’s castunavailable makes casting unavailable and stops listening to the Cast framework', async () => {
    const { fake, cast } = await setup();
    const seen = vi.fn();
    fake.player.on('castunavailable', seen);
    fake.emit('castunavailable');
    expect(seen).toHaveBeenCalledTimes(1);
    expect(fake.player.getState().castAvailable).toBe(false);
    expect(cast.context.listeners()).toBe(0);
    expect(cast.remoteListeners()).toBe(0);
    cast.startSession();
    expect(fake.sent()).toEqual([]);
  });

  it('a sender still loading for an offer taken back is not set up', async () => {
    const cast = installFakeCast();
    const fake = embed();
    fake.emit('castavailable', { ...OFFER, appId: 'OLD' });
    fake.emit('castunavailable');
    expect(await offer(fake, { ...OFFER, appId: 'NEW' })).toBe('castavailable');
    expect(cast.context.setOptions).toHaveBeenCalledExactlyOnceWith({
      receiverApplicationId: 'NEW',
      autoJoinPolicy: 'origin_scoped',
    });
    expect(cast.context.listeners()).toBe(1);
  });
});

describe('casting: the session', () => {
  it('requestCasting opens the Cast dialog and resolves once the session started', async () => {
    const { fake, cast } = await setup();
    await fake.player.requestCasting();
    expect(cast.context.requestSession).toHaveBeenCalledTimes(1);
    expect(cast.session()).not.toBeNull();
    expect(events(fake)).toEqual(['requestcasting']);
  });

  it('ignores the viewer cancelling the dialog: resolves, logs nothing, posts nothing', async () => {
    const { fake, cast } = await setup();
    cast.context.requestSession.mockRejectedValueOnce('cancel');
    await expect(fake.player.requestCasting()).resolves.toBeUndefined();
    expect(consoleError).not.toHaveBeenCalled();
    expect(fake.sent()).toEqual([]);
  });

  it('logs any other session error and rejects with it', async () => {
    const { fake, cast } = await setup();
    cast.context.requestSession.mockRejectedValueOnce('receiver_unavailable');
    await expect(fake.player.requestCasting()).rejects.toThrow('cast: receiver_unavailable');
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('cast session error', 'receiver_unavailable');
  });

  it('the frame’s cast button (castrequest) opens the dialog; a cancel there is ignored too', async () => {
    const { fake, cast } = await setup();
    cast.context.requestSession.mockRejectedValueOnce('cancel');
    fake.emit('castrequest');
    expect(cast.context.requestSession).toHaveBeenCalledTimes(1);
    fake.emit('castrequest');
    await vi.waitFor(() => expect(events(fake)).toEqual(['requestcasting']));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('on a session, asks the frame what to cast and loads it: MediaInfo, metadata, start time', async () => {
    const { fake, cast } = await setup();
    const session = await castMedia(fake, cast, {
      ...MEDIA,
      customData: { licence: 'https://drm.kadr.example' },
    });
    const request = session.loadMedia.mock.calls[0]![0];
    expect(request).toBeInstanceOf(cast.LoadRequest);
    expect(request).toMatchObject({
      autoplay: true,
      currentTime: 93,
      customData: { licence: 'https://drm.kadr.example' },
      media: {
        contentId: MEDIA.contentId,
        contentUrl: MEDIA.contentId,
        contentType: 'application/x-mpegurl',
        streamType: 'BUFFERED',
        metadata: { title: 'Фильм 42', images: [{ url: MEDIA.poster }] },
      },
    });
  });

  it('shows the placeholder when the frame names no poster, casts live as LIVE, starts a non-number time at 0', async () => {
    const { fake, cast } = await setup({ placeholder: 'https://partner.example/kadr.png' });
    const { poster: _, ...withoutPoster } = MEDIA;
    const session = await castMedia(fake, cast, { ...withoutPoster, live: true, currentTime: 'now' });
    const { media, currentTime } = session.loadMedia.mock.calls[0]![0];
    expect(media.streamType).toBe('LIVE');
    expect(media.metadata).toMatchObject({ images: [{ url: 'https://partner.example/kadr.png' }] });
    expect(currentTime).toBe(0);
  });

  it('without a poster or a placeholder, sends no image', async () => {
    const { fake, cast } = await setup();
    const session = await castMedia(fake, cast, { contentId: MEDIA.contentId, contentType: 'video/mp4' });
    expect(session.loadMedia.mock.calls[0]![0].media.metadata).toMatchObject({ images: undefined });
  });

  it('a session resumed on what it already plays is not loaded again', async () => {
    const { fake, cast } = await setup();
    const playing = new cast.MediaInfo(MEDIA.contentId, MEDIA.contentType);
    const session = cast.startSession('SESSION_RESUMED', playing);
    expect(events(fake)).toEqual(['requestcasting']);
    reply(fake, { ok: true, value: MEDIA });
    // The reply settles in a task: the frame has taken the session after it.
    await new Promise((resolve) => setTimeout(resolve));
    cast.remote({ currentTime: 200 });
    await vi.waitFor(() => expect(events(fake)).toEqual(['requestcasting', 'castreceiveraction']));
    expect(session.loadMedia).not.toHaveBeenCalled();
  });

  it('a session already there when casting is offered is cast at once (say, after a restart)', async () => {
    const cast = installFakeCast();
    cast.startSession();
    const fake = embed({ castInited: true });
    expect(await offer(fake)).toBe('castavailable');
    expect(events(fake)).toEqual(['requestcasting']);
  });

  it('the frame refusing, or naming nothing to cast, is logged and ends the session', async () => {
    const { fake, cast } = await setup();
    cast.startSession();
    reply(fake, { ok: false, error: 'preview only' });
    await vi.waitFor(() => expect(cast.context.endCurrentSession).toHaveBeenCalledWith(true));
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('cast session error', new Error('preview only'));

    cast.startSession();
    reply(fake, { ok: true, value: { contentId: MEDIA.contentId } });
    await vi.waitFor(() => expect(cast.context.endCurrentSession).toHaveBeenCalledTimes(2));
    expect(consoleError).toHaveBeenLastCalledWith('cast session error', new Error('no media to cast'));
    // The frame never took the session: no stopcasting.
    expect(sentOf(fake, 'stopcasting')).toEqual([]);
  });

  it('a failed load is logged, the session ended, and the frame told to play on its own', async () => {
    const { fake, cast } = await setup();
    const session = cast.startSession();
    session.loadMedia.mockRejectedValueOnce('load_media_failed');
    reply(fake, { ok: true, value: MEDIA });
    await vi.waitFor(() => expect(sentOf(fake, 'stopcasting')).toHaveLength(1));
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('cast session error', 'load_media_failed');
    expect(cast.context.endCurrentSession).toHaveBeenCalledWith(true);
    expect(sentOf(fake, 'stopcasting')[0]!.data).toEqual({ time: 93 });
  });
});

describe('casting: the receiver', () => {
  it('forwards the receiver’s pause, play, seek and end to the frame as castreceiveraction', async () => {
    const { fake, cast } = await setup();
    await castMedia(fake, cast);
    cast.remote({ playerState: 'BUFFERING' });
    cast.remote({ playerState: 'PLAYING', currentTime: 94 });
    cast.remote({ isPaused: true });
    cast.remote({ isPaused: false, currentTime: 95 });
    cast.remote({ currentTime: 1800 });
    cast.remote({ playerState: 'IDLE' });
    expect(sentOf(fake, 'castreceiveraction').map((message) => message.data)).toEqual([
      { action: 'play', time: 94 },
      { action: 'pause', time: 94 },
      { action: 'play', time: 94 },
      { action: 'play', time: 95 },
      { action: 'play', time: 1800 },
      { action: 'stop', time: 1800 },
    ]);
  });

  it('forwards nothing before the frame has taken the session', async () => {
    const { fake, cast } = await setup();
    cast.startSession();
    cast.remote({ isPaused: true, currentTime: 12 });
    expect(events(fake)).toEqual(['requestcasting']);
  });

  it('when the session ends, tells the frame to play on its own from the receiver’s time', async () => {
    const { fake, cast } = await setup();
    await castMedia(fake, cast);
    cast.remote({ currentTime: 120 });
    cast.endSession();
    cast.remote({ currentTime: 0 });
    expect(sentOf(fake, 'stopcasting').map((message) => message.data)).toEqual([{ time: 120 }]);
    expect(sentOf(fake, 'castreceiveraction')).toHaveLength(1);
  });

  it('the frame’s caststop ends the session, then the frame gets stopcasting', async () => {
    const { fake, cast } = await setup();
    await castMedia(fake, cast);
    fake.emit('caststop');
    expect(cast.context.endCurrentSession).toHaveBeenCalledExactlyOnceWith(true);
    expect(sentOf(fake, 'stopcasting').map((message) => message.data)).toEqual([{ time: 93 }]);
  });

  it('stopCasting ends the session and sends one stopcasting with the receiver’s time', async () => {
    const { fake, cast } = await setup();
    await castMedia(fake, cast);
    cast.remote({ currentTime: 300 });
    const stopped = fake.player.stopCasting();
    expect(cast.context.endCurrentSession).toHaveBeenCalledExactlyOnceWith(true);
    expect(sentOf(fake, 'stopcasting').map((message) => message.data)).toEqual([{ time: 300 }]);
    reply(fake, { ok: true });
    await expect(stopped).resolves.toBeUndefined();
  });
});

describe('casting: restart and destroy', () => {
  it('destroy removes the cast listeners and leaves the session playing', async () => {
    const { fake, cast } = await setup();
    await castMedia(fake, cast);
    expect(cast.context.listeners()).toBe(1);
    expect(cast.remoteListeners()).toBe(3);
    fake.player.destroy();
    expect(cast.context.listeners()).toBe(0);
    expect(cast.remoteListeners()).toBe(0);
    expect(cast.context.endCurrentSession).not.toHaveBeenCalled();
    expect(cast.session()).not.toBeNull();
  });

  it('a requestcasting the old frame never answered neither logs nor ends the session after a restart', async () => {
    const { fake, cast } = await setup();
    cast.startSession();
    expect(events(fake)).toEqual(['requestcasting']);
    fake.player.restart();
    await new Promise((resolve) => setTimeout(resolve));
    expect(consoleError).not.toHaveBeenCalled();
    expect(cast.context.endCurrentSession).not.toHaveBeenCalled();
    expect(cast.session()).not.toBeNull();
  });

  it('a restart drops the old frame’s sender; the new frame’s offer casts the running session to it', async () => {
    const { fake, cast } = await setup();
    await castMedia(fake, cast);
    fake.player.restart('https://reserve.kadr.example/film-42.json');
    expect(fake.player.getState().castAvailable).toBe(false);
    expect(cast.context.listeners()).toBe(0);
    fake.rebind();
    expect(await offer(fake)).toBe('castavailable');
    expect(events(fake)).toEqual(['requestcasting']);
    reply(fake, { ok: true, value: { ...MEDIA, contentId: 'https://reserve.kadr.example/film-42.m3u8' } });
    await vi.waitFor(() => expect(cast.session()?.loadMedia).toHaveBeenCalledTimes(2));
  });
});
