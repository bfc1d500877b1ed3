import { Navigate, useLocation } from 'react-router';
import type { ExternalAccount, PartnersState } from '../account/account-menu-items';
import { AccountList, AccountPage } from '../account/account-page';
import { screenMessages } from '../messages';
import styles from './account-partners.module.css';
import { partnersMessages as m } from './messages';

const isText = (value: unknown): value is string => typeof value === 'string';

function isAccount(value: unknown): value is ExternalAccount {
  const account = value as Partial<ExternalAccount> | null;
  return isText(account?.title) && isText(account?.email) && isText(account?.password);
}

/**
 * The accounts the navigation state carries, or null when it carries none: opened by address, after
 * a reload in another tab's history, or with a state of another shape (history entries outlive versions).
 */
export function partnersOf(state: unknown): PartnersState['externalAccounts'] | null {
  const accounts = (state as Partial<PartnersState> | null)?.externalAccounts;
  return Array.isArray(accounts) && accounts.length > 0 && accounts.every(isAccount) ? accounts : null;
}

/**
 * `/account/partners`, «Сайты-партнёры» (SPEC §2): each account's title, e-mail and password in plain
 * text. It needs the accounts in navigation state (the menu link passes them); without them it goes
 * to the root, keeping the query. On mobile a page of its own with a back header; on desktop it opens
 * in place beside the menu.
 */
export function AccountPartnersRoute() {
  const { state, search } = useLocation();
  const accounts = partnersOf(state);
  if (!accounts) return <Navigate to={{ pathname: '/', search }} replace />;
  return (
    <AccountPage title={screenMessages.partners}>
      <AccountList label={m.list}>
        {accounts.map((account) => (
          <li key={account.title} className={styles.card}>
            <h3 className={styles.name}>{account.title}</h3>
            {/* Credentials are shown as they are: never translated by the browser or spell-checked. */}
            <dl className={styles.fields} translate="no">
              <dt>{m.email}</dt>
              <dd>{account.email}</dd>
              <dt>{m.password}</dt>
              <dd className={styles.secret}>{account.password}</dd>
            </dl>
          </li>
        ))}
      </AccountList>
    </AccountPage>
  );
}
