import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { contents, packageChildren, packages, profiles, tariffs } from '../../db/schema';

// Packages, tariffs and the profiles billing reads, and the advisory lock its transactions share. The
// other tables have their own files: card-queries.ts (saved cards, card deletions, trial uses),
// subscription-queries.ts, payment-queries.ts (payments and receipts), renewal-queries.ts (the
// renewal scheduler's statements) and merge-queries.ts (a sign-in's move of anonymous holdings).

/** A package row. */
export type PackageRow = typeof packages.$inferSelect;
/** A tariff row. */
export type TariffRow = typeof tariffs.$inferSelect;

/** One package, or undefined. */
export async function packageById(db: Queryable, id: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row;
}

/** One package's id and name, or undefined. */
export async function packageNameById(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(eq(packages.id, id));
  return row;
}

/**
 * Every package, hidden ones too, in list order (a handful of rows): the list leaves out the hidden
 * ones the viewer does not hold, which only the viewer's subscriptions tell.
 */
export function listPackages(db: Queryable): Promise<PackageRow[]> {
  return db.select().from(packages).orderBy(asc(packages.position), asc(packages.id));
}

/** One tariff, or undefined. */
export async function tariffById(db: Queryable, id: number): Promise<TariffRow | undefined> {
  const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id));
  return row;
}

/** The tariffs of packages in order, by package id. */
export async function tariffsOf(
  db: Queryable,
  packageIds: readonly number[],
): Promise<Map<number, TariffRow[]>> {
  const byPackage = new Map<number, TariffRow[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select()
    .from(tariffs)
    .where(inArray(tariffs.packageId, [...packageIds]))
    .orderBy(asc(tariffs.packageId), asc(tariffs.position));
  for (const row of rows) {
    const list = byPackage.get(row.packageId) ?? [];
    list.push(row);
    byPackage.set(row.packageId, list);
  }
  return byPackage;
}

/** Every parent → child link (a handful of rows: the packages list reads them whole). */
export function allPackageChildren(db: Queryable) {
  return db
    .select({ parentId: packageChildren.parentId, childId: packageChildren.childId })
    .from(packageChildren);
}

/** The package that sells a title, or undefined when none does. */
export async function packageOfTitle(db: Queryable, contentId: number) {
  const [row] = await db
    .select({ pack: packages })
    .from(contents)
    .innerJoin(packages, eq(packages.id, contents.packageId))
    .where(eq(contents.id, contentId));
  return row?.pack;
}

/** A profile's phone; null for an anonymous profile or one that does not exist. */
export async function phoneOf(db: Queryable, profileId: number): Promise<string | null> {
  const [profile] = await db
    .select({ phone: profiles.phone })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return profile?.phone ?? null;
}

/**
 * The profile a profile merged into (decision 019), or undefined when the profile does not exist;
 * `keyShare` reads it FOR KEY SHARE (waits for a sign-in holding the row FOR UPDATE).
 */
export async function mergeOf(
  db: Queryable,
  profileId: number,
  options: { keyShare?: boolean } = {},
): Promise<{ mergedIntoId: number | null } | undefined> {
  const query = db
    .select({ mergedIntoId: profiles.mergedIntoId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  const [row] = options.keyShare ? await query.for('key share') : await query;
  return row;
}

/** A profile's id when it exists. */
export async function profileIdById(db: Queryable, profileId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId));
  return row?.id;
}

/** The id of a phone's profile when it has one. */
export async function profileIdByPhone(db: Queryable, phone: string): Promise<number | undefined> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.phone, phone));
  return row?.id;
}

/** Creates a phone's profile unless it has one. */
export async function insertPhoneProfile(db: Queryable, phone: string, now: Date): Promise<void> {
  await db.insert(profiles).values({ phone, createdAt: now }).onConflictDoNothing();
}

/**
 * Takes the transaction's advisory lock on (profile, key): fulfilment locks (profile, package), a
 * trial (profile, 0), createPayment (profile, −package).
 */
export async function lockProfileKey(tx: Tx, profileId: number, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${profileId}::int, ${key}::int)`);
}
