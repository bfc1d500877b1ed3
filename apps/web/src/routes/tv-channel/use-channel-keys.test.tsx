import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelKeyDirection, useChannelKeys } from './use-channel-keys';

afterEach(() => {
  document.body.replaceChildren();
});

/** A page with a player (holding a focusable control), a link outside it and a text field. */
function setup({ tv = false, enabled = true } = {}) {
  const player = document.createElement('div');
  const inPlayer = document.createElement('button');
  player.append(inPlayer);
  const outside = document.createElement('a');
  outside.href = '#';
  const field = document.createElement('input');
  document.body.append(player, outside, field);
  const onSwitch = vi.fn();
  const ref = { current: player };
  const hook = renderHook(({ on }) => useChannelKeys(onSwitch, { enabled: on, player: ref, tv }), {
    initialProps: { on: enabled },
  });
  /** Presses a key on `target`; true when its own action (scrolling) was skipped. */
  const press = (target: Element, init: { key: string; keyCode?: number; shiftKey?: boolean }) =>
    !fireEvent.keyDown(target, init);
  return { onSwitch, press, inPlayer, outside, field, hook };
}

describe('channelKeyDirection', () => {
  const nowhere = { inPlayer: false, tv: false };

  it('takes a remote’s ChannelUp and ChannelDown anywhere', () => {
    expect(channelKeyDirection({ key: 'ChannelUp', keyCode: 0 }, nowhere)).toBe('up');
    expect(channelKeyDirection({ key: 'ChannelDown', keyCode: 0 }, nowhere)).toBe('down');
  });

  it('takes the TV key codes 427 and 428 anywhere, whatever the key is named', () => {
    expect(channelKeyDirection({ key: 'Unidentified', keyCode: 427 }, nowhere)).toBe('up');
    expect(channelKeyDirection({ key: 'Unidentified', keyCode: 428 }, nowhere)).toBe('down');
  });

  it('takes PageUp and PageDown only in the player or on a TV', () => {
    expect(channelKeyDirection({ key: 'PageUp', keyCode: 33 }, nowhere)).toBeNull();
    expect(channelKeyDirection({ key: 'PageDown', keyCode: 34 }, nowhere)).toBeNull();
    expect(channelKeyDirection({ key: 'PageUp', keyCode: 33 }, { inPlayer: true, tv: false })).toBe('up');
    expect(channelKeyDirection({ key: 'PageDown', keyCode: 34 }, { inPlayer: false, tv: true })).toBe('down');
  });

  it('ignores other keys', () => {
    expect(channelKeyDirection({ key: 'ArrowUp', keyCode: 38 }, { inPlayer: true, tv: true })).toBeNull();
  });
});

describe('useChannelKeys', () => {
  it('switches on ChannelUp and ChannelDown with the focus outside the player, skipping their own action', () => {
    const { onSwitch, press, outside } = setup();
    expect(press(outside, { key: 'ChannelUp' })).toBe(true);
    expect(press(document.body, { key: 'ChannelDown' })).toBe(true);
    expect(onSwitch.mock.calls).toEqual([['up'], ['down']]);
  });

  it('switches on a TV remote’s key codes 427 and 428', () => {
    const { onSwitch, press } = setup();
    press(document.body, { key: 'Unidentified', keyCode: 427 });
    press(document.body, { key: 'Unidentified', keyCode: 428 });
    expect(onSwitch.mock.calls).toEqual([['up'], ['down']]);
  });

  it('leaves PageUp and PageDown outside the player to scroll the page', () => {
    const { onSwitch, press, outside } = setup();
    expect(press(outside, { key: 'PageDown', keyCode: 34 })).toBe(false);
    expect(press(document.body, { key: 'PageUp', keyCode: 33 })).toBe(false);
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('switches on PageUp and PageDown with the focus inside the player', () => {
    const { onSwitch, press, inPlayer } = setup();
    expect(press(inPlayer, { key: 'PageUp', keyCode: 33 })).toBe(true);
    expect(press(inPlayer, { key: 'PageDown', keyCode: 34 })).toBe(true);
    expect(onSwitch.mock.calls).toEqual([['up'], ['down']]);
  });

  it('switches on PageUp and PageDown anywhere on a TV', () => {
    const { onSwitch, press, outside } = setup({ tv: true });
    expect(press(outside, { key: 'PageUp', keyCode: 33 })).toBe(true);
    expect(onSwitch.mock.calls).toEqual([['up']]);
  });

  it('leaves every key to text fields and to presses with a modifier', () => {
    const { onSwitch, press, field, inPlayer } = setup({ tv: true });
    expect(press(field, { key: 'ChannelUp' })).toBe(false);
    expect(press(inPlayer, { key: 'PageUp', keyCode: 33, shiftKey: true })).toBe(false);
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('does nothing while disabled (the payment window is open)', () => {
    const { onSwitch, press, hook } = setup({ enabled: false });
    expect(press(document.body, { key: 'ChannelUp' })).toBe(false);
    hook.rerender({ on: true });
    press(document.body, { key: 'ChannelUp' });
    expect(onSwitch.mock.calls).toEqual([['up']]);
  });
});
