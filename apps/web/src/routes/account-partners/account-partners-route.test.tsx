import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-app';
import type { ExternalAccount } from '../account/account-menu-items';
import { AccountPartnersRoute, partnersOf } from './account-partners-route';

const KINOZAL: ExternalAccount = {
  title: 'Кинозал',
  email: 'viewer@kinozal.example',
  password: 'Kz-8fQ2lI1',
};
const MUZBOX: ExternalAccount = { title: 'Музбокс', email: 'viewer@muzbox.example', password: 'mb secret' };

function Root() {
  const { pathname, search } = useLocation();
  return <p>корень {`${pathname}${search}`}</p>;
}

/** The page at /account/partners?utm=1 with `state` passed by the link that opened it. */
function setup(state: unknown, deviceKind: 'desktop' | 'mobile' = 'desktop') {
  return renderWithApp(
    <Routes>
      <Route path="/" element={<Root />} />
      <Route path="/account/partners" element={<AccountPartnersRoute />} />
    </Routes>,
    { path: { pathname: '/account/partners', search: '?utm=1', state }, deviceKind },
  );
}

describe('AccountPartnersRoute', () => {
  it('shows each account’s title, e-mail and password in plain text', () => {
    setup({ externalAccounts: [KINOZAL, MUZBOX] });
    expect(screen.getByRole('heading', { level: 2, name: 'Сайты-партнёры' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Аккаунты на сайтах-партнёрах' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent('Кинозал');
    expect(items[0]).toHaveTextContent('Электронная почтаviewer@kinozal.example');
    expect(items[0]).toHaveTextContent('ПарольKz-8fQ2lI1');
    expect(items[1]).toHaveTextContent('Музбокс');
    expect(items[1]).toHaveTextContent('viewer@muzbox.example');
    expect(items[1]).toHaveTextContent('mb secret');
  });

  it('gives a phone the back header', () => {
    setup({ externalAccounts: [KINOZAL] }, 'mobile');
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
    expect(screen.getByText('Kz-8fQ2lI1')).toBeInTheDocument();
  });

  it.each([
    ['no state', undefined],
    ['a state without accounts', { returnPathname: '/' }],
    ['an empty list', { externalAccounts: [] }],
    ['accounts of another shape', { externalAccounts: [{ title: 'Кинозал', email: 'a@b.example' }] }],
  ])('goes to the root, keeping the query, with %s', async (_name, state) => {
    setup(state);
    expect(await screen.findByText('корень /?utm=1')).toBeInTheDocument();
    expect(screen.queryByText('Сайты-партнёры')).not.toBeInTheDocument();
  });
});

describe('partnersOf', () => {
  it('takes only a non-empty list of complete accounts', () => {
    expect(partnersOf({ externalAccounts: [KINOZAL] })).toEqual([KINOZAL]);
    expect(partnersOf(null)).toBeNull();
    expect(partnersOf('x')).toBeNull();
    expect(partnersOf({ externalAccounts: 'x' })).toBeNull();
    expect(partnersOf({ externalAccounts: [KINOZAL, { ...MUZBOX, password: 1 }] })).toBeNull();
  });
});
