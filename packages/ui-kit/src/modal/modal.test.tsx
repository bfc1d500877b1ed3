import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './modal.js';

function setup(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <Modal open onClose={onClose} title="Вход" {...props}>
      <input aria-label="Номер телефона" />
      <button type="button">Продолжить</button>
    </Modal>,
  );
  return { onClose, user, dialog: screen.getByRole('dialog', { name: 'Вход' }) };
}

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Войти
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Вход">
        текст
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title', () => {
    const { dialog } = setup();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Вход">
        текст
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const { onClose, user } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click', async () => {
    const { onClose, user } = setup();
    const backdrop = document.querySelector<HTMLElement>('[data-kadr-backdrop]');
    await user.click(backdrop!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on a click inside the card', async () => {
    const { onClose, user } = setup();
    await user.click(screen.getByRole('heading', { name: 'Вход' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on a backdrop click when closeOnBackdrop is false', async () => {
    const { onClose, user } = setup({ closeOnBackdrop: false });
    await user.click(document.querySelector<HTMLElement>('[data-kadr-backdrop]')!);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with the close button', async () => {
    const { onClose, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus into the dialog on open', () => {
    const { dialog } = setup();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = setup();
    screen.getByRole('button', { name: 'Продолжить' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Продолжить' })).toHaveFocus();
  });

  it('returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toHaveFocus();
  });
});
