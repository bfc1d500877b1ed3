/** What a remote's key asks for; `null` for any key the TV layout leaves alone. */
export type RemoteAction = 'up' | 'down' | 'left' | 'right' | 'enter' | 'back';

/**
 * Back key codes of the TV platforms, beside the keyboard's Backspace (8) and Escape (27):
 * Samsung Tizen 10009 (tizen.tvinputdevice «Return»), LG webOS and HbbTV / OIPF browsers 461 (VK_BACK),
 * and 166 (VK_BROWSER_BACK, sent by Android TV and Fire TV browsers).
 */
export const BACK_KEY_CODES: readonly number[] = [8, 27, 461, 10009, 166];

/** Back keys by `KeyboardEvent.key`, for platforms that name them. */
const BACK_KEY_NAMES: readonly string[] = [
  'Backspace',
  'Escape',
  'GoBack',
  'BrowserBack',
  'XF86Back',
  'Back',
];

const BY_KEY: Readonly<Record<string, RemoteAction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
  Enter: 'enter',
};

const BY_CODE: Readonly<Record<number, RemoteAction>> = {
  38: 'up',
  40: 'down',
  37: 'left',
  39: 'right',
  13: 'enter',
};

/** The fields of a key event the mapping reads. */
export interface RemoteKey {
  key?: string;
  keyCode?: number;
}

/**
 * The action of a key: arrows, Enter and back (by name first, then by the platforms' numeric codes, which
 * older TV browsers send with an empty or 'Unidentified' key). Anything else is `null`: ignored.
 */
export function remoteAction({ key, keyCode }: RemoteKey): RemoteAction | null {
  if (key && key !== 'Unidentified') {
    const named = BY_KEY[key];
    if (named) return named;
    if (BACK_KEY_NAMES.includes(key)) return 'back';
  }
  if (keyCode === undefined) return null;
  if (BACK_KEY_CODES.includes(keyCode)) return 'back';
  return BY_CODE[keyCode] ?? null;
}

/** A field that edits text: Backspace there deletes a character instead of going back. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(target.type);
}

/**
 * Whether a back key should leave the field alone: Backspace in a text field with something in it
 * deletes; in an empty field (or any other back key) it is the back action.
 */
export function editsText(action: RemoteAction, key: RemoteKey, target: EventTarget | null): boolean {
  if (action !== 'back' || !isTextField(target)) return false;
  const backspace = key.key === 'Backspace' || (key.keyCode === 8 && !key.key);
  if (!backspace) return false;
  const value = target instanceof HTMLElement && 'value' in target ? String(target.value) : '';
  return value.length > 0;
}
