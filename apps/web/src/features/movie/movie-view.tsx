import {
  AgeBadge,
  Button,
  EpisodeSlider,
  FilmCardSkeleton,
  floorRating,
  IconBack,
  IconButton,
  LazyImage,
  Loader,
  Rail,
  Rating,
  Skeleton,
  TabPanel,
  Tabs,
} from '@kadr/ui-kit';
import { type ReactNode, useId, useState } from 'react';
import { type Content, type Episode, type FilmCardData, moviePath } from '../../shared/catalogue-types';
import { ContentCard } from '../../shared/content-card';
import { useRailArrows } from '../../shared/device';
import { KitLink, QueryLink } from '../../shared/navigation/query-link';
import { WatchButton } from '../player';
import { movieMessages as m } from './messages';
import styles from './movie.module.css';
import type { SeasonsState } from './use-seasons';

/** Props of {@link MovieView}. */
export interface MovieViewProps {
  content: Content;
  /** The mobile layout (country, collapsible description, back button, guide link). */
  mobile: boolean;
  /** Season tabs and episodes. */
  seasons: Omit<SeasonsState, 'select' | 'retry'> & { select: (id: number) => void; retry: () => void };
  /** The episode in the address. */
  currentEpisodeId?: number;
  /**
   * «Похожие фильмы»; null while they load: the rail's place is kept for them when the content carries
   * a similar list of its own (a card without one, like a channel's, keeps none).
   */
  similar: readonly FilmCardData[] | null;
  /** The player block (features/player), rendered under the hero; null when closed. */
  player: ReactNode;
  /** A channel's week schedule (features/schedule), shown on desktop for channel-type content. */
  schedule?: ReactNode;
  onWatch: () => void;
  onTrailer: () => void;
  /** The mobile back button. */
  onBack: () => void;
}

/** Wide poster: the catalogue's 1280 × 720 artwork. */
const WIDE_POSTER = { width: 1280, height: 720 } as const;
/** Logotype: 600 × 200. */
const LOGOTYPE = { width: 600, height: 200 } as const;
/** Cards of a loading rail: more than the widest screen shows. */
const SKELETON_CARDS = 12;

/**
 * The content card (SPEC §2, without the player): wide poster, logotype or title, rating (> 0,
 * floored), year, genre, country (mobile), age with «+», partner label, description (collapsible on
 * mobile), Смотреть and Трейлер, season tabs with an episode slider, the TV guide for channels and
 * «Похожие фильмы».
 */
export function MovieView({
  content,
  mobile,
  seasons,
  currentEpisodeId,
  similar,
  player,
  schedule,
  onWatch,
  onTrailer,
  onBack,
}: MovieViewProps) {
  const titleId = useId();
  const railArrows = useRailArrows();
  const channel = content.EK_type === 'TVChan';
  const partner = content.goods.partner_label;
  const currentEpisode = seasons.episodes?.find((episode) => episode.EP_id === currentEpisodeId);
  const hasEpisodes = seasons.seasons.length > 0 || content.episodes.length > 0;

  return (
    <article
      className={[styles.movie, mobile ? styles.mobile : styles.desktop].join(' ')}
      aria-labelledby={titleId}
    >
      <div className={styles.hero}>
        <div className={styles.backdrop}>
          <LazyImage
            src={content.thumb_wide_poster_url}
            alt=""
            width={WIDE_POSTER.width}
            height={WIDE_POSTER.height}
            priority
          />
        </div>
        {mobile && (
          <IconButton label={m.back} variant="filled" className={styles.back} onClick={onBack}>
            <IconBack />
          </IconButton>
        )}
        <div className={styles.info}>
          <h1 id={titleId} className={styles.title}>
            {content.thumb_logotype_url ? (
              <span className={styles.logo}>
                <LazyImage
                  src={content.thumb_logotype_url}
                  alt={content.EK_title}
                  width={LOGOTYPE.width}
                  height={LOGOTYPE.height}
                  fit="contain"
                  priority
                  fallback={<span className={styles.logoFallback}>{content.EK_title}</span>}
                />
              </span>
            ) : (
              content.EK_title
            )}
          </h1>
          <Facts content={content} mobile={mobile} />
          {partner && <p className={styles.partner}>{partner}</p>}
          {currentEpisode && (
            <p className={styles.episodeLine}>
              {m.episodeLine(currentEpisode.EP_order_number, currentEpisode.EP_title)}
            </p>
          )}
          <Description text={content.EK_description} collapsible={mobile} />
          <div className={styles.actions}>
            <WatchButton onClick={onWatch} className={styles.watch}>
              {m.watch}
            </WatchButton>
            {content.trailer_episode && (
              <Button variant="secondary" onClick={onTrailer}>
                {m.trailer}
              </Button>
            )}
            {channel && mobile && (
              <QueryLink to="tv_guide" className={styles.guideLink}>
                {m.tvGuide}
              </QueryLink>
            )}
          </div>
        </div>
      </div>

      {player}

      {hasEpisodes && (
        <EpisodesSection content={content} seasons={seasons} currentEpisodeId={currentEpisodeId} />
      )}

      {channel && !mobile && (
        <section className={styles.section} aria-labelledby={`${titleId}-schedule`}>
          <h2 id={`${titleId}-schedule`} className={styles.sectionTitle}>
            {m.weekSchedule}
          </h2>
          <div className={styles.schedule}>{schedule}</div>
        </section>
      )}

      {similar === null
        ? // The content's own similar list is the call's fallback: with one, the rail will have cards.
          content.similar.length > 0 && <SimilarSkeleton />
        : similar.length > 0 && (
            <div className={styles.similar}>
              <Rail title={m.similar} arrows={railArrows}>
                {similar.map((item) => (
                  <ContentCard key={item.EK_id} item={item} />
                ))}
              </Rail>
            </div>
          )}
    </article>
  );
}

