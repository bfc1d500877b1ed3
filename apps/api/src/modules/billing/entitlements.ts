import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { liveSubscriptionsUnlocking, type SubscriptionRow, stateOf } from './subscription-queries';
import { DEFAULT_RULES, isEntitled, isLive, type RuleSettings } from './subscription-rules';

/** The subscription that entitles a viewer to a package's titles. */
export interface Holding {
  /** End of the period (goods.ended_at); null: open-ended. */
  validUntil: Date | null;
  /** Who made it: 'payment' or 'operator'. */
  source: string;
  storeName: string;
  /** Whether it is a subscription to a parent of the package rather than to the package. */
  viaParent: boolean;
  subscription: SubscriptionRow;
}

/** A viewer's standing towards one package: its own subscription and whether a parent unlocks it. */
export interface PackageStanding {
  /** The live subscription to the package itself, if any (any status). */
  own: SubscriptionRow | null;
  /** A live, entitling subscription to a parent of the package (goods.is_active_parent). */
  activeParent: SubscriptionRow | null;
  /** What entitles the viewer now (own first), or null. */
  holding: Holding | null;
}

/**
 * A viewer's standing towards a package from their live subscriptions (`rows`, any packages) and the
 * package's parents.
 */
export function standingFrom(
  rows: readonly SubscriptionRow[],
  packageId: number,
  parentIds: ReadonlySet<number> | readonly number[],
  now: Date,
): PackageStanding {
  const parents = new Set(parentIds);
  const own = rows.find((r) => r.packageId === packageId) ?? null;
  const activeParent = rows.find((r) => parents.has(r.packageId) && isEntitled(stateOf(r), now)) ?? null;
  const entitling = own && isEntitled(stateOf(own), now) ? own : activeParent;
  return {
    own: own && isLive(stateOf(own), now) ? own : null,
    activeParent,
    holding: entitling
      ? {
          validUntil: entitling.periodEnd,
          source: entitling.source,
          storeName: entitling.storeName,
          viaParent: entitling !== own,
          subscription: entitling,
        }
      : null,
  };
}

/**
 * Whether a profile may watch a package's titles, from its subscriptions (docs/decisions/015): its
 * own subscription to the package, or one to a parent of it, entitles while the rules say so. The one
 * answer goods, releases and playback grants share.
 */
export class Entitlements {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly rules: RuleSettings = DEFAULT_RULES,
  ) {}

  /** A profile's standing towards a package (null profile or package: none). */
  async standing(profileId: number | null, packageId: number | null): Promise<PackageStanding> {
    if (profileId === null || packageId === null) return { own: null, activeParent: null, holding: null };
    const rows = await liveSubscriptionsUnlocking(this.db, profileId, packageId);
    const parents = rows.filter((r) => r.packageId !== packageId).map((r) => r.packageId);
    return standingFrom(rows, packageId, parents, this.clock.now());
  }

  /** What entitles the profile to the package's titles now, or null. */
  async holding(profileId: number | null, packageId: number | null): Promise<Holding | null> {
    return (await this.standing(profileId, packageId)).holding;
  }
}
