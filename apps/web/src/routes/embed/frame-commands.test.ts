import { describe, expect, it, vi } from 'vitest';
import { type FramePlayer, REQUEST_CASTING_REFUSED, runFrameCommand } from './frame-commands';
import type { FrameCommand } from './frame-link';

function fakePlayer() {
  return {
    setEnv: vi.fn(),
    programme: vi.fn(() => ({ title: 'Тихий дом', live: false })),
    play: vi.fn(async () => {}),
    pause: vi.fn(),
    setMuted: vi.fn(),
    setVolume: vi.fn(),
    seekTo: vi.fn(),
    setQuality: vi.fn(),
    setCaptions: vi.fn(),
    setCaptionsStyle: vi.fn(),
    requestFullscreen: vi.fn(async () => {}),
    exitFullscreen: vi.fn(async () => {}),
  } satisfies FramePlayer;
}

const run = (player: FramePlayer | null, event: FrameCommand['event'], data?: unknown) =>
  runFrameCommand(player, { event, data, id: 1 });

describe('runFrameCommand', () => {
  it('runs each command on the player with its data', async () => {
    const player = fakePlayer();
    const env = {
      sdkVersion: '1.2.0',
      pageUrl: 'https://partner.example/',
      userAgent: 'UA',
      useControls: false,
    };
    expect(await run(player, 'setenv', env)).toEqual({ ok: true });
    expect(player.setEnv).toHaveBeenCalledWith(env);
    expect(await run(player, 'getcurrentprogramme')).toEqual({
      ok: true,
      value: { title: 'Тихий дом', live: false },
    });
    await run(player, 'play');
    await run(player, 'pause');
    await run(player, 'setmuted', { muted: true });
    await run(player, 'setvolume', { volume: 0.5 });
    await run(player, 'settime', { time: 30 });
    await run(player, 'setquality', { quality: '2' });
    await run(player, 'setquality', { quality: 'auto' });
    await run(player, 'setcaptions', { language: 'ru' });
    await run(player, 'setcaptions', { language: null });
    await run(player, 'setcaptionsstyle', { color: '#fff', background: 'rgb(0, 0, 0)', size: 1.5 });
    await run(player, 'requestfullscreen');
    await run(player, 'exitfullscreen');
    expect(player.play).toHaveBeenCalledOnce();
    expect(player.pause).toHaveBeenCalledOnce();
    expect(player.setMuted).toHaveBeenCalledWith(true);
    expect(player.setVolume).toHaveBeenCalledWith(0.5);
    expect(player.seekTo).toHaveBeenCalledWith(30);
    expect(player.setQuality.mock.calls).toEqual([['2'], [null]]);
    expect(player.setCaptions.mock.calls).toEqual([['ru'], [null]]);
    expect(player.setCaptionsStyle).toHaveBeenCalledWith({
      color: '#fff',
      background: 'rgb(0, 0, 0)',
      size: 1.5,
    });
    expect(player.requestFullscreen).toHaveBeenCalledOnce();
    expect(player.exitFullscreen).toHaveBeenCalledOnce();
  });

  it('refuses data that is not what the protocol says, and never passes it on', async () => {
    const player = fakePlayer();
    const bad: [FrameCommand['event'], unknown][] = [
      ['setenv', { sdkVersion: '1.2.0' }],
      ['setmuted', { muted: 'yes' }],
      ['setmuted', undefined],
      ['setvolume', { volume: 2 }],
      ['setvolume', { volume: Number.NaN }],
      ['settime', { time: -1 }],
      ['settime', { time: '10' }],
      ['setquality', { quality: '' }],
      ['setcaptions', { language: 5 }],
      ['setcaptions', {}],
      // A value that would break out of the ::cue rule is not a colour.
      ['setcaptionsstyle', { color: 'red; } body { display: none' }],
      ['setcaptionsstyle', { size: 100 }],
    ];
    for (const [event, data] of bad)
      expect(await run(player, event, data), `${event} ${JSON.stringify(data)}`).toEqual({
        ok: false,
        error: `${event}: invalid data`,
      });
    for (const spy of Object.values(player)) expect(spy).not.toHaveBeenCalled();
  });

  it('refuses commands before the player exists', async () => {
    expect(await run(null, 'play')).toEqual({ ok: false, error: 'not ready' });
  });

  it('refuses requestcasting with no media in the reply, and leaves the player alone for the host cast commands', async () => {
    const player = fakePlayer();
    // The host page never gets what plays (decision 052): the reply is a refusal without a value.
    expect(await run(player, 'requestcasting')).toEqual({ ok: false, error: REQUEST_CASTING_REFUSED });
    for (const [event, data] of [
      ['castreceiveraction', { action: 'pause', time: 12 }],
      ['stopcasting', { time: 40 }],
      ['stopcasting', undefined],
      ['castunavailable', undefined],
    ] as const)
      expect(await run(player, event, data)).toEqual({ ok: true });
    for (const spy of Object.values(player)) expect(spy).not.toHaveBeenCalled();
    for (const [event, data] of [
      ['castreceiveraction', { action: 'rewind', time: 1 }],
      ['castreceiveraction', { action: 'play', time: -3 }],
      ['stopcasting', { time: 'soon' }],
    ] as const)
      expect(await run(player, event, data)).toEqual({ ok: false, error: `${event}: invalid data` });
  });

  it('gives a refusal the player throws as the reply', async () => {
    const player = fakePlayer();
    player.seekTo.mockImplementation(() => {
      throw new Error('seeking is not allowed now');
    });
    const error = await run(player, 'settime', { time: 5 }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('seeking is not allowed now');
  });
});
