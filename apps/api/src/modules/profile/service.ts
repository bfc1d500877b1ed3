import type { Db } from '../../db/client';
import type { SessionContext } from '../auth/sessions';
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

  /**
   * The caller's profile. Its fields come with the session (the session check reads the phone, which
   * is fixed for a session's life), so this needs no query of its own.
   */
  get(session: SessionContext): ProfileView {
    // Partner-site accounts arrive with the partners module; until then there are none.
    return { profile_id: session.profileId, phone: session.phone, external_accounts: [] };
  }

  /** SPEC §4: sent once; later calls are accepted and change nothing (first touch wins). */
  async setUtm(profileId: number, url: string): Promise<void> {
    await q.setUtmOnce(this.db, profileId, url);
  }
}
