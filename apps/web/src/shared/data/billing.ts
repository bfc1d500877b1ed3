import type { ApiClient } from '@kadr/api-client';
import type { CallResponse } from '@kadr/api-contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useServices } from '../services';
import { useSessionStore } from '../stores/session-store';
import { SCREEN_QUERY } from './query-client';

type Api = Pick<ApiClient, 'call'>;

/** A package of the subscription list (SPEC §3 Package). */
export type PackageSummary = CallResponse<'getEkPackages'>['ek_packages'][string];
/** A package with its full goods (package detail, payment screen). */
export type PackageInfo = CallResponse<'getPackageInfoById'>;
/** The saved cards (SPEC §3 Card). */
export type CardList = CallResponse<'getCardList'>;
/** A receipt (SPEC §3 Receipt). */
export type Receipt = CallResponse<'listReceipts'>['receipts'][number];

/** Query keys of the billing domain. */
export const billingKeys = {
  /** Everything a purchase, a cancellation or a restore may change (invalidated together). */
  all: ['billing'] as const,
  /** The subscription list (getEkPackages). */
  packages: ['billing', 'packages'] as const,
  /** One package (getPackageInfoById). */
  package: (packageId: number) => ['billing', 'package', packageId] as const,
  /** The saved cards. */
  cards: ['billing', 'cards'] as const,
  /** The receipts. */
  receipts: ['billing', 'receipts'] as const,
};

/**
 * The subscription list (getEkPackages, `is_hidden: 0`: the visible packages and the hidden ones the
 * viewer holds, docs/decisions/059), in the server's order. Always
 * revalidated (staleTime 0) because a purchase anywhere changes the statuses. `screen` marks it as the
 * packages page's primary data (the top loading bar); the header's registration prompt reads it quietly.
 */
export function packagesQuery(api: Api, screen = true) {
  return queryOptions({
    queryKey: billingKeys.packages,
    // ek_packages is a map keyed by id (JSON orders numeric keys by number): the list's order is `position`.
    queryFn: async ({ signal }): Promise<PackageSummary[]> =>
      Object.values(
        (await api.call('getEkPackages', { body: { is_hidden: 0 } }, { signal })).ek_packages,
      ).sort((a, b) => a.position - b.position),
    staleTime: 0,
    meta: screen ? SCREEN_QUERY : undefined,
  });
}

/** One package with goods and tariffs; always revalidated, like the list. */
export function packageQuery(api: Api, packageId: number) {
  return queryOptions({
    queryKey: billingKeys.package(packageId),
    queryFn: ({ signal }): Promise<PackageInfo> =>
      api.call('getPackageInfoById', { body: { package_id: packageId } }, { signal }),
    staleTime: 0,
    meta: SCREEN_QUERY,
  });
}

/** The saved cards (getCardList). */
export function cardsQuery(api: Api) {
  return queryOptions({
    queryKey: billingKeys.cards,
    queryFn: ({ signal }): Promise<CardList> => api.call('getCardList', undefined, { signal }),
    staleTime: 0,
    meta: SCREEN_QUERY,
  });
}

/** The receipts, newest first (listReceipts). */
export function receiptsQuery(api: Api) {
  return queryOptions({
    queryKey: billingKeys.receipts,
    queryFn: async ({ signal }): Promise<Receipt[]> =>
      (await api.call('listReceipts', undefined, { signal })).receipts,
    staleTime: 0,
    meta: SCREEN_QUERY,
  });
}

/** Whether a status means the profile holds (or held and may restore) the package: anything but not_purchased. */
export function isHeld(status: PackageSummary['status']): boolean {
  return status !== 'not_purchased';
}

/**
 * After a purchase, a cancellation or a restore: the billing answers and every content item (their
 * `goods.is_bought` and status) are refetched — those on screen at once, the rest when next read.
 */
export function refreshAfterBilling(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['content'] }),
  ]).then(() => undefined);
}

/** Whether any package in the list is held (SPEC §6 "already bought a package"). */
export function holdsAnyPackage(packages: readonly Pick<PackageSummary, 'status'>[] | undefined): boolean {
  return packages?.some((pkg) => isHeld(pkg.status)) ?? false;
}

/**
 * Whether the visitor has bought a package, for the registration prompt (SPEC §2, §6): read from the
 * subscription list, which is loaded for guests only — a logged-in visitor never sees the prompt, so
 * their pages ask nothing more. False until the list arrives (and if it fails).
 */
export function useHasBought(): boolean {
  const { api } = useServices();
  const guest = useSessionStore((state) => state.status === 'ready' && !state.loggedIn);
  const query = useQuery({ ...packagesQuery(api, false), enabled: guest });
  return guest && holdsAnyPackage(query.data);
}

/** The same answer from the cache, without loading (the play logic decides on a click). */
export function hasBoughtInCache(queryClient: QueryClient): boolean {
  return holdsAnyPackage(queryClient.getQueryData<PackageSummary[]>(billingKeys.packages));
}
