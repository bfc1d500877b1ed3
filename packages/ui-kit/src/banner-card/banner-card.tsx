import { useId } from 'react';
import card from '../card.module.css';
import { genreYear } from '../film-card/film-card.js';
import { LazyImage } from '../lazy-image/lazy-image.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { Sticker } from '../sticker/sticker.js';
import styles from './banner-card.module.css';

/** Props of {@link BannerCard}. */
export interface BannerCardProps {
  /** In-app path of the content card. */
  href: string;
  /** The title; it starts the name of the link. */
  title: string;
  /** Banner address (the banner thumbnail, 1280 × 540); null shows a placeholder. */
  imageUrl: string | null;
  /** Genre, shown before the year. */
  genre?: string;
  /** Release year. */
  year?: number | null;
  /** A small badge image over the banner. */
  stickerUrl?: string | null;
  /** `m`: 474 × 200 inside a 290 px card; `l`: the big banners of the page's first rail. */
  size?: 'm' | 'l';
  /** Loads the banner at once (the first screen). */
  priority?: boolean;
  /** Renders the link; a plain anchor by default. */
  LinkComponent?: LinkComponent;
}

/** Banner size (the catalogue's 1280 × 540 artwork). */
export const BANNER_SIZE = { width: 1280, height: 540 } as const;

/** A wide banner card: the banner at a fixed size, an optional sticker, the title and «genre, year». */
export function BannerCard({
  href,
  title,
  imageUrl,
  genre,
  year,
  stickerUrl,
  size = 'm',
  priority,
  LinkComponent = DefaultLink,
}: BannerCardProps) {
  const meta = genreYear(genre, year);
  const id = useId();
  const text = (
    <>
      <span id={`${id}-title`} className={styles.title}>
        {title}
      </span>{' '}
      {meta && (
        <span id={`${id}-meta`} className={`${card.meta} ${styles.meta}`}>
          {meta}
        </span>
      )}
    </>
  );
  return (
    <LinkComponent
      href={href}
      className={[card.card, styles.card, styles[size]].join(' ')}
      // Named by all its visible text, title first (WCAG 2.5.3 label in name); the {' '} between the texts
      // (not rendered in the flex column) keeps them two words for axe.
      aria-labelledby={meta ? `${id}-title ${id}-meta` : `${id}-title`}
    >
      <span className={`${card.art} ${styles.banner}`}>
        <LazyImage
          src={imageUrl}
          alt=""
          width={BANNER_SIZE.width}
          height={BANNER_SIZE.height}
          priority={priority}
        />
        {stickerUrl && <Sticker src={stickerUrl} />}
        {size === 'l' && <span className={styles.overlay}>{text}</span>}
      </span>
      {size === 'm' && text}
    </LinkComponent>
  );
}
