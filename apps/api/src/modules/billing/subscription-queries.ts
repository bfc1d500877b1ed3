import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { packageChildren, subscriptions } from '../../db/schema';
import type { SubscriptionState } from './subscription-rules';

/** A subscription row as the billing module reads it. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The columns of a subscription row to write. */
export type SubscriptionValues = typeof subscriptions.$inferInsert;

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
  db: Queryable,
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
  db: Queryable,
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
  db: Queryable,
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
export function liveSubscriptionsOf(db: Queryable, profileId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), isNull(subscriptions.endedAt)));
}

/** One subscription locked FOR UPDATE, or undefined. */
export async function subscriptionForUpdate(tx: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** The profile that holds a subscription, or undefined when there is no such row. */
export async function holderOf(db: Queryable, id: number): Promise<number | undefined> {
  const [sub] = await db
    .select({ profileId: subscriptions.profileId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return sub?.profileId;
}

/** Changes a subscription. */
export async function updateSubscription(
  db: Queryable,
  id: number,
  change: Partial<SubscriptionValues>,
): Promise<void> {
  await db.update(subscriptions).set(change).where(eq(subscriptions.id, id));
}

/** Inserts a subscription row; answers its id. */
export async function insertSubscription(db: Queryable, values: SubscriptionValues): Promise<number> {
  const [row] = await db.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return row!.id;
}

/** What a profile holds of a package now: its live rows whose period has not ended at `now`. */
const heldNow = (profileId: number, packageId: number, now: Date) =>
  and(
    eq(subscriptions.profileId, profileId),
    eq(subscriptions.packageId, packageId),
    isNull(subscriptions.endedAt),
    or(isNull(subscriptions.periodEnd), gt(subscriptions.periodEnd, now)),
  );

/** The rows a profile holds of a package now (heldNow), locked FOR UPDATE, with their renewal claims. */
export function heldForUpdate(tx: Tx, profileId: number, packageId: number, now: Date) {
  return tx
    .select({ id: subscriptions.id, until: subscriptions.renewalClaimedUntil })
    .from(subscriptions)
    .where(heldNow(profileId, packageId, now))
    .for('update');
}

/** Ends the rows a profile holds of a package now (not before their start); answers how many. */
export async function endHeld(tx: Tx, profileId: number, packageId: number, now: Date): Promise<number> {
  const ended = await tx
    .update(subscriptions)
    .set({
      endedAt: sql`greatest(${subscriptions.periodStart}, ${now.toISOString()}::timestamptz)`,
      autoRenew: false,
      updatedAt: now,
    })
    .where(heldNow(profileId, packageId, now))
    .returning({ id: subscriptions.id });
  return ended.length;
}
