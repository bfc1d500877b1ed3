import {
  deleteCard,
  getCardList,
  getEkPackages,
  getPackageInfoById,
  listReceipts,
  restorePackage,
  unsubscribePackage,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { BillingService } from './service';

/**
 * The billing calls of the domain (SPEC §7): packages, cancel and restore, cards, receipts. Each needs
 * the session, like every agregator call; createPayment and checkPayment come with payments, the
 * channel package (getPackageByChannel) with live TV's channel calls (modules/live).
 */
export const billingRoutes: FastifyPluginAsync<{ billing: BillingService }> = async (app, { billing }) => {
  registerCall(app, getEkPackages, ({ body, session }) =>
    billing.list(requireSession(session).profileId, body.is_hidden === 1),
  );
  registerCall(app, getPackageInfoById, ({ body, session }) =>
    billing.info(requireSession(session).profileId, body.package_id),
  );
  registerCall(app, unsubscribePackage, ({ body, session }) =>
    billing.unsubscribe(requireSession(session).profileId, body.package_id, body.reason ?? null),
  );
  registerCall(app, restorePackage, ({ body, session }) =>
    billing.restore(requireSession(session).profileId, body.package_id),
  );
  registerCall(app, getCardList, ({ session }) => billing.cards(requireSession(session).profileId));
  registerCall(app, deleteCard, async ({ body, session }) => {
    await billing.deleteCard(requireSession(session).profileId, body.card_number);
    return { ok: true as const };
  });
  registerCall(app, listReceipts, ({ session }) => billing.receipts(requireSession(session).profileId));
};
