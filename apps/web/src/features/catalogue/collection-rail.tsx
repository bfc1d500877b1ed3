import { BannerCard, ChannelCard, Rail } from '@kadr/ui-kit';
import { type Collection, channelPath, moviePath } from '../../shared/catalogue-types';
import { ContentCard } from '../../shared/content-card';
import { KitLink } from '../../shared/navigation/query-link';

/** Props of {@link CollectionRail}. */
export interface CollectionRailProps {
  collection: Collection;
  /** The page's first rail: big banners, images loaded at once. */
  lead?: boolean;
  /** Arrow buttons (desktop). */
  arrows: boolean;
}

/** Cards of the first screen load eagerly (they are the page's largest paint). */
const EAGER_CARDS = 6;

/**
 * One collection as a titled rail (SPEC §2): banner rails show banner thumbnails, teaser and queue
 * rails poster thumbnails, channel rails channel tiles. Cards carry the query string (KitLink).
 */
export function CollectionRail({ collection, lead = false, arrows }: CollectionRailProps) {
  if (collection.RB_type === 'tv_channels') {
    return (
      <Rail title={collection.RB_title} arrows={arrows}>
        {collection.EKs.map((item) => (
          <ChannelCard
            key={item.tv_channel_id}
            href={channelPath(item.tv_channel_id)}
            title={item.chan_name}
            imageUrl={item.chan_poster_url}
            LinkComponent={KitLink}
          />
        ))}
      </Rail>
    );
  }
  const banner = collection.RB_type === 'banner';
  return (
    <Rail title={collection.RB_title} arrows={arrows}>
      {collection.EKs.map((item, index) =>
        banner ? (
          <BannerCard
            key={item.EK_id}
            href={moviePath(item.EK_id)}
            title={item.EK_title}
            imageUrl={item.thumb_banner_url ?? item.thumb_poster_url}
            genre={item.genre}
            year={item.year}
            stickerUrl={item.sticker_image_url}
            size={lead ? 'l' : 'm'}
            priority={lead && index < 2}
            LinkComponent={KitLink}
          />
        ) : (
          <ContentCard key={item.EK_id} item={item} priority={lead && index < EAGER_CARDS} />
        ),
      )}
    </Rail>
  );
}
