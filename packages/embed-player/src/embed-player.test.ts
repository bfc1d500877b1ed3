import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { EmbedPlayer } from './embed-player.js';
import { DEFAULT_MESSAGE_FLAG, SDK_VERSION, toWire } from './protocol.js';
import {
  CONFIG,
  configOf,
  container,
  embed,
  events,
  LIGHT,
  lastSent,
  reply,
  type Wire,
} from './testing/fake-frame.js';

let consoleError: MockInstance;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('EmbedPlayer: construction', () => {
  it('throws when no element has the container id', () => {
    expect(() => new EmbedPlayer('nowhere', CONFIG)).toThrow(new Error('Container not found'));
  });

  it('throws when the configUrl is empty or missing', () => {
    container('player');
    expect(() => new EmbedPlayer('player', '')).toThrow(new Error('configUrl must be specified'));
    expect(() => new EmbedPlayer('player', undefined as unknown as string)).toThrow(
      new Error('configUrl must be specified'),
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('appends a frame loading the configUrl, full size, borderless, allowed to autoplay and go fullscreen', () => {
    const element = container('player');
    const { frame } = embed();
    expect(frame.parentElement).toBe(element);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(frame.getAttribute('src')).toBe(
      `https://kadr.example/promo/web/embed/?config=${encodeURIComponent(CONFIG)}`,
    );
    expect(frame.style.width).toBe('100%');
    expect(frame.style.height).toBe('100%');
    expect(frame.style.borderStyle || frame.style.border).toMatch(/^(0|none|0px|medium none)/);
    expect(frame.getAttribute('scrolling')).toBe('no');
    expect(frame.title).toBe('Плеер Кадра');
    expect(frame.getAttribute('allow')).toBe('encrypted-media; autoplay; fullscreen');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.contentWindow).not.toBeNull();
  });

  it("frames the reserve config's own deployment after a switch, unless playerUrl names a frame page", () => {
    container('reserve');
    const player = new EmbedPlayer('reserve', CONFIG);
    player.restart('https://reserve.kadr.example/embed/v1/config/film/42.json');
    expect(new URL(player.frame!.getAttribute('src')!).origin).toBe('https://reserve.kadr.example');
    player.destroy();
  });

  it('takes the origin of a targetOrigin given as a URL, and refuses one that is not', () => {
    container('origin');
    const player = new EmbedPlayer('origin', CONFIG, undefined, { targetOrigin: 'https://kadr.example/' });
    expect(player.options.targetOrigin).toBe('https://kadr.example');
    player.destroy();
    expect(() => new EmbedPlayer('origin', CONFIG, undefined, { targetOrigin: 'kadr.example' })).toThrow(
      TypeError,
    );
  });

  it('loads the frame page the playerUrl option names, with a message flag of its own in the address', () => {
    container('other');
    const player = new EmbedPlayer('other', '/embed/v1/config/film/42.json', undefined, {
      playerUrl: 'https://player.kadr.example/embed?theme=dark',
      messageFlag: 'partner_flag',
    });
    const src = new URL(player.frame!.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://player.kadr.example/embed');
    expect(src.searchParams.get('theme')).toBe('dark');
    // A relative config URL is the page's: the frame on another origin gets it absolute.
    expect(src.searchParams.get('config')).toBe(new URL('/embed/v1/config/film/42.json', location.href).href);
    expect(src.searchParams.get('flag')).toBe('partner_flag');
    player.destroy();
  });

  it('fills in the defaults and keeps what it is given', () => {
    const { player } = embed();
    expect(player.options).toEqual({
      messageFlag: 'eump_remote_message',
      targetOrigin: '*',
      start: 'none',
      saveStateOnChange: true,
      useControls: true,
      castInited: false,
      commandTimeoutMs: 10_000,
    });
    expect(player.options.env).toBeUndefined();
    expect(player.options.volume).toBeUndefined();
    expect(player.options.muted).toBeUndefined();
    expect(player.options.placeholder).toBeUndefined();
    expect(player.lightConfig).toBe(LIGHT);
    player.destroy();

    const env = { partnerId: 'p-7' };
    const given = embed({
      start: 'auto',
      useControls: false,
      volume: 3,
      muted: true,
      env,
      placeholder: '/poster.jpg',
      targetOrigin: undefined,
    }).player;
    expect(given.options).toMatchObject({
      start: 'auto',
      useControls: false,
      volume: 1,
      muted: true,
      env,
      placeholder: '/poster.jpg',
      targetOrigin: '*',
    });
  });

  it('starts with an initial state record, and getState returns a copy', () => {
    const { player } = embed({ volume: 0.4, muted: true });
    const state = player.getState();
    expect(state).toEqual({
      source: CONFIG,
      state: 'init',
      buffering: false,
      quality: null,
      qualities: [],
      seekallowed: false,
      buffered: 0,
      advertsmode: false,
      listenerAttached: true,
      ended: false,
      duration: null,
      currentTime: 0,
      muted: true,
      volume: 0.4,
      castAvailable: false,
    });
    state.state = 'playing';
    state.qualities.push({ id: 'hd', label: '720p' });
    expect(player.getState().state).toBe('init');
    expect(player.getState().qualities).toEqual([]);
  });

  it('does nothing on import and sends nothing until the frame speaks', () => {
    const fake = embed();
    expect(fake.sent()).toEqual([]);
  });
});

describe('EmbedPlayer: the frame starting', () => {
  it('answers playerinitstart with setenv: SDK version, page URL, user agent (≤ 350), controls, partner env', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(`Mozilla/5.0 ${'x'.repeat(500)}`);
    const env = { partnerId: 'p-7', section: 'films' };
    const fake = embed({ env, useControls: false, targetOrigin: 'https://kadr.example' });
    fake.emit('playerinitstart');
    expect(fake.postMessage).toHaveBeenCalledTimes(1);
    const [message, targetOrigin] = fake.postMessage.mock.calls[0]!;
    expect(targetOrigin).toBe('https://kadr.example');
    expect(message).toMatchObject({ event: 'setenv', eump_remote_message: true, id: expect.any(Number) });
    const data = (message as Wire).data as Record<string, unknown>;
    expect(data).toEqual({
      sdkVersion: SDK_VERSION,
      pageUrl: location.href,
      userAgent: `Mozilla/5.0 ${'x'.repeat(500)}`.slice(0, 350),
      useControls: false,
      partner: env,
    });
    expect((data.userAgent as string).length).toBe(350);
  });

  it('keeps a short user agent whole and sends useControls true by default', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('TestAgent/1.0');
    const fake = embed();
    fake.emit('playerinitstart');
    expect(lastSent(fake).data).toMatchObject({ userAgent: 'TestAgent/1.0', useControls: true });
    expect(fake.postMessage.mock.calls[0]![1]).toBe('*');
  });

  it('asks for the current programme on playerinitend, and passes it to currentprogramme handlers', () => {
    const fake = embed();
    const programmes: unknown[] = [];
    fake.player.on('currentprogramme', (programme) => programmes.push(programme));
    fake.emit('playerinitend');
    expect(events(fake)).toEqual(['getcurrentprogramme']);
    const programme = { title: 'Новости', live: true, start: '2026-11-27T04:00:00Z' };
    fake.emit('currentprogramme', programme);
    expect(programmes).toEqual([programme]);
  });

  it('getCurrentProgramme resolves with the reply value', async () => {
    const fake = embed();
    const programme = fake.player.getCurrentProgramme();
    const value = { title: 'Брат', live: false };
    reply(fake, { ok: true, value });
    await expect(programme).resolves.toEqual(value);
  });
});

describe('EmbedPlayer: state', () => {
  it('statechange updates the state record and reaches the handlers', () => {
    const fake = embed();
    const changes: unknown[] = [];
    fake.player.on('statechange', (change) => changes.push(change));
    const change = {
      state: 'playing',
      buffering: true,
      currentTime: 12.5,
      duration: 5400,
      quality: 'hd',
      qualities: [
        { id: 'auto', label: 'Авто' },
        { id: 'hd', label: '720p' },
      ],
      seekallowed: true,
      buffered: 30,
      ended: false,
      muted: true,
      volume: 0.3,
    };
    fake.emit('statechange', change);
    expect(changes).toEqual([change]);
    expect(fake.player.getState()).toEqual({
      ...change,
      source: CONFIG,
      advertsmode: false,
      listenerAttached: true,
      castAvailable: false,
    });

    fake.emit('statechange', { state: 'ended', ended: true, duration: null });
    expect(fake.player.getState()).toMatchObject({
      state: 'ended',
      ended: true,
      duration: null,
      currentTime: 12.5,
    });
  });

  it('ignores statechange fields of the wrong type and a statechange without a state', () => {
    const fake = embed();
    const changes: unknown[] = [];
    fake.player.on('statechange', (change) => changes.push(change));
    fake.emit('statechange', {
      state: 'paused',
      buffering: 'yes',
      qualities: { id: 'hd' },
      volume: null,
      currentTime: '7',
      source: 'https://evil.example',
      listenerAttached: false,
    });
    expect(fake.player.getState()).toMatchObject({
      state: 'paused',
      buffering: false,
      qualities: [],
      volume: 1,
      currentTime: 0,
      source: CONFIG,
      listenerAttached: true,
    });
    fake.emit('statechange', { buffering: true });
    fake.emit('statechange', null);
    fake.emit('statechange', 'playing');
    expect(fake.player.getState().state).toBe('paused');
    expect(changes).toHaveLength(1);
  });

  it('tracks adverts mode and cast availability, and passes them on', () => {
    const fake = embed();
    const seen: string[] = [];
    fake.player.on('advertsmodechange', ({ adverts }) => seen.push(`adverts ${adverts}`));
    fake.player.on('castavailable', (cast) => seen.push(`cast ${cast.appId}`));
    fake.player.on('castunavailable', () => seen.push('no cast'));
    fake.emit('advertsmodechange', { adverts: true });
    expect(fake.player.getState().advertsmode).toBe(true);
    // This page has no Cast API: the offer is answered castunavailable (casting: cast-sender.test.ts).
    fake.emit('castavailable', {
      appId: 'CC1AD845',
      capabilities: ['video_out'],
      autoJoinPolicy: 'origin_scoped',
    });
    expect(fake.player.getState().castAvailable).toBe(false);
    fake.emit('castunavailable');
    fake.emit('advertsmodechange', { adverts: false });
    expect(fake.player.getState()).toMatchObject({ advertsmode: false, castAvailable: false });
    expect(seen).toEqual(['adverts true', 'no cast', 'no cast', 'adverts false']);
  });
});

describe('EmbedPlayer: ready', () => {
  it('on the ready state applies volume and muted and plays when start is auto', () => {
    const fake = embed({ volume: 0.25, muted: false, start: 'auto' });
    fake.emit('statechange', { state: 'ready' });
    expect(fake.sent().map(({ event, data }) => ({ event, data }))).toEqual([
      { event: 'setvolume', data: { volume: 0.25 } },
      { event: 'setmuted', data: { muted: false } },
      { event: 'play', data: undefined },
    ]);
  });

  it('sends nothing on ready when neither volume, muted nor auto start is set', () => {
    const fake = embed();
    fake.emit('statechange', { state: 'ready' });
    expect(fake.sent()).toEqual([]);
  });

  it('sends only what is set: muted alone, start none', () => {
    const fake = embed({ muted: true, start: 'none' });
    fake.emit('statechange', { state: 'ready' });
    expect(events(fake)).toEqual(['setmuted']);
  });

  it('rejects ready when the frame reports it cannot play, with its reason', async () => {
    const fake = embed();
    fake.emit('statechange', { state: 'error', error: 'not_found' });
    await expect(fake.player.ready).rejects.toThrow('not_found');
    expect(fake.player.getState().state).toBe('error');
  });

  it('does the ready actions and fires ready once per frame', () => {
    const fake = embed({ start: 'auto' });
    const ready = vi.fn();
    fake.player.on('ready', ready);
    fake.emit('statechange', { state: 'ready', duration: 60 });
    fake.emit('statechange', { state: 'playing' });
    fake.emit('statechange', { state: 'ready' });
    expect(events(fake)).toEqual(['play']);
    expect(ready).toHaveBeenCalledTimes(1);
    expect(ready).toHaveBeenCalledWith(expect.objectContaining({ state: 'ready', duration: 60 }));
  });

  it('the ready Promise resolves on the first ready state', async () => {
    const fake = embed();
    let resolved = false;
    void fake.player.ready.then(() => {
      resolved = true;
    });
    fake.emit('statechange', { state: 'init' });
    await Promise.resolve();
    expect(resolved).toBe(false);
    fake.emit('statechange', { state: 'ready' });
    await expect(fake.player.ready).resolves.toBeUndefined();
    expect(resolved).toBe(true);
  });

  it('the ready Promise rejects when destroyed before ready', async () => {
    const fake = embed();
    fake.player.destroy();
    await expect(fake.player.ready).rejects.toThrow('destroyed');
  });
});

describe('EmbedPlayer: commands', () => {
  it('posts each command with the flag, a fresh id, its data and the target origin', () => {
    const fake = embed({ targetOrigin: 'https://kadr.example', messageFlag: 'kadr_msg' });
    const { player } = fake;
    const calls: [() => Promise<unknown>, string, unknown][] = [
      [() => player.getCurrentProgramme(), 'getcurrentprogramme', undefined],
      [() => player.play(), 'play', undefined],
      [() => player.pause(), 'pause', undefined],
      [() => player.setMuted(true), 'setmuted', { muted: true }],
      [() => player.setVolume(0.5), 'setvolume', { volume: 0.5 }],
      [() => player.setVolume(-2), 'setvolume', { volume: 0 }],
      [() => player.setTime(93.5), 'settime', { time: 93.5 }],
      [() => player.setQuality('hd'), 'setquality', { quality: 'hd' }],
      [() => player.setCaptions('ru'), 'setcaptions', { language: 'ru' }],
      [() => player.setCaptions(null), 'setcaptions', { language: null }],
      [
        () => player.setCaptionsStyle({ color: '#fff', size: 1.2 }),
        'setcaptionsstyle',
        { color: '#fff', size: 1.2 },
      ],
      [() => player.requestFullscreen(), 'requestfullscreen', undefined],
      [() => player.exitFullscreen(), 'exitfullscreen', undefined],
      [() => player.castReceiverAction('pause'), 'castreceiveraction', { action: 'pause' }],
      [() => player.castReceiverAction('play', 40), 'castreceiveraction', { action: 'play', time: 40 }],
      [() => player.stopCasting(), 'stopcasting', undefined],
    ];
    for (const [call] of calls) call().catch(() => {});
    const sent = fake.sent();
    expect(sent.map(({ event, data }) => [event, data])).toEqual(
      calls.map(([, event, data]) => [event, data]),
    );
    for (const message of sent) expect(message.kadr_msg).toBe(true);
    expect(new Set(sent.map((message) => message.id)).size).toBe(calls.length);
    expect(fake.postMessage.mock.calls.every((call) => call[1] === 'https://kadr.example')).toBe(true);
  });

  it('a command resolves with the reply that answers its id', async () => {
    const fake = embed();
    const first = fake.player.play();
    const firstId = lastSent(fake).id;
    const second = fake.player.setQuality('hd');
    reply(fake, { ok: true, value: 'hd' });
    await expect(second).resolves.toBe('hd');
    fake.emit('reply', { ok: true }, { replyTo: firstId });
    await expect(first).resolves.toBeUndefined();
  });

  it('a command rejects with the error of a refusing reply', async () => {
    const fake = embed();
    const seek = fake.player.setTime(10);
    reply(fake, { ok: false, error: 'seek not allowed during adverts' });
    await expect(seek).rejects.toThrow(new Error('seek not allowed during adverts'));
  });

  it('a reply to an unknown id, or without one, changes nothing', async () => {
    const fake = embed();
    const play = fake.player.play();
    fake.emit('reply', { ok: true }, { replyTo: 999 });
    fake.emit('reply', { ok: false, error: 'x' });
    reply(fake, { ok: true });
    await expect(play).resolves.toBeUndefined();
  });

  it('a command rejects after the time-out without a reply', async () => {
    vi.useFakeTimers();
    const fake = embed();
    const play = fake.player.play();
    const outcome = play.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('play: no reply');
    reply(fake, { ok: true });
  });

  it('the time-out follows commandTimeoutMs', async () => {
    vi.useFakeTimers();
    const fake = embed({ commandTimeoutMs: 500 });
    const pause = fake.player.pause();
    const assertion = expect(pause).rejects.toThrow('pause: no reply');
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
  });

  it('a command that cannot be sent logs «unable to send control» and rejects', async () => {
    const fake = embed();
    fake.frame.remove();
    await expect(fake.player.play()).rejects.toThrow('unable to send control');
    expect(consoleError).toHaveBeenCalledWith('unable to send control');
  });
});

describe('EmbedPlayer: events', () => {
  it('on returns an unsubscribe function', () => {
    const fake = embed();
    const first = vi.fn();
    const second = vi.fn();
    const off = fake.player.on('statechange', first);
    fake.player.on('statechange', second);
    fake.emit('statechange', { state: 'paused' });
    off();
    off();
    fake.emit('statechange', { state: 'playing' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('any other event the frame sends reaches its handlers; replies do not', () => {
    const fake = embed();
    const custom = vi.fn();
    const replies = vi.fn();
    fake.player.on('qualitychange', custom);
    fake.player.on('reply', replies);
    fake.emit('qualitychange', { quality: 'sd' });
    fake.emit('reply', { ok: true }, { replyTo: 1 });
    expect(custom).toHaveBeenCalledWith({ quality: 'sd' });
    expect(replies).not.toHaveBeenCalled();
  });

  it('a throwing handler does not stop the others', () => {
    const fake = embed();
    const after = vi.fn();
    fake.player.on('statechange', () => {
      throw new Error('partner bug');
    });
    fake.player.on('statechange', after);
    expect(() => fake.emit('statechange', { state: 'paused' })).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(fake.player.getState().state).toBe('paused');
  });
});

describe('EmbedPlayer: what it listens to', () => {
  it('ignores messages from another window', () => {
    const fake = embed();
    const handler = vi.fn();
    fake.player.on('statechange', handler);
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    for (const source of [window, other.contentWindow, null])
      window.dispatchEvent(
        new MessageEvent('message', {
          data: toWire(DEFAULT_MESSAGE_FLAG, { event: 'statechange', data: { state: 'playing' } }),
          source,
        }),
      );
    expect(handler).not.toHaveBeenCalled();
    expect(fake.player.getState().state).toBe('init');
  });

  it('with an exact targetOrigin, ignores messages from another origin', () => {
    const fake = embed({ targetOrigin: 'https://kadr.example' });
    fake.emit('statechange', { state: 'playing' }, undefined, 'https://evil.example');
    fake.emit('playerinitstart', undefined, undefined, 'https://kadr.example.evil.example');
    expect(fake.player.getState().state).toBe('init');
    expect(fake.sent()).toEqual([]);
    fake.emit('statechange', { state: 'playing' }, undefined, 'https://kadr.example');
    expect(fake.player.getState().state).toBe('playing');
  });

  it("with targetOrigin '*', accepts the frame's messages from any origin", () => {
    const fake = embed();
    fake.emit('statechange', { state: 'paused' }, undefined, 'https://cdn.kadr.example');
    expect(fake.player.getState().state).toBe('paused');
  });

  it('ignores messages without the flag, with another flag, and malformed ones, without throwing', () => {
    const fake = embed({ messageFlag: 'kadr_msg' });
    const handler = vi.fn();
    fake.player.on('statechange', handler);
    const source = fake.frame.contentWindow;
    const post = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source }));
    expect(() => {
      post({ event: 'statechange', data: { state: 'playing' } });
      post(toWire(DEFAULT_MESSAGE_FLAG, { event: 'statechange', data: { state: 'playing' } }));
      post({ kadr_msg: 'true', event: 'statechange', data: { state: 'playing' } });
      post({ kadr_msg: true, data: { state: 'playing' } });
      post(JSON.stringify(toWire('kadr_msg', { event: 'statechange', data: { state: 'playing' } })));
      post(null);
      post(undefined);
      post(42);
      post([1, 2]);
      post({ kadr_msg: true, event: 'reply', replyTo: 1, data: null });
      post({ kadr_msg: true, event: 'advertsmodechange', data: null });
      post({ kadr_msg: true, event: 'playerinitend', data: 'junk' });
      post({ kadr_msg: true, event: 'no-such-event', data: { deep: { x: 1 } } });
    }).not.toThrow();
    expect(handler).not.toHaveBeenCalled();
    expect(fake.player.getState()).toMatchObject({ state: 'init', advertsmode: false });
    expect(events(fake)).toEqual(['getcurrentprogramme']);
  });

  it('two embeds on one page never hear each other', () => {
    container('first');
    container('second');
    const one = embed({ start: 'auto' }, 'first');
    const two = embed({}, 'second');
    const heard = { one: vi.fn(), two: vi.fn() };
    one.player.on('statechange', heard.one);
    two.player.on('statechange', heard.two);

    one.emit('statechange', { state: 'ready' });
    one.emit('playerinitstart');
    expect(one.player.getState().state).toBe('ready');
    expect(two.player.getState().state).toBe('init');
    expect(events(one)).toEqual(['play', 'setenv']);
    expect(two.sent()).toEqual([]);
    expect(heard.one).toHaveBeenCalledTimes(1);
    expect(heard.two).not.toHaveBeenCalled();

    two.emit('advertsmodechange', { adverts: true });
    expect(two.player.getState().advertsmode).toBe(true);
    expect(one.player.getState().advertsmode).toBe(false);
  });

  it("a reply settles only its own embed's command, even with the same id", async () => {
    container('first');
    container('second');
    const one = embed({}, 'first');
    const two = embed({}, 'second');
    const a = one.player.play();
    const b = two.player.pause();
    expect(lastSent(one).id).toBe(lastSent(two).id);
    reply(two, { ok: false, error: 'no' });
    reply(one, { ok: true });
    await expect(a).resolves.toBeUndefined();
    await expect(b).rejects.toThrow('no');
  });
});

describe('EmbedPlayer: restart', () => {
  it('re-creates the frame with the given URL, or the current one', () => {
    const element = container('player');
    const fake = embed();
    const old = fake.frame;
    fake.player.restart(LIGHT);
    expect(old.isConnected).toBe(false);
    const frames = element.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toBe(fake.player.frame);
    expect(configOf(frames[0])).toBe(LIGHT);
    expect(fake.player.getState().source).toBe(LIGHT);

    fake.player.restart();
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(configOf(fake.player.frame)).toBe(LIGHT);
    expect(fake.player.frame).not.toBe(frames[0]);
  });

  it('listens to the new frame only, and rejects what the old one never answered', async () => {
    const fake = embed();
    const play = fake.player.play();
    const handler = vi.fn();
    fake.player.on('statechange', handler);
    const oldWindow = fake.frame.contentWindow;
    fake.player.restart();
    await expect(play).rejects.toThrow('restarted');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: toWire(DEFAULT_MESSAGE_FLAG, { event: 'statechange', data: { state: 'playing' } }),
        source: oldWindow,
      }),
    );
    expect(handler).not.toHaveBeenCalled();
    fake.rebind();
    fake.emit('statechange', { state: 'paused' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fake.player.getState()).toMatchObject({ state: 'paused', listenerAttached: true });
  });

  it('keeps playing after a restart when it was playing (saveStateOnChange)', () => {
    const fake = embed();
    fake.emit('statechange', { state: 'ready' });
    fake.emit('statechange', { state: 'playing', currentTime: 30 });
    fake.player.restart(LIGHT);
    expect(fake.player.options.start).toBe('auto');
    expect(fake.player.getState()).toMatchObject({ state: 'init', currentTime: 0 });
    fake.rebind();
    fake.emit('statechange', { state: 'ready' });
    expect(events(fake)).toEqual(['play']);
  });

  it('starts after a restart when adverts were showing', () => {
    const fake = embed();
    fake.emit('statechange', { state: 'paused' });
    fake.emit('advertsmodechange', { adverts: true });
    fake.player.restart();
    expect(fake.player.options.start).toBe('auto');
    expect(fake.player.getState().advertsmode).toBe(false);
  });

  it('does not start after a restart when it was paused, even if it had been auto', () => {
    const fake = embed();
    fake.emit('statechange', { state: 'playing' });
    fake.player.restart();
    expect(fake.player.options.start).toBe('auto');
    fake.rebind();
    fake.emit('statechange', { state: 'ready' });
    fake.emit('statechange', { state: 'paused' });
    fake.player.restart();
    expect(fake.player.options.start).toBe('none');
    fake.rebind();
    fake.emit('statechange', { state: 'ready' });
    expect(fake.sent()).toEqual([]);
  });

  it('keeps an explicit start option', () => {
    const none = embed({ start: 'none' }, 'one');
    none.emit('statechange', { state: 'playing' });
    none.player.restart();
    expect(none.player.options.start).toBe('none');

    const auto = embed({ start: 'auto' }, 'two');
    auto.emit('statechange', { state: 'paused' });
    auto.player.restart();
    expect(auto.player.options.start).toBe('auto');
  });

  it('with saveStateOnChange off, the start stays as it was', () => {
    const fake = embed({ saveStateOnChange: false });
    fake.emit('statechange', { state: 'playing' });
    fake.player.restart();
    expect(fake.player.options.start).toBe('none');
  });

  it('does nothing once destroyed', () => {
    const element = container('player');
    const fake = embed();
    fake.player.destroy();
    fake.player.restart();
    expect(element.querySelector('iframe')).toBeNull();
    expect(fake.player.frame).toBeNull();
  });
});

