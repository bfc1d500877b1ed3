import type { ApiClient } from '@kadr/api-client';
import { queryOptions } from '@tanstack/react-query';
import type { Goods } from '../../shared/catalogue-types';
import { billingKeys } from '../../shared/data/billing';
import { SCREEN_QUERY } from '../../shared/data/query-client';

/** Query keys of a channel's package: under billing's, so a purchase anywhere refreshes them. */
export const channelKeys = {
  package: (channelId: number) => [...billingKeys.all, 'channel', channelId] as const,
};

/**
 * The goods of a channel's package (getPackageByChannel, SPEC §3 Package by channel): is_bought decides
 * whether Watch plays or opens the payment window (SPEC §6). Always revalidated, like the billing
 * answers, since a purchase changes it.
 */
export function channelPackageQuery(api: Pick<ApiClient, 'call'>, channelId: number) {
  return queryOptions({
    queryKey: channelKeys.package(channelId),
    queryFn: async ({ signal }): Promise<Goods> =>
      (await api.call('getPackageByChannel', { body: { stream_id: channelId } }, { signal })).goods,
    staleTime: 0,
    meta: SCREEN_QUERY,
  });
}

/** Whether a failed load means the channel does not exist (404, or 900 for content). */
export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 404 || code === 900;
}
