import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { config } from '../../env';
import { mobileStores } from '../../shared/app-stores';
import { OfflinePrompt, type OfflinePromptProps } from './offline-prompt';

function setup(props: Partial<OfflinePromptProps> = {}) {
  const onContinue = vi.fn();
  const onPlayerKey = vi.fn();
  render(
    // biome-ignore lint/a11y/noStaticElementInteractions: stands in for the player region's key handler.
    <div onKeyDown={(event) => onPlayerKey(event.key)}>
      <OfflinePrompt onContinue={onContinue} {...props} />
    </div>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Скачивайте в приложении Кадр' });
  return { onContinue, onPlayerKey, dialog, user: userEvent.setup() };
}

describe('OfflinePrompt', () => {
  it('is a dialog named by its title and described by the text about downloads in the app', () => {
    const { dialog } = setup();
    expect(dialog).toHaveAccessibleDescription(
      'Фильмы и серии можно скачать и смотреть без интернета в мобильном приложении Кадра. Откройте приложение или установите его из магазина.',
    );
  });

  it('opens the app by its configured universal link, in place', () => {
    setup();
    const link = screen.getByRole('link', { name: 'Открыть приложение' });
    expect(config.mobileAppUrl).toMatch(/^https:\/\//);
    expect(link).toHaveAttribute('href', config.mobileAppUrl);
    expect(link).not.toHaveAttribute('target');
  });

  it('links four stores, with the footer’s own links, each in a new tab', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Установить из магазина' });
    const links = within(list).getAllByRole('link');
    const footer = new Map(mobileStores.map((store) => [store.label, store.href]));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      ['App Store', 'Google Play', 'AppGallery', 'RuStore'].map((label) => [label, footer.get(label)]),
    );
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('moves focus to «Открыть приложение» when it opens', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Открыть приложение' })).toHaveFocus();
  });

  it('continues watching with «Продолжить просмотр»', async () => {
    const { onContinue, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Продолжить просмотр' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('continues watching with Escape, and keeps keys from the player under it', async () => {
    const { onContinue, onPlayerKey, user } = setup();
    await user.keyboard('{ArrowRight}{Escape}');
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(onPlayerKey).not.toHaveBeenCalled();
  });
});
