import { useId } from 'react';
import card from '../card.module.css';
import { type FilmCardProps, genreYear } from '../film-card/film-card.js';
import { LazyImage } from '../lazy-image/lazy-image.js';
import { DefaultLink } from '../link.js';
import { Sticker } from '../sticker/sticker.js';
import styles from './banner-card.module.css';

/** Props of {@link BannerCard}: a film card's, with a banner for the poster. */
export interface BannerCardProps extends Omit<FilmCardProps, 'imageUrl'> {
  /** Banner address (the banner thumbnail, 1280 × 540); null shows a placeholder. */
  imageUrl: string | null;
  /** `m`: 474 × 200 inside a 290 px card; `l`: the big banners of the page's first rail. */
  size?: 'm' | 'l';
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
