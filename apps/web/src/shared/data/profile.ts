import type { ApiClient } from '@kadr/api-client';
import type { CallResponse } from '@kadr/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useServices } from '../services';

/** The profile (SPEC §3 Profile). */
export type Profile = CallResponse<'getProfile'>;

/** Query keys of the profile domain. */
export const profileKeys = {
  /** The signed-in (or anonymous) profile. */
  current: ['profile'] as const,
};

/**
 * The profile (getProfile). Not a screen's primary data: the account menu shows without it and only
 * adds the partner accounts when it arrives, so its load never lights the top loading bar.
 */
export function profileQuery(api: Pick<ApiClient, 'call'>) {
  return queryOptions({
    queryKey: profileKeys.current,
    queryFn: ({ signal }): Promise<Profile> => api.call('getProfile', undefined, { signal }),
  });
}

/** The profile as the account screens use it. */
export interface ProfileResult {
  status: 'loading' | 'ready' | 'error';
  externalAccounts: Profile['external_accounts'];
}

const NONE: Profile['external_accounts'] = [];

/** Loads the profile for its partner-site accounts; an error leaves the list empty. */
export function useProfile(): ProfileResult {
  const { api } = useServices();
  const query = useQuery(profileQuery(api));
  if (query.data) return { status: 'ready', externalAccounts: query.data.external_accounts };
  return { status: query.isError ? 'error' : 'loading', externalAccounts: NONE };
}
