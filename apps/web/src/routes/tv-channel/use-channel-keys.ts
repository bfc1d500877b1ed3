import { useEffect, useRef } from 'react';

/**
 * Keys that switch channels (KeyboardEvent.key): a keyboard's PageUp and PageDown and a TV remote's
 * channel buttons. Up goes to the next channel of the TV tab, down to the previous one.
 */
export const CHANNEL_KEYS: Readonly<Record<string, 'up' | 'down'>> = {
  PageUp: 'up',
  ChannelUp: 'up',
  PageDown: 'down',
  ChannelDown: 'down',
};

/** Whether a key press belongs to what has the focus: a text field, a list box, a dialog. */
function ownedByTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Calls `onSwitch('up' | 'down')` for the channel keys pressed anywhere on the page, unless a field or
 * a dialog has the focus or a modifier is held; the key's own action (scrolling a page) is skipped.
 * Off while `enabled` is false (the payment window is open).
 */
export function useChannelKeys(onSwitch: (direction: 'up' | 'down') => void, enabled = true): void {
  const latest = useRef(onSwitch);
  latest.current = onSwitch;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = CHANNEL_KEYS[event.key];
      if (!direction || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey || ownedByTarget(event.target)) return;
      event.preventDefault();
      latest.current(direction);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
