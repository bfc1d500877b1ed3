import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { activeHolding } from './queries';

/** Whether a profile holds a package now (the one answer releases and goods share). */
export class Entitlements {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The profile's current holding of the package, or null. */
  async holding(profileId: number | null, packageId: number | null) {
    if (profileId === null || packageId === null) return null;
    return (await activeHolding(this.db, profileId, packageId, this.clock.now())) ?? null;
  }
}
