import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkComponentProps } from '../link.js';
import nowrapStyles from '../unbroken-end/unbroken-end.module.css';
import { ErrorScreen, type ErrorScreenProps } from './error-screen.js';

/** An app's link renderer (marks what it rendered). */
function AppLink({ href, ...props }: LinkComponentProps) {
  return <a data-app-link href={`#${href}`} {...props} />;
}

/** The class that keeps text on one line. */
const NOWRAP = String(nowrapStyles.nowrap);

function setup(props: Partial<ErrorScreenProps> = {}) {
  const onReload = vi.fn();
  const user = userEvent.setup();
  render(<ErrorScreen homeHref="/?utm=1" onReload={onReload} {...props} />);
  return { user, onReload };
}

describe('ErrorScreen', () => {
  it('is a region named «Что-то пошло не так :(» with what to do', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Что-то пошло не так :(' });
    expect(region).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Что-то пошло не так :(' }),
    );
    expect(screen.getByText(/Не удалось показать эту страницу/)).toBeInTheDocument();
  });

  it('links «На главную» to the home page', () => {
    setup();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/?utm=1');
  });

  it('reloads the page on «Обновить страницу»', async () => {
    const { user, onReload } = setup();
    await user.click(screen.getByRole('button', { name: 'Обновить страницу' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('renders the home link with the injected LinkComponent and takes other texts', () => {
    setup({ LinkComponent: AppLink, labels: { text: 'Страница не загрузилась.', home: 'Главная страница' } });
    expect(screen.getByRole('link', { name: 'Главная страница' })).toHaveAttribute('data-app-link');
    expect(screen.getByText('Страница не загрузилась.')).toBeInTheDocument();
  });

  it('keeps «:(» with the word before it on one line (a phone never breaks it)', () => {
    setup();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByText('так :(')).toHaveClass(NOWRAP);
    expect(heading).toHaveTextContent(/^Что-то пошло не так :\($/);
  });

  it('keeps the last two words of another title together, and a one-word title whole', () => {
    setup({ labels: { title: 'Страница не загрузилась' } });
    expect(screen.getByText('не загрузилась')).toHaveClass(NOWRAP);
    cleanup();
    setup({ labels: { title: 'Ошибка' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Ошибка' }).firstElementChild).toHaveClass(NOWRAP);
  });
});
