import { Navigate, useLocation } from 'react-router';
import type { PartnersState } from '../account/account-menu-items';
import { screenMessages } from '../messages';
import styles from './account-partners.module.css';
import { partnersMessages as m } from './messages';

function partnersOf(state: unknown): PartnersState['externalAccounts'] | null {
  const accounts = (state as Partial<PartnersState> | null)?.externalAccounts;
  return Array.isArray(accounts) ? accounts : null;
}

/**
 * `/account/partners`: partner-site accounts with title, e-mail and password in plain text. It needs
 * the accounts in navigation state (the menu link passes them); without them it goes to the root.
 */
export function AccountPartnersRoute() {
  const { state, search } = useLocation();
  const accounts = partnersOf(state);
  if (!accounts) return <Navigate to={{ pathname: '/', search }} replace />;
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{screenMessages.partners}</h2>
      <ul className={styles.list}>
        {accounts.map((account) => (
          <li key={`${account.title}:${account.email}`} className={styles.card}>
            <h3 className={styles.name}>{account.title}</h3>
            <dl className={styles.fields}>
              <dt>{m.email}</dt>
              <dd>{account.email}</dd>
              <dt>{m.password}</dt>
              <dd>{account.password}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
