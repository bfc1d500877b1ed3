import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { PartnerAccounts, PartnerKeyring } from '../partners';
import { profileRoutes } from './routes';
import { ProfileService } from './service';

/** getProfile (SPEC §7), with the signed-in viewer's partner-site accounts (docs/decisions/042). */
export async function registerProfile(app: FastifyInstance, core: Core): Promise<void> {
  const accounts = new PartnerAccounts(core.db, new PartnerKeyring(core.env.partnerAccountKeys));
  await app.register(profileRoutes, { profiles: new ProfileService(core.db, accounts) });
}
