import { describe, expect, it } from 'vitest';
import { createMemoryStorage, dismissRegistrationPrompt, shouldShowRegistrationPrompt } from './index.js';

function setup(local: Record<string, string> = {}, session: Record<string, string> = {}) {
  return { storage: createMemoryStorage(local), sessionStorage: createMemoryStorage(session) };
}

describe('shouldShowRegistrationPrompt', () => {
  it.each([
    { auth: 'false', hasBought: true, expected: true },
    { auth: 'false', hasBought: false, expected: false },
    { auth: 'true', hasBought: true, expected: false },
    { auth: 'true', hasBought: false, expected: false },
  ])('AUTH $auth, bought $hasBought → $expected', ({ auth, hasBought, expected }) => {
    const { storage, sessionStorage } = setup({ AUTH: auth });
    for (const place of ['header', 'movie'] as const) {
      expect(shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought, place })).toBe(expected);
    }
  });

  it('shows to a guest without AUTH stored', () => {
    const { storage, sessionStorage } = setup();
    expect(shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought: true, place: 'header' })).toBe(
      true,
    );
  });

  it('stops showing at a place once dismissed there, for the session', () => {
    const { storage, sessionStorage } = setup({ AUTH: 'false' });
    dismissRegistrationPrompt({ sessionStorage, place: 'header' });
    expect(shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought: true, place: 'header' })).toBe(
      false,
    );
    expect(shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought: true, place: 'movie' })).toBe(
      true,
    );
  });

  it('writes the place flag and the session-wide flag', () => {
    const { sessionStorage } = setup();
    dismissRegistrationPrompt({ sessionStorage, place: 'movie' });
    expect(sessionStorage.snapshot()).toEqual({ promptOpenMovie: 'false', promptOpen: 'false' });
  });
});
