import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useModalStore } from '../../shared/stores/modal-store';
import { billingHandlers, packageInfo } from '../../testing/billing-fixtures';
import { createFakeServices, signedInStorage } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { RegistrationPrompt } from './registration-prompt';

const TEXT = 'Зарегистрируйтесь, чтобы не потерять доступ к подписке';
const bought = () =>
  billingHandlers({ packages: [packageInfo(3, 'Кадр Премиум', { goods: { status: 'confirmed' } })] });

function setup(handlers = bought(), loggedIn = false) {
  const fake = createFakeServices({ handlers, storage: loggedIn ? signedInStorage : {} });
  return renderWithApp(<RegistrationPrompt />, { fake, session: { loggedIn } });
}

describe('RegistrationPrompt', () => {
  it('shows a guest who holds a bought package the prompt, whose button opens the login modal in prompt mode', async () => {
    const { user } = setup();
    const prompt = await screen.findByRole('region', { name: TEXT });
    expect(prompt).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(useModalStore.getState()).toMatchObject({ loginOpen: true, loginPromptMode: true });
  });

  it('stays hidden for a guest who bought nothing', async () => {
    const { calls } = setup(billingHandlers({ packages: [packageInfo(3, 'Кадр Премиум')] }));
    await vi.waitFor(() => expect(calls.map((call) => call.id)).toContain('getEkPackages'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: TEXT })).not.toBeInTheDocument();
  });

  it('asks nothing and shows nothing for a logged-in visitor', async () => {
    const { calls } = setup(bought(), true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: TEXT })).not.toBeInTheDocument();
    expect(calls.map((call) => call.id)).not.toContain('getEkPackages');
  });

  it('goes for the session once dismissed', async () => {
    const { user, services } = setup();
    await screen.findByRole('region', { name: TEXT });
    await user.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(screen.queryByRole('region', { name: TEXT })).not.toBeInTheDocument();
    expect(services.sessionStorage.getItem('promptOpenHeader')).not.toBeNull();
  });
});
