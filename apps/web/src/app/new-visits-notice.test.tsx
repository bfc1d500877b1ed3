import { StorageKey } from '@kadr/auth-session';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../shared/stores/session-store';
import { apiError, createFakeServices } from '../testing/fake-services';
import { resetStores } from '../testing/seed-stores';
import { App, startApp } from './app';
import { newVisitsLimitedMessage } from './new-visits-notice';
import { appRoutes } from './routes';

beforeEach(() => resetStores());

/** A first visit whose anonymousAuth answers `refusal` (the api's 429 envelope, as the client throws it). */
async function startRefused(refusal: Error) {
  const fake = createFakeServices({
    storage: { [StorageKey.accessToken]: '' },
    handlers: {
      anonymousAuth: () => {
        throw refusal;
      },
    },
  });
  await startApp(fake.services, 'https://kadr.example/promo/web/');
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
  render(<App services={fake.services} deviceKind="desktop" router={router} />);
  return fake;
}

describe('a visitor over the new-visit limits (decision 047)', () => {
  it('sees the catalogue and an honest notice of whose limit it is and when the rest comes back', async () => {
    const fake = await startRefused(Object.assign(apiError(429, 'new_visits_limited'), { retryAfter: 1500 }));
    expect(useSessionStore.getState()).toMatchObject({
      status: 'limited',
      limit: { code: 429, error: 'new_visits_limited', retryAfter: 1500 },
    });
    const notice = await screen.findByRole('alertdialog', { name: /Из вашей сети за последний час/ });
    expect(notice).toHaveTextContent('Каталог открыт');
    expect(notice).toHaveTextContent('через 25 минут');
    expect(screen.queryByText('Не удалось подключиться к Кадру')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'ОК' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The home screen's rails load without a session: the catalogue is public.
    await waitFor(() => expect(fake.ids()).toContain('getCollections'));
    expect((await screen.findAllByRole('link')).length).toBeGreaterThan(0);
    expect(fake.ids()).not.toContain('getProfile');
  });

  it("says when the service's own ceiling was reached, not the visitor's network", async () => {
    await startRefused(apiError(429, 'new_visits_budget_exhausted'));
    const notice = await screen.findByRole('alertdialog', { name: /Сейчас к Кадру подключается/ });
    expect(notice).toHaveTextContent('чуть позже');
  });

  it('keeps the connection failure screen for failures that are not a limit', async () => {
    await startRefused(apiError(503, 'database_unavailable'));
    expect(useSessionStore.getState().status).toBe('failed');
    expect(await screen.findByText('Не удалось подключиться к Кадру')).toBeVisible();
  });

  it('words the limit honestly: whose it is, that the catalogue is open, and when the rest comes', () => {
    expect(newVisitsLimitedMessage({ error: 'new_visits_limited', retryAfter: 1500 })).toBe(
      'Из вашей сети за последний час пришло слишком много новых посетителей — так бывает в офисах и у мобильных операторов. Каталог открыт, а смотреть видео, оформлять подписку и входить можно будет через 25 минут — тогда обновите страницу.',
    );
    expect(newVisitsLimitedMessage({ error: 'new_visits_budget_exhausted' })).toBe(
      'Сейчас к Кадру подключается слишком много новых зрителей. Каталог открыт, а смотреть видео, оформлять подписку и входить можно будет чуть позже — тогда обновите страницу.',
    );
  });
});
