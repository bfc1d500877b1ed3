import {
  deleteCard,
  getCardList,
  getEkPackages,
  getPackageByChannel,
  getPackageInfoById,
  listReceipts,
  restorePackage,
  unsubscribePackage,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { registerCall, requireSession } from '../../http/register-call';
import { freeGoods, type GoodsResolver } from '../catalogue/goods';
import { playableChannel } from '../live/channel-queries';
import type { BillingService } from './service';

/**
 * The billing calls of the domain (SPEC §7): packages, the channel package, cancel and restore, cards,
 * receipts. Each
 * needs the session, like every agregator call; createPayment and checkPayment come with payments.
 */
export const billingRoutes: FastifyPluginAsync<{
  db: Db;
  billing: BillingService;
  goods: GoodsResolver;
}> = async (app, { db, billing, goods }) => {
  // The channel package (SPEC §3, §6): the goods of the channel's seller, the channel-type item standing
  // for it (playableChannel: the one the stream is sold by), worked out as a content card's are, so
  // is_bought follows the same subscriptions. A channel no item stands for is sold by no package: free,
  // as its stream is, its vendor_id the channel's key (a title's defaults to its key) — never null,
  // which means "no content" (docs/decisions/029).
  registerCall(app, getPackageByChannel, async ({ body, session }) => {
    const { profileId } = requireSession(session);
    const channel = await playableChannel(db, body.stream_id);
    if (!channel) throw new AppError('channel_not_found');
    const { seller } = channel;
    if (!seller)
      return {
        goods: await freeGoods(
          { contentId: 0, vendorId: channel.key, isPreview: false, partnerLabel: null },
          profileId,
        ),
      };
    if (seller.vendorId === null) throw new AppError('channel_not_found');
    return {
      goods: await goods(
        {
          contentId: seller.contentId,
          vendorId: seller.vendorId,
          isPreview: seller.isPreview,
          partnerLabel: seller.partnerLabel,
        },
        profileId,
      ),
    };
  });
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
