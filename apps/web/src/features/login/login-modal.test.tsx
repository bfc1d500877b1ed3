import { StorageKey } from '@kadr/auth-session';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModalStore } from '../../shared/stores/modal-store';
import { createFakeServices, GOODLINE_PHONE } from '../../testing/fake-services';
import { renderWithApp } from '../../testing/render-app';
import { codeState, noActions, phoneState } from './login-fixtures';
import { LoginModal } from './login-modal';
import { LoginModalView, type LoginModalViewProps } from './login-modal-view';

function setup(options: { storage?: Record<string, string> } = {}) {
  const fake = createFakeServices({ storage: options.storage });
  const app = renderWithApp(<LoginModal />, { fake, modal: { loginOpen: true } });
  const dialog = () => screen.getByRole('dialog');
  const phoneInput = () => screen.getByRole('textbox', { name: 'Номер телефона' });
  const submitPhone = async (phone: string) => {
    await app.user.clear(phoneInput());
    await app.user.type(phoneInput(), phone);
    await app.user.click(screen.getByRole('button', { name: 'Продолжить' }));
  };
  return { ...app, dialog, phoneInput, submitPhone };
}

function renderView(props: Partial<LoginModalViewProps> = {}) {
  render(
    <LoginModalView
      open
      state={phoneState()}
      actions={noActions}
      onClose={() => {}}
      hasProfile
      layout="desktop"
      supportEmail="support@kadr.example"
      agreementUrl="https://kadr.example/agreement"
      {...props}
    />,
  );
}

describe('LoginModal, phone screen', () => {
  it('is a dialog titled with the SPEC phone-screen title', () => {
    const { dialog } = setup();
    expect(dialog()).toHaveAccessibleName('Введите номер телефона, чтобы войти или зарегистрироваться');
  });

  it('starts the phone field at +7 with the terms checkbox checked and a user agreement link', () => {
    const { phoneInput } = setup();
    expect(phoneInput()).toHaveValue('+7');
    expect(screen.getByRole('checkbox', { name: /пользовательского соглашения/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'пользовательского соглашения' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it("says 'Неверный номер телефона' for a short number and stays on the phone screen", async () => {
    const { submitPhone, ids } = setup();
    await submitPhone('912345');
    expect(screen.getByRole('alert')).toHaveTextContent('Неверный номер телефона');
    expect(screen.getByRole('textbox', { name: 'Номер телефона' })).toBeInvalid();
    expect(ids()).not.toContain('sendAuth');
  });

  it('blocks Продолжить while the terms are not accepted', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
  });

  it('shows the provider alert and no code screen for a blocked provider', async () => {
    const { submitPhone } = setup();
    await submitPhone(GOODLINE_PHONE.slice(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(/недоступен для абонентов/);
    expect(screen.queryByRole('textbox', { name: 'Цифра 1' })).not.toBeInTheDocument();
  });

  it('shows the prompt-mode title when opened from the registration prompt', () => {
    renderWithApp(<LoginModal />, { modal: { loginOpen: true, loginPromptMode: true } });
    expect(screen.getByRole('dialog')).toHaveAccessibleName(
      'Зарегистрируйтесь, чтобы не потерять доступ к подписке',
    );
  });

  it('closes with the cross', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(useModalStore.getState().loginOpen).toBe(false);
  });
});

describe('LoginModal, code screen', () => {
  it('shows the masked number, four digit inputs, the code lifetime and the resend countdown', async () => {
    const { submitPhone, dialog } = setup();
    await submitPhone('9123456789');
    await screen.findByRole('textbox', { name: 'Цифра 1' });
    const d = within(dialog());
    expect(d.getByText('+7 (912) ***-**-89')).toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) expect(d.getByRole('textbox', { name: `Цифра ${n}` })).toBeInTheDocument();
    expect(d.getByText('Код активен ещё 2 минуты')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Отправить повторно через 60 с' })).toBeDisabled();
    expect(d.getByRole('link', { name: 'support@kadr.example' })).toHaveAttribute(
      'href',
      'mailto:support@kadr.example',
    );
    expect(d.getByRole('textbox', { name: 'Цифра 1' })).toHaveFocus();
  });

  it("says 'Неверный код' after a wrong code and clears the inputs", async () => {
    const { submitPhone, user } = setup();
    await submitPhone('9123456789');
    await screen.findByRole('textbox', { name: 'Цифра 1' });
    await user.keyboard('1111');
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Цифра 4' })).toHaveValue('');
  });

  it('logs in with the right code, closes the modal and reloads the page', async () => {
    const { submitPhone, user, reloads, storage } = setup();
    await submitPhone('9123456789');
    await screen.findByRole('textbox', { name: 'Цифра 1' });
    await user.keyboard('1234');
    await vi.waitFor(() => expect(reloads()).toBe(1));
    expect(useModalStore.getState().loginOpen).toBe(false);
    expect(storage.getItem(StorageKey.auth)).toBe('true');
    expect(storage.getItem(StorageKey.login)).toBe('79123456789');
  });

  it('goes back to the phone screen with the back arrow', async () => {
    const { submitPhone, user } = setup();
    await submitPhone('9123456789');
    await user.click(await screen.findByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('textbox', { name: 'Номер телефона' })).toHaveValue('+79123456789');
  });
});

describe('LoginModalView', () => {
  it('counts the resend lockout down in seconds', () => {
    renderView({ state: codeState({ resendIn: 42 }) });
    expect(screen.getByRole('button', { name: 'Отправить повторно через 42 с' })).toBeDisabled();
  });

  it('enables resend when the countdown is over', async () => {
    const resend = vi.fn();
    renderView({ state: codeState({ resendIn: 0 }), actions: { ...noActions, resend } });
    await userEvent.click(screen.getByRole('button', { name: 'Отправить код повторно' }));
    expect(resend).toHaveBeenCalledTimes(1);
  });

  it("shows 'Неверный код' and marks the digits invalid", () => {
    renderView({ state: codeState({ codeError: 'Неверный код' }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Неверный код');
    expect(screen.getByRole('textbox', { name: 'Цифра 1' })).toBeInvalid();
  });

  it('renders the code screen only when a profile_id exists', () => {
    renderView({ state: codeState(), hasProfile: false });
    expect(screen.queryByRole('textbox', { name: 'Цифра 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Номер телефона' })).toBeInTheDocument();
  });

  it('shows the prompt-mode title it is given', () => {
    renderView({ state: phoneState({ title: 'Зарегистрируйтесь, чтобы не потерять доступ к подписке' }) });
    expect(screen.getByRole('dialog')).toHaveAccessibleName(
      'Зарегистрируйтесь, чтобы не потерять доступ к подписке',
    );
  });
});
