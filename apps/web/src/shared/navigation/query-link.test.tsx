import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KitLink, QueryLink, useBack, withQuery } from './query-link';

function Where() {
  const location = useLocation();
  return <output aria-label="Адрес">{`${location.pathname}${location.search}`}</output>;
}

function Back() {
  const back = useBack();
  return (
    <button type="button" onClick={back}>
      Назад
    </button>
  );
}

function setup(initialEntries: string[], element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      {
        path: '*',
        element: (
          <>
            <Where />
            {element}
          </>
        ),
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), where: () => screen.getByRole('status', { name: 'Адрес' }).textContent };
}

describe('withQuery', () => {
  it('carries the current query string', () => {
    expect(withQuery('/tv', '?utm_source=x')).toEqual({ pathname: '/tv', search: '?utm_source=x', hash: '' });
  });

  it('lets parameters of the target win over carried ones', () => {
    expect(withQuery('/search?q=1&utm=b', '?utm=a&x=1').search).toBe('?x=1&q=1&utm=b');
  });

  it('keeps a hash', () => {
    expect(withQuery('/about_us#faq', '?a=1')).toEqual({
      pathname: '/about_us',
      search: '?a=1',
      hash: '#faq',
    });
  });
});

describe('QueryLink', () => {
  it('carries the query string to its target', async () => {
    const { user, where } = setup(
      ['/movie/1?utm_source=mail&campaign=7'],
      <QueryLink to="/tv">ТВ</QueryLink>,
    );
    expect(screen.getByRole('link', { name: 'ТВ' })).toHaveAttribute(
      'href',
      '/tv?utm_source=mail&campaign=7',
    );
    await user.click(screen.getByRole('link', { name: 'ТВ' }));
    expect(where()).toBe('/tv?utm_source=mail&campaign=7');
  });

  it('is what the ui-kit renders as its LinkComponent', () => {
    setup(['/x?a=1'], <KitLink href="/account">Меню</KitLink>);
    expect(screen.getByRole('link', { name: 'Меню' })).toHaveAttribute('href', '/account?a=1');
  });
});

describe('useBack', () => {
  it('goes back in history when there is an earlier entry', async () => {
    const { user, where } = setup(['/tv?a=1', '/movie/5?a=1'], <Back />);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(where()).toBe('/tv?a=1');
  });

  it('goes to / keeping the query string on the first entry of a visit', async () => {
    const { user, where } = setup(['/movie/5?utm=z'], <Back />);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(where()).toBe('/?utm=z');
  });
});
