import { type RefObject, useEffect, useRef } from 'react';

/** Where a channel key goes: up to the next channel of the TV tab, down to the previous one. */
export type ChannelDirection = 'up' | 'down';

/** A TV remote's channel buttons (KeyboardEvent.key): channel keys anywhere on the page. */
const CHANNEL_KEYS: Readonly<Record<string, ChannelDirection>> = { ChannelUp: 'up', ChannelDown: 'down' };

/**
 * The same buttons by key code, for TV browsers that name them `Unidentified` (Tizen's and webOS's
 * channel up and down are 427 and 428).
 */
const CHANNEL_KEY_CODES: Readonly<Record<number, ChannelDirection>> = { 427: 'up', 428: 'down' };

/**
 * A keyboard's PageUp and PageDown: they scroll the page, so they switch channels only in the player,
 * or on a TV, whose remote may send its channel buttons as them.
 */
const PAGE_KEYS: Readonly<Record<string, ChannelDirection>> = { PageUp: 'up', PageDown: 'down' };

/** Where a key press happened, for {@link channelKeyDirection}. */
export interface ChannelKeyPlace {
  /** The focus is inside the player. */
  inPlayer: boolean;
  /** The app runs on a TV (shared/device.ts). */
  tv: boolean;
}

/**
 * The channel a key press goes to, or null when it is not a channel key there: ChannelUp and ChannelDown
 * (by name or by a TV's key code 427 and 428) anywhere; PageUp and PageDown in the player or on a TV.
 */
export function channelKeyDirection(
  event: Pick<KeyboardEvent, 'key' | 'keyCode'>,
  { inPlayer, tv }: ChannelKeyPlace,
): ChannelDirection | null {
  const remote = CHANNEL_KEYS[event.key] ?? CHANNEL_KEY_CODES[event.keyCode];
  if (remote) return remote;
  const page = PAGE_KEYS[event.key];
  return page && (inPlayer || tv) ? page : null;
}

/** Whether a key press belongs to what has the focus: a text field, a list box, a dialog. */
function ownedByTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Options of {@link useChannelKeys}. */
export interface ChannelKeysOptions {
  /** Off while false (the payment window is open). */
  enabled?: boolean;
  /** The player's box: PageUp and PageDown switch channels while the focus is inside it. */
  player: RefObject<HTMLElement | null>;
  /** The app runs on a TV: PageUp and PageDown switch channels anywhere on the page. */
  tv: boolean;
}

/**
 * Calls `onSwitch('up' | 'down')` for the channel keys of {@link channelKeyDirection}, unless a field or
 * a dialog has the focus or a modifier is held; such a key's own action is then skipped. Any other
 * PageUp and PageDown is left to scroll the page.
 */
export function useChannelKeys(
  onSwitch: (direction: ChannelDirection) => void,
  { enabled = true, player, tv }: ChannelKeysOptions,
): void {
  const latest = useRef(onSwitch);
  latest.current = onSwitch;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (ownedByTarget(event.target)) return;
      const inPlayer = event.target instanceof Node && (player.current?.contains(event.target) ?? false);
      const direction = channelKeyDirection(event, { inPlayer, tv });
      if (!direction) return;
      event.preventDefault();
      latest.current(direction);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, player, tv]);
}
