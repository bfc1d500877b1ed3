import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.js';

function setup(confirming = false) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      message="Вы действительно хотите выйти?"
      confirmLabel="Выйти из профиля"
      cancelLabel="Закрыть"
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirming={confirming}
    />,
  );
  return { onConfirm, onCancel, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its question', () => {
    setup();
    expect(screen.getByRole('alertdialog', { name: 'Вы действительно хотите выйти?' })).toBeInTheDocument();
  });

  it('confirms with the confirm button', async () => {
    const { onConfirm, onCancel, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Выйти из профиля' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the cancel button and with Escape', async () => {
    const { onCancel, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('focuses the safe choice first', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
  });

  it('blocks both buttons while confirming', () => {
    setup(true);
    expect(screen.getByRole('button', { name: 'Выйти из профиля' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeDisabled();
  });
});
