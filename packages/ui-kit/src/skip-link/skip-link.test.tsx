import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SkipLink, type SkipLinkProps } from './skip-link.js';

/** A page: the skip link, a header link, and the main content it jumps to (with a button). */
function setup(props: Partial<SkipLinkProps> = {}) {
  const user = userEvent.setup();
  render(
    <>
      <SkipLink targetId="content" {...props} />
      <header>
        <a href="/tv">ТВ</a>
      </header>
      <main id="content" tabIndex={-1}>
        <button type="button">Смотреть</button>
      </main>
    </>,
  );
  const link = () => screen.getByRole('link', { name: props.label ?? 'Перейти к содержимому' });
  return { user, link };
}

describe('SkipLink', () => {
  it('is the first stop of the Tab key, named «Перейти к содержимому», pointing at the content', async () => {
    const { user, link } = setup();
    await user.tab();
    expect(link()).toHaveFocus();
    expect(link()).toHaveAttribute('href', '#content');
  });

  it('moves the focus to the main content when followed, leaving the address alone', async () => {
    const { user } = setup();
    const address = window.location.href;
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.href).toBe(address);
    // The next Tab goes on inside the content, past the header.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Смотреть' })).toHaveFocus();
  });

  it('takes another text', () => {
    const { link } = setup({ label: 'К фильмам' });
    expect(link()).toHaveTextContent('К фильмам');
  });
});
