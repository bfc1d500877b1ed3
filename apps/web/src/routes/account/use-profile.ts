import { useEffect, useState } from 'react';
import { useServices } from '../../shared/services';
import type { ExternalAccount } from './account-menu-items';

/** The profile as the account screens use it. */
export interface ProfileResult {
  status: 'loading' | 'ready' | 'error';
  externalAccounts: readonly ExternalAccount[];
}

/** Loads the profile (getProfile) for its partner-site accounts; an error leaves the list empty. */
export function useProfile(): ProfileResult {
  const { api } = useServices();
  const [result, setResult] = useState<ProfileResult>({ status: 'loading', externalAccounts: [] });
  useEffect(() => {
    let live = true;
    api.call('getProfile').then(
      (profile) => {
        if (live) setResult({ status: 'ready', externalAccounts: profile.external_accounts });
      },
      () => {
        if (live) setResult({ status: 'error', externalAccounts: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [api]);
  return result;
}
