import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { packageChildren, subscriptions } from '../../db/schema';
import type { SubscriptionState } from './subscription-rules';

/** A subscription row as the billing module reads it. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What the rules read of a row. */
export const stateOf = (row: SubscriptionRow): SubscriptionState => ({
  status: row.status,
  storeName: row.storeName,
  periodEnd: row.periodEnd,
  isTrial: row.isTrial,
  lastPaidAt: row.lastPaidAt,
  endedAt: row.endedAt,
});

/** The live row (ended_at null) of a profile's subscription to a package, or undefined. */
export async function liveSubscription(
  db: Db | Tx,
  profileId: number,
  packageId: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        eq(subscriptions.packageId, packageId),
        isNull(subscriptions.endedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The newest row (live or ended) of a profile's subscription to a package, or undefined. */
export async function latestSubscription(
  db: Db | Tx,
  profileId: number,
  packageId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.packageId, packageId)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row;
}

/**
 * The live rows of a profile's subscriptions to a package and to the parents that unlock it (one
 * query through subscriptions_live_idx and package_children_child_id_idx).
 */
export async function liveSubscriptionsUnlocking(
  db: Db | Tx,
  profileId: number,
  packageId: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        isNull(subscriptions.endedAt),
        or(
          eq(subscriptions.packageId, packageId),
          inArray(
            subscriptions.packageId,
            db
              .select({ id: packageChildren.parentId })
              .from(packageChildren)
              .where(eq(packageChildren.childId, packageId)),
          ),
        ),
      ),
    );
}

/** Every live row of a profile. */
export function liveSubscriptionsOf(db: Db | Tx, profileId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), isNull(subscriptions.endedAt)));
}
