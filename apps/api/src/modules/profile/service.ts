import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as q from './queries';

/** The profile as getProfile answers it (contract `profile`). */
export interface ProfileView {
  profile_id: number;
  phone: string | null;
  external_accounts: Array<{ title: string; email: string; password: string }>;
}

/** Profile rules: what a profile shows and its first-visit campaign parameters. */
export class ProfileService {
  constructor(private readonly db: Db) {}

  async get(profileId: number): Promise<ProfileView> {
    const row = await q.profileById(this.db, profileId);
    // The session check passed, so a missing profile means it was deleted under the session.
    if (!row) throw new AppError('session_invalid');
    // Partner-site accounts arrive with the partners module; until then there are none.
    return { profile_id: row.id, phone: row.phone, external_accounts: [] };
  }

  /** SPEC §4: sent once; later calls are accepted and change nothing (first touch wins). */
  async setUtm(profileId: number, url: string): Promise<void> {
    await q.setUtmOnce(this.db, profileId, url);
  }
}
