import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../shared/stores/session-store';
import { renderApp } from '../testing/render-app';

describe('SignInLinkNotice', () => {
  it('tells the viewer a refused sign-in link is invalid or stale, and closes on ОК', async () => {
    const { user } = renderApp('/', { session: { signInLinkRefused: true } });
    const notice = await screen.findByRole('alertdialog', {
      name: 'Ссылка для входа недействительна или устарела',
    });
    expect(notice).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'ОК' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useSessionStore.getState().signInLinkRefused).toBe(false);
  });

  it('shows nothing after an ordinary start', async () => {
    renderApp('/');
    await screen.findAllByRole('link');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
