import { describe, expect, it } from 'vitest';
import { backStep } from './back-rule';

const nothingOpen = { dialogOpen: false, playerOpen: false, atHome: false };

describe('backStep', () => {
  it('closes an open dialog first, even over an open player on home', () => {
    expect(backStep({ dialogOpen: true, playerOpen: true, atHome: true })).toBe('close-dialog');
  });

  it('leaves an open player before leaving the screen', () => {
    expect(backStep({ ...nothingOpen, playerOpen: true })).toBe('leave-player');
  });

  it('goes back (history or home) from any other screen', () => {
    expect(backStep(nothingOpen)).toBe('history-back');
  });

  it('stays on home when nothing is open', () => {
    expect(backStep({ ...nothingOpen, atHome: true })).toBe('stay');
  });
});
