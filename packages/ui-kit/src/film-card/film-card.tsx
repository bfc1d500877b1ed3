import { useId } from 'react';
import card from '../card.module.css';
import { LazyImage } from '../lazy-image/lazy-image.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { Skeleton } from '../skeleton/skeleton.js';
import { Sticker } from '../sticker/sticker.js';
import styles from './film-card.module.css';

/** Props of {@link FilmCard}. */
export interface FilmCardProps {
  /** In-app path of the content card, e.g. `/movie/12/`. */
  href: string;
  /** The title; it starts the name of the link. */
  title: string;
  /** Poster address (the poster thumbnail); null shows a placeholder of the same size. */
  imageUrl: string | null;
  /** Genre, shown before the year. */
  genre?: string;
  /** Release year. */
  year?: number | null;
  /** A small badge image over the poster (e.g. «Новинка»). */
  stickerUrl?: string | null;
  /** Loads the poster at once (cards of the first screen). */
  priority?: boolean;
  /** Renders the link (e.g. a router link); a plain anchor by default. */
  LinkComponent?: LinkComponent;
}

/** Poster size (SPEC §9: 142.5 × 200 CSS pixels; the intrinsic size is the 2× image). */
export const POSTER_SIZE = { width: 285, height: 400 } as const;

/** «genre, year» with whichever parts exist. */
export function genreYear(genre?: string, year?: number | null): string {
  return [genre, year].filter(Boolean).join(', ');
}

/**
 * A film card: the poster at a fixed 142.5 × 200 (nothing moves while it loads), an optional sticker,
 * the title and «genre, year». The card is one link named by its visible text: the title, then the rest.
 */
export function FilmCard({
  href,
  title,
  imageUrl,
  genre,
  year,
  stickerUrl,
  priority,
  LinkComponent = DefaultLink,
}: FilmCardProps) {
  const meta = genreYear(genre, year);
  const id = useId();
  return (
    <LinkComponent
      href={href}
      className={`${card.card} ${styles.card}`}
      // Named by all its visible text, title first (WCAG 2.5.3 label in name: «Тихий дом Драма, 2023»); the
      // {' '} between the texts (not rendered in the flex column) keeps them two words for axe, not «домДрама».
      aria-labelledby={meta ? `${id}-title ${id}-meta` : `${id}-title`}
    >
      <span className={`${card.art} ${styles.poster}`}>
        <LazyImage
          src={imageUrl}
          alt=""
          width={POSTER_SIZE.width}
          height={POSTER_SIZE.height}
          priority={priority}
        />
        {stickerUrl && <Sticker src={stickerUrl} />}
      </span>
      <span id={`${id}-title`} className={styles.title}>
        {title}
      </span>{' '}
      {meta && (
        <span id={`${id}-meta`} className={card.meta}>
          {meta}
        </span>
      )}
    </LinkComponent>
  );
}

/**
 * A film card that is loading: the card's box (poster, title and «genre, year» lines) at the card's own
 * size, so the rail it fills keeps its height when the cards arrive. Hidden from assistive technology.
 */
export function FilmCardSkeleton() {
  return (
    <span className={`${card.card} ${styles.card}`} aria-hidden="true">
      <Skeleton shape="block" className={`${card.art} ${styles.poster}`} />
      <span className={styles.title}>
        <Skeleton width="85%" />
      </span>
      <span className={card.meta}>
        <Skeleton width="55%" />
      </span>
    </span>
  );
}