describe('EmbedPlayer: destroy', () => {
  it('removes the frame and the window listener, and rejects pending commands', async () => {
    const element = container('player');
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const fake = embed();
    const handler = vi.fn();
    fake.player.on('statechange', handler);
    const play = fake.player.play();
    const frameWindow = fake.frame.contentWindow;
    fake.player.destroy();
    await expect(play).rejects.toThrow('destroyed');
    expect(element.querySelector('iframe')).toBeNull();
    expect(fake.player.frame).toBeNull();
    expect(removeListener).toHaveBeenCalledWith('message', expect.any(Function));
    expect(fake.player.getState().listenerAttached).toBe(false);
    window.dispatchEvent(
      new MessageEvent('message', {
        data: toWire(DEFAULT_MESSAGE_FLAG, { event: 'statechange', data: { state: 'playing' } }),
        source: frameWindow,
      }),
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('after destroy, commands log «unable to send control» and reject', async () => {
    const fake = embed();
    fake.player.destroy();
    await expect(fake.player.play()).rejects.toThrow(new Error('unable to send control'));
    await expect(fake.player.setVolume(0.5)).rejects.toThrow('unable to send control');
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(consoleError).toHaveBeenNthCalledWith(1, 'unable to send control');
    expect(fake.postMessage).not.toHaveBeenCalled();
  });

  it('a destroyed player leaves the other embeds working', () => {
    container('first');
    container('second');
    const one = embed({}, 'first');
    const two = embed({}, 'second');
    one.player.destroy();
    two.emit('statechange', { state: 'playing' });
    expect(two.player.getState().state).toBe('playing');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('the light config (SPEC §4 config switching)', () => {
  const FLAG = 'https://light.kadr.example/vlbeat';
  const STATUS = 'https://light.kadr.example/vlunbeat';
  const RESERVE = 'https://reserve.kadr.example/film-42.json?page={PAGE_URL}&app={app_id}';
  const encode = (value: unknown) => btoa(JSON.stringify(value));
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const frameSrc = () => configOf(document.querySelector('iframe'));

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('restarts on the reserve config the flag URL names, and on the main one when the status locks it', async () => {
    vi.useFakeTimers();
    let lock = false;
    const fetch = vi.fn(async (url: string) =>
      url === STATUS ? answer({ result: { lock } }) : answer({ result: { vlight_url: RESERVE } }),
    );
    vi.stubGlobal('fetch', fetch);
    container('light');
    const player = new EmbedPlayer('light', CONFIG, encode({ vlbeat: FLAG, vlunbeat: STATUS }));
    expect(frameSrc()).toBe(CONFIG);
    // The checks run at once: status first, then the flag, whose reserve URL is played, filled in.
    await vi.waitFor(() => expect(frameSrc()).not.toBe(CONFIG));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([STATUS, FLAG]);
    expect(frameSrc()).toBe(
      `https://reserve.kadr.example/film-42.json?page=${encodeURIComponent(location.href)}&app=0`,
    );
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    // A minute later the status locks the main config: back to it, the flag not asked.
    lock = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(frameSrc()).toBe(CONFIG);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([STATUS, FLAG, STATUS]);
    player.destroy();
    // Destroyed: no more checks.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('ignores a light config that is not base64 JSON: no request, the main config plays', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    container('plain');
    const player = new EmbedPlayer('plain', CONFIG, 'not base64 json');
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    expect(frameSrc()).toBe(CONFIG);
    player.destroy();
  });
});
