import { createMemoryStorage, dismissRegistrationPrompt, StorageKey } from '@kadr/auth-session';
import { describe, expect, it } from 'vitest';
import { decidePlay, purchasePath } from './play-decision';

function setup({ loggedIn = false, promptClosed = false } = {}) {
  const storage = createMemoryStorage();
  const sessionStorage = createMemoryStorage();
  storage.setItem(StorageKey.auth, loggedIn ? 'true' : 'false');
  if (promptClosed) dismissRegistrationPrompt({ sessionStorage, place: 'movie' });
  return { storage, sessionStorage };
}

describe('decidePlay (SPEC §4 play logic)', () => {
  it('shows the registration prompt to a guest who bought', () => {
    expect(decidePlay({ goods: { is_bought: true, is_preview: false }, ...setup() })).toBe(
      'registration-prompt',
    );
  });

  it('plays for a guest who bought once the prompt was closed in this session', () => {
    expect(
      decidePlay({ goods: { is_bought: true, is_preview: false }, ...setup({ promptClosed: true }) }),
    ).toBe('play');
  });

  it('plays for a logged-in buyer without the prompt', () => {
    expect(decidePlay({ goods: { is_bought: true, is_preview: false }, ...setup({ loggedIn: true }) })).toBe(
      'play',
    );
  });

  it('plays a preview for a non-buyer when the goods are previewable', () => {
    expect(decidePlay({ goods: { is_bought: false, is_preview: true }, ...setup() })).toBe('play');
  });

  it('sends a non-buyer of goods without preview to the purchase page', () => {
    expect(decidePlay({ goods: { is_bought: false, is_preview: false }, ...setup({ loggedIn: true }) })).toBe(
      'purchase',
    );
  });

  it('shows the prompt to a guest who holds another package, then previews this one', () => {
    expect(
      decidePlay({ goods: { is_bought: false, is_preview: true }, holdsPackage: true, ...setup() }),
    ).toBe('registration-prompt');
    expect(
      decidePlay({
        goods: { is_bought: false, is_preview: true },
        holdsPackage: true,
        ...setup({ promptClosed: true }),
      }),
    ).toBe('play');
  });

  it('ignores the header prompt flag: only the movie prompt counts', () => {
    const stores = setup();
    dismissRegistrationPrompt({ sessionStorage: stores.sessionStorage, place: 'header' });
    expect(decidePlay({ goods: { is_bought: true, is_preview: true }, ...stores })).toBe(
      'registration-prompt',
    );
  });

  it('builds the package page address', () => {
    expect(purchasePath(4)).toBe('/account/packages/4/');
  });
});
