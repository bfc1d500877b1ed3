import card from '../card.module.css';
import { LazyImage } from '../lazy-image/lazy-image.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import styles from './channel-card.module.css';

/** Props of {@link ChannelCard}. */
export interface ChannelCardProps {
  /** In-app path of the channel, e.g. `/tv/7/`. */
  href: string;
  /** The channel's name; it names the link. */
  title: string;
  /** Channel logo or poster (square); null shows a monogram. */
  imageUrl: string | null;
  /** Renders the link; a plain anchor by default. */
  LinkComponent?: LinkComponent;
}

/** Logo size (the catalogue's 400 × 400 channel artwork). */
export const CHANNEL_IMAGE_SIZE = { width: 400, height: 400 } as const;

/** A channel tile: a square logo at a fixed size and the channel's name. */
export function ChannelCard({ href, title, imageUrl, LinkComponent = DefaultLink }: ChannelCardProps) {
  return (
    <LinkComponent href={href} className={`${card.card} ${styles.card}`}>
      <span className={`${card.art} ${styles.logo}`}>
        <LazyImage
          src={imageUrl}
          alt=""
          width={CHANNEL_IMAGE_SIZE.width}
          height={CHANNEL_IMAGE_SIZE.height}
          fallback={
            <span className={styles.monogram} aria-hidden="true">
              {title.slice(0, 2)}
            </span>
          }
        />
      </span>
      <span className={styles.title}>{title}</span>
    </LinkComponent>
  );
}
