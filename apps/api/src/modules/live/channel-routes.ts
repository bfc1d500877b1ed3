import { getPackageByChannel, getReleaseChannel, HeaderName } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { registerCall, requireSession } from '../../http/register-call';
import { freeGoods, type GoodsResolver } from '../billing';
import { playableChannel } from './channel-queries';
import type { ChannelReleaseService } from './channel-service';

/**
 * A channel's own calls (SPEC §7): its stream (getReleaseChannel) and the package that sells it
 * (getPackageByChannel). The stream needs the session; the package is a catalogue read, personalised
 * when there is one (docs/decisions/047).
 */
export const channelRoutes: FastifyPluginAsync<{
  db: Db;
  channels: ChannelReleaseService;
  goods: GoodsResolver;
}> = async (app, { db, channels, goods }) => {
  // AES-128 HLS like a title's release: the keys come through the playlist, so drm is null.
  registerCall(app, getReleaseChannel, async ({ body, session, request }) => {
    const stream = await channels.channelStream(body.stream_id, body.archive_start, {
      ...requireSession(session),
      ip: request.ip,
      platform: request.headers[HeaderName.devicePlatform] as string | undefined,
    });
    return {
      stream: { stream_url: stream.url },
      drm: null,
      preview_timer: stream.previewTimer,
      ...(stream.expiresIn === undefined ? {} : { expires_in: stream.expiresIn }),
    };
  });
  // The channel package (SPEC §3, §6): the goods of the channel's seller, the channel-type item standing
  // for it (playableChannel: the one the stream is sold by), worked out as a content card's are, so
  // is_bought follows the same subscriptions. A channel no item stands for is sold by no package: free,
  // as its stream is, its vendor_id the channel's key (a title's defaults to its key) — never null,
  // which means "no content" (docs/decisions/029).
  registerCall(app, getPackageByChannel, async ({ body, session }) => {
    // Without a session (a visitor browsing before one exists, decision 047): the goods as to a new one.
    const profileId = session?.profileId ?? null;
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
};
