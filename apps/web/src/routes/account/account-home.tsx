import { formatPhone } from '@kadr/auth-session';
import { useProfile } from '../../shared/data/profile';
import { useIsMobile } from '../../shared/device';
import { useSessionStore } from '../../shared/stores/session-store';
import styles from './account.module.css';
import { AccountMenu } from './account-menu';
import { accountMessages as m } from './messages';

/** The account home: on mobile the menu and the profile id; on desktop a summary beside the menu. */
export function AccountHome() {
  const mobile = useIsMobile();
  return mobile ? <MobileAccountHome /> : <DesktopAccountSummary />;
}

function MobileAccountHome() {
  const profileId = useSessionStore((state) => state.profileId);
  const profile = useProfile();
  return (
    <>
      <h1 className={styles.title}>{m.title}</h1>
      <AccountMenu externalAccounts={profile.externalAccounts} />
      {profileId !== null && <p className={styles.profileId}>{m.profileId(profileId)}</p>}
    </>
  );
}

function DesktopAccountSummary() {
  const { loggedIn, phone, profileId } = useSessionStore();
  return (
    <div className={styles.summary}>
      <p className={styles.lead}>
        {loggedIn && phone ? (
          <>
            {m.signedInAs} <span className={styles.nowrap}>{formatPhone(phone)}</span>
          </>
        ) : loggedIn ? (
          m.signedInExternally
        ) : (
          m.guest
        )}
      </p>
      <p className={styles.muted}>{m.chooseSection}</p>
      {profileId !== null && <p className={styles.profileId}>{m.profileId(profileId)}</p>}
    </div>
  );
}
