import { logout } from '@kadr/auth-session';
import { ConfirmDialog, MenuList } from '@kadr/ui-kit';
import { useState } from 'react';
import { config } from '../../env';
import { KitLink } from '../../shared/navigation/query-link';
import { useServices } from '../../shared/services';
import { useModalStore } from '../../shared/stores/modal-store';
import { useSessionStore } from '../../shared/stores/session-store';
import { buildAccountMenuItems, type ExternalAccount } from './account-menu-items';
import { accountMessages as m } from './messages';

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** The profile's partner-site accounts (Сайты-партнёры shows only when there are some). */
  externalAccounts: readonly ExternalAccount[];
  /** Key of the section open now (desktop). */
  activeKey?: string;
}

/**
 * The account menu bound to the session: login opens the login modal; logout asks
 * 'Вы действительно хотите выйти?' and then logs out, which reloads the page at its own address.
 */
export function AccountMenu({ externalAccounts, activeKey }: AccountMenuProps) {
  const services = useServices();
  const { loggedIn, phone, profileId } = useSessionStore();
  const openLogin = useModalStore((state) => state.openLogin);
  const [confirming, setConfirming] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const items = buildAccountMenuItems({
    loggedIn,
    phone,
    profileId,
    externalAccounts,
    supportEmail: config.supportEmail,
    termsUrl: config.termsUrl,
    activeKey,
    onLogin: () => openLogin(),
    onLogout: () => setConfirming(true),
  });

  const confirmLogout = async () => {
    setLoggingOut(true);
    await logout({ api: services.api, storage: services.storage, reload: services.reload });
  };

  return (
    <>
      <MenuList label={m.menuLabel} items={items} LinkComponent={KitLink} />
      <ConfirmDialog
        open={confirming}
        message={m.logoutConfirm}
        confirmLabel={m.logoutConfirmButton}
        cancelLabel={m.logoutCancelButton}
        confirming={loggingOut}
        onConfirm={confirmLogout}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
