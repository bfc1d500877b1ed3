import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SessionContext } from '../../http/session-context';
import type { PartnerAccounts } from '../partners';
import * as q from './queries';

/** The profile as getProfile answers it (contract `profile`). */
export interface ProfileView {
  profile_id: number;
  phone: string | null;
  external_accounts: Array<{ title: string; email: string; password: string }>;
}

/** Profile rules: what a profile shows and its first-visit campaign parameters. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly partners: PartnerAccounts,
  ) {}

  /**
   * The caller's own profile: only the session decides whose (the call takes no profile id). Its id
   * and phone come with the session (the phone is fixed for a session's life). Partner-site accounts
   * are opened for a signed-in owner only: `partners:set` refuses anonymous profiles, so an anonymous
   * session, the hot path of every first visit, answers without a query (docs/decisions/002, 042).
   */
  async get(session: SessionContext, log: FastifyBaseLogger): Promise<ProfileView> {
    const view = { profile_id: session.profileId, phone: session.phone };
    if (!session.signedIn) return { ...view, external_accounts: [] };
    const external_accounts = await this.partners.open(session.profileId, (skipped) =>
      log.warn({ partnerAccount: skipped }, 'partner account left out of getProfile: it does not decrypt'),
    );
    return { ...view, external_accounts };
  }

  /** SPEC §4: sent once; later calls are accepted and change nothing (first touch wins). */
  async setUtm(profileId: number, url: string): Promise<void> {
    await q.setUtmOnce(this.db, profileId, url);
  }
}
