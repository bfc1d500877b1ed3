import { describe, expect, it } from 'vitest';
import { BACK_KEY_CODES, editsText, isTextField, remoteAction } from './remote-keys';

function input(value: string, type = 'text'): HTMLInputElement {
  const element = document.createElement('input');
  element.type = type;
  element.value = value;
  return element;
}

describe('remoteAction', () => {
  it('maps the arrows and Enter by their key names', () => {
    const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter'];
    expect(keys.map((key) => remoteAction({ key }))).toEqual(['up', 'down', 'left', 'right', 'enter']);
  });

  it('maps the arrows and Enter by their codes when a TV browser names no key', () => {
    const codes = [38, 40, 37, 39, 13];
    expect(codes.map((keyCode) => remoteAction({ key: 'Unidentified', keyCode }))).toEqual([
      'up',
      'down',
      'left',
      'right',
      'enter',
    ]);
  });

  it('reads Backspace, Escape, Tizen 10009, webOS 461 and BrowserBack 166 as back', () => {
    expect(BACK_KEY_CODES.map((keyCode) => remoteAction({ keyCode }))).toEqual(
      BACK_KEY_CODES.map(() => 'back'),
    );
    expect(
      ['Backspace', 'Escape', 'GoBack', 'BrowserBack', 'XF86Back'].map((key) => remoteAction({ key })),
    ).toEqual(['back', 'back', 'back', 'back', 'back']);
  });

  it('ignores unknown keys: letters, colour keys, media keys, nothing at all', () => {
    expect([
      remoteAction({ key: 'a', keyCode: 65 }),
      remoteAction({ key: 'ColorF0Red', keyCode: 403 }),
      remoteAction({ key: 'MediaPlayPause', keyCode: 10252 }),
      remoteAction({ key: 'Unidentified', keyCode: 99999 }),
      remoteAction({}),
    ]).toEqual([null, null, null, null, null]);
  });
});

describe('text fields and back', () => {
  it('tells text fields from other inputs', () => {
    expect([
      isTextField(input('')),
      isTextField(input('', 'tel')),
      isTextField(input('', 'checkbox')),
    ]).toEqual([true, true, false]);
    expect(isTextField(document.createElement('button'))).toBe(false);
  });

  it('leaves Backspace to a text field with something in it', () => {
    expect(editsText('back', { key: 'Backspace', keyCode: 8 }, input('912'))).toBe(true);
  });

  it('makes Backspace in an empty field the back action', () => {
    expect(editsText('back', { key: 'Backspace', keyCode: 8 }, input(''))).toBe(false);
  });

  it('makes the platforms back keys and Escape the back action even in a filled field', () => {
    expect(editsText('back', { key: 'Escape', keyCode: 27 }, input('912'))).toBe(false);
    expect(editsText('back', { keyCode: 10009 }, input('912'))).toBe(false);
  });

  it('never holds back an arrow in a field', () => {
    expect(editsText('left', { key: 'ArrowLeft' }, input('912'))).toBe(false);
  });
});
