import { type ReactNode, useId } from 'react';
import card from '../card.module.css';
import { LazyImage } from '../lazy-image/lazy-image.js';
import { DefaultLink, type LinkComponent } from '../link.js';
import { uiMessages } from '../messages.js';
import { Rail } from '../rail/rail.js';
import styles from './episode-card.module.css';

/** Props of {@link EpisodeCard}. */
export interface EpisodeCardProps {
  /** In-app path of the episode, e.g. `/movie/12/34/`. */
  href: string;
  /** The episode's title. */
  title: string;
  /** 1-based position in its season, shown as «N серия». */
  orderNumber: number;
  /** Still (16:9); null shows a placeholder. */
  imageUrl: string | null;
  /** An announced episode: listed with «Скоро», not a link (it cannot be played yet). */
  announce?: boolean;
  /** The episode open now (`aria-current="page"`). */
  current?: boolean;
  /** Renders the link; a plain anchor by default. */
  LinkComponent?: LinkComponent;
  /** Labels: «N серия» and «Скоро». */
  labels?: { number?: (order: number) => string; announce?: string };
}

/** Still size: a 16:9 frame at 2×. */
export const EPISODE_IMAGE_SIZE = { width: 512, height: 288 } as const;

/** An episode card: a 16:9 still at a fixed size, «N серия» and the title; announced ones say «Скоро». */
export function EpisodeCard({
  href,
  title,
  orderNumber,
  imageUrl,
  announce = false,
  current = false,
  LinkComponent = DefaultLink,
  labels,
}: EpisodeCardProps) {
  const number = (labels?.number ?? uiMessages.episode.number)(orderNumber);
  const id = useId();
  const content: ReactNode = (
    <>
      <span className={styles.still}>
        <LazyImage
          src={imageUrl}
          alt=""
          width={EPISODE_IMAGE_SIZE.width}
          height={EPISODE_IMAGE_SIZE.height}
        />
        {announce && <span className={styles.badge}>{labels?.announce ?? uiMessages.episode.announce}</span>}
        {current && <span className={styles.playing} aria-hidden="true" />}
      </span>
      <span id={`${id}-number`} className={styles.number}>
        {number}
      </span>{' '}
      <span id={`${id}-title`} className={styles.title}>
        {title}
      </span>
    </>
  );
  if (announce) {
    return <div className={[card.card, styles.card, styles.announce].join(' ')}>{content}</div>;
  }
  return (
    <LinkComponent
      href={href}
      className={[card.card, styles.card, styles.link, current && styles.current].filter(Boolean).join(' ')}
      aria-current={current ? 'page' : undefined}
      // Named by its visible text in reading order (WCAG 2.5.3 label in name): «1 серия Пилот»; the {' '}
      // between the texts (not rendered in the flex column) keeps them two words for axe.
      aria-labelledby={`${id}-number ${id}-title`}
    >
      {content}
    </LinkComponent>
  );
}

/** One episode of an {@link EpisodeSlider}. */
export interface EpisodeSliderItem {
  /** Stable key (the episode id). */
  key: string;
  href: string;
  title: string;
  orderNumber: number;
  imageUrl: string | null;
  announce?: boolean;
}

/** Props of {@link EpisodeSlider}. */
export interface EpisodeSliderProps {
  /** The season's episodes, in order. */
  episodes: readonly EpisodeSliderItem[];
  /** Key of the episode open now. */
  currentKey?: string;
  /** Visible heading of the rail. */
  title?: ReactNode;
  /** Accessible name when there is no heading (e.g. «Серии»). */
  label?: string;
  /** Arrow buttons (desktop). Default true. */
  arrows?: boolean;
  /** Renders the links. */
  LinkComponent?: LinkComponent;
}

/** A season's episodes in a {@link Rail} with scroll arrows. */
export function EpisodeSlider({
  episodes,
  currentKey,
  title,
  label,
  arrows = true,
  LinkComponent,
}: EpisodeSliderProps) {
  return (
    <Rail title={title} label={label} arrows={arrows}>
      {episodes.map((episode) => (
        <EpisodeCard
          key={episode.key}
          href={episode.href}
          title={episode.title}
          orderNumber={episode.orderNumber}
          imageUrl={episode.imageUrl}
          announce={episode.announce}
          current={episode.key === currentKey}
          LinkComponent={LinkComponent}
        />
      ))}
    </Rail>
  );
}
