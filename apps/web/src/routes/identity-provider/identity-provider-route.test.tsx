import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, createFakeServices } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { IdentityProviderRoute } from './identity-provider-route';

const SESSION = {
  access_token: 'oidc-a',
  refresh_token: 'oidc-r',
  profile_id: 77,
  expires_in: 900,
  token_type: 'Bearer',
  device_uid: 'web_TESTDEVICE000000',
  phone_number: null,
};

function setup(path: string, handlers: Parameters<typeof createFakeServices>[0] = {}) {
  const fake = createFakeServices({
    handlers: {
      identityProviderStart: () => ({ authorization_url: 'https://id.example/authorize?state=s' }),
      identityProviderFinish: () => SESSION,
    },
    ...handlers,
  });
  const browser = { assign: vi.fn(), replace: vi.fn() };
  const rendered = renderWithApp(<IdentityProviderRoute browser={browser} />, { path, fake });
  return { ...rendered, browser };
}

describe('IdentityProviderRoute', () => {
  it('sends the visitor to the provider’s address the api answers', async () => {
    const t = setup('/auth_sandbox/');
    expect(screen.getByRole('status')).toHaveTextContent('Переходим к сервису входа');
    await waitFor(() =>
      expect(t.browser.assign).toHaveBeenCalledWith('https://id.example/authorize?state=s'),
    );
    expect(t.calls.find((c) => c.id === 'identityProviderStart')?.input).toEqual({
      body: { provider: 'sandbox' },
    });
  });

  it('back with a code, signs in once and reloads the app at home with the campaign query', async () => {
    const t = setup('/auth_sandbox/?utm_source=mail&code=c1&state=s1');
    expect(screen.getByRole('status')).toHaveTextContent('Завершаем вход');
    await waitFor(() => expect(t.browser.replace).toHaveBeenCalledTimes(1));
    expect(t.browser.replace).toHaveBeenCalledWith(`${window.location.origin}/promo/web/?utm_source=mail`);
    expect(t.calls.filter((c) => c.id === 'identityProviderFinish')).toHaveLength(1);
    expect(t.services.storage.getItem('AUTH')).toBe('true');
    expect(t.services.storage.getItem('access_token')).toBe('oidc-a');
    expect(t.services.storage.getItem('profile_id')).toBe('77');
  });

  it('shows the refusal when the visitor said no at the provider, and retries on request', async () => {
    const t = setup('/auth_sandbox/?error=access_denied&state=s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход не выполнен' })).toBeInTheDocument();
    expect(screen.getByText(/Вы отказались от входа/)).toBeInTheDocument();
    expect(t.services.storage.getItem('AUTH')).toBe('false');
    await t.user.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    await waitFor(() => expect(t.browser.assign).toHaveBeenCalledTimes(1));
  });

  it('shows the api’s message for a tampered state and keeps the anonymous session', async () => {
    const refusal = Object.assign(apiError(520, 'identity_state_invalid'), {
      message: 'Запрос на вход устарел или не подтверждён. Начните вход заново',
    });
    setup('/auth_sandbox/?code=c1&state=forged', {
      handlers: {
        identityProviderFinish: () => {
          throw refusal;
        },
      },
    });
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  });

  it('says so for a path that names no provider', async () => {
    setup('/auth_/');
    expect(await screen.findByText('Такой способ входа не подключён')).toBeInTheDocument();
  });
});