/**
 * «Похожие фильмы» while they load: the rail at its height, so what is under it stays put when they
 * come. A placeholder, hidden from assistive technology like the kit's skeletons (the region is named
 * once it has cards).
 */
function SimilarSkeleton() {
  return (
    <div className={styles.similar} aria-hidden="true">
      <Rail title={m.similar} arrows={false}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <FilmCardSkeleton key={String(index)} />
        ))}
      </Rail>
    </div>
  );
}

/**
 * The card while its content loads, in the loaded card's layout (the hero's poster box, title, facts,
 * description and buttons, then a rail), a screen tall at least like the card: the footer starts below
 * the fold, so the card arriving in its place moves nothing on screen.
 */
export function MovieViewSkeleton({ mobile }: { mobile: boolean }) {
  return (
    <div
      className={[styles.movie, styles.loading, mobile ? styles.mobile : styles.desktop].join(' ')}
      aria-busy="true"
    >
      <div className={styles.hero}>
        <div className={styles.backdrop}>
          <Skeleton shape="block" className={styles.backdropSkeleton} />
        </div>
        <div className={styles.info}>
          <div className={styles.title}>
            <Skeleton width="70%" />
          </div>
          <div className={styles.facts}>
            <Skeleton width="200px" />
          </div>
          <div className={styles.description}>
            <Skeleton width="100%" />
            <Skeleton width="100%" />
            <Skeleton width="60%" />
          </div>
          <div className={styles.actions}>
            <Skeleton shape="block" className={styles.buttonSkeleton} />
            <Loader label={m.loading} />
          </div>
        </div>
      </div>
      <SimilarSkeleton />
    </div>
  );
}

/** Rating, year, genre, country (mobile only) and age, separated by dots. */
function Facts({ content, mobile }: { content: Content; mobile: boolean }) {
  const facts = [
    floorRating(content.kp_rating) > 0 && <Rating key="rating" value={content.kp_rating} />,
    content.year && String(content.year),
    content.genre,
    mobile && content.country,
    content.age_rating > 0 && <AgeBadge key="age" age={content.age_rating} />,
  ].filter(Boolean);
  if (facts.length === 0) return null;
  return (
    <ul className={styles.facts} aria-label={m.facts}>
      {facts.map((fact, index) => (
        <li key={typeof fact === 'string' ? fact : index}>{fact}</li>
      ))}
    </ul>
  );
}

/** The description; on mobile a long one is cut to a few lines with «Подробнее». */
function Description({ text, collapsible }: { text: string; collapsible: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const long = collapsible && text.length > 140;
  return (
    <div className={styles.descriptionBlock}>
      <p
        id={id}
        className={[styles.description, long && !expanded && styles.clamped].filter(Boolean).join(' ')}
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? m.less : m.more}
        </button>
      )}
    </div>
  );
}

/** Season tabs («Сезон N») over the selected season's episode slider. */
function EpisodesSection({
  content,
  seasons,
  currentEpisodeId,
}: {
  content: Content;
  seasons: MovieViewProps['seasons'];
  currentEpisodeId?: number;
}) {
  const id = useId();
  const railArrows = useRailArrows();
  const selected = seasons.seasons.find((season) => season.id === seasons.selectedId);
  const slider = (list: readonly Episode[], label: string) => (
    <EpisodeSlider
      label={label}
      arrows={railArrows}
      currentKey={currentEpisodeId === undefined ? undefined : String(currentEpisodeId)}
      LinkComponent={KitLink}
      episodes={list.map((episode) => ({
        key: String(episode.EP_id),
        href: moviePath(content.EK_id, episode.EP_id),
        title: episode.EP_title,
        orderNumber: episode.EP_order_number,
        imageUrl: episode.poster_url,
        announce: episode.is_announce,
      }))}
    />
  );
  let body: ReactNode;
  if (seasons.failed) {
    body = (
      <div className={styles.seasonState}>
        <p className={styles.note}>{m.seasonFailed}</p>
        <Button variant="secondary" size="s" onClick={seasons.retry}>
          {m.retry}
        </Button>
      </div>
    );
  } else if (!seasons.episodes) {
    body = (
      <div className={styles.seasonState}>
        <Loader label={m.loading} />
      </div>
    );
  } else {
    body = slider(seasons.episodes, selected ? m.seasonEpisodes(selected.number) : m.episodes);
  }
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {m.episodes}
      </h2>
      {seasons.seasons.length > 0 && selected ? (
        <>
          <Tabs
            id={`${id}-seasons`}
            label={m.seasons}
            items={seasons.seasons.map((season) => ({
              key: String(season.id),
              label: m.season(season.number),
            }))}
            selectedKey={String(selected.id)}
            onSelect={(key) => seasons.select(Number(key))}
            className={styles.tabs}
          />
          <TabPanel tabsId={`${id}-seasons`} selectedKey={String(selected.id)} className={styles.panel}>
            {body}
          </TabPanel>
        </>
      ) : (
        body
      )}
    </section>
  );
}
