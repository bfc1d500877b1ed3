import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import nowrapStyles from '../unbroken-end/unbroken-end.module.css';
import { ErrorModal } from './error-modal.js';

function setup(open = true) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<ErrorModal open={open} homeHref="/?utm=1" onClose={onClose} />);
  return { user, onClose };
}

describe('ErrorModal', () => {
  it('is an alert dialog «Что-то пошло не так :(» asking to go home', () => {
    setup();
    const dialog = screen.getByRole('alertdialog', { name: 'Что-то пошло не так :(' });
    expect(dialog).toHaveAccessibleDescription('Вернитесь на «Главную»');
    expect(screen.getByRole('link', { name: 'Главная страница' })).toHaveAttribute('href', '/?utm=1');
  });

  it('keeps «:(» with the word before it on one line (a phone never breaks it)', () => {
    setup();
    const title = screen.getByRole('heading', { name: 'Что-то пошло не так :(' });
    expect(within(title).getByText('так :(')).toHaveClass(String(nowrapStyles.nowrap));
  });

  it('closes on Escape and on the cross', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    setup(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
