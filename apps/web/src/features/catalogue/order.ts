import type { Collection } from '../../shared/catalogue-types';

/**
 * The home page's order (SPEC §2): the first banner or teaser rail leads, the others follow in the
 * order the API sent them. Empty rails are left out.
 */
export function leadFirst(collections: readonly Collection[]): Collection[] {
  const filled = collections.filter((collection) => collection.EKs.length > 0);
  const index = filled.findIndex((c) => c.RB_type === 'banner' || c.RB_type === 'teaser');
  if (index <= 0) return filled;
  return [filled[index]!, ...filled.slice(0, index), ...filled.slice(index + 1)];
}

/** The TV tab's rails (SPEC §2 TV tab): queues of channel-type content and channel lists. */
export function tvRails(collections: readonly Collection[]): Collection[] {
  return collections.filter(
    (collection) =>
      (collection.RB_type === 'queue' || collection.RB_type === 'tv_channels') && collection.EKs.length > 0,
  );
}
