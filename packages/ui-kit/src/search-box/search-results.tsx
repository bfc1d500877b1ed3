import { ChannelCard } from '../channel-card/channel-card.js';
import { FilmCard, type FilmCardProps } from '../film-card/film-card.js';
import type { LinkComponent } from '../link.js';
import { Loader } from '../loader/loader.js';
import { uiMessages } from '../messages.js';
import { Rail } from '../rail/rail.js';
import styles from './search-box.module.css';

/** What the search shows: recommendations (`idle`), a loader, results, «nothing found» or a failure. */
export type SearchStatus = 'idle' | 'loading' | 'results' | 'empty' | 'error';

/** One search result: a content item (poster, title, year) or a channel (image, title). */
export interface SearchResultItem {
  /** Stable key. */
  key: string;
  /** `content` links to the content card, `channel` to the channel. */
  kind: 'content' | 'channel';
  /** In-app path. */
  href: string;
  title: string;
  /** Year of a content item. */
  year?: number | null;
  imageUrl: string | null;
  stickerUrl?: string | null;
}

/** A film card of the recommendations row. */
export interface SearchCardItem
  extends Pick<FilmCardProps, 'href' | 'title' | 'imageUrl' | 'genre' | 'year' | 'stickerUrl'> {
  key: string;
}

/** The recommendations row: its title comes from the collection named `search`. */
export interface SearchRecommendations {
  title: string;
  items: readonly SearchCardItem[];
}

/** Props of {@link SearchResults}. */
export interface SearchResultsProps {
  status: SearchStatus;
  /** Results of the last search (shown when `status` is `results`). */
  results: readonly SearchResultItem[];
  /** Shown while idle, when nothing is found and on failure; null while not loaded. */
  recommendations?: SearchRecommendations | null;
  /** Arrow buttons on the rails (desktop). Default true. */
  arrows?: boolean;
  /** Renders the links. */
  LinkComponent?: LinkComponent;
}

/**
 * The body of a search (desktop box and mobile page): results as a rail of content and channel cards,
 * or «По вашему запросу ничего не найдено.» followed by the recommendations row, which also shows
 * while nothing has been asked yet.
 */
export function SearchResults({
  status,
  results,
  recommendations,
  arrows = true,
  LinkComponent,
}: SearchResultsProps) {
  const m = uiMessages.search;
  if (status === 'loading') {
    return (
      <div className={styles.loading}>
        <Loader label={m.searching} />
      </div>
    );
  }
  if (status === 'results') {
    return (
      <Rail title={m.results} aside={m.found(results.length)} arrows={arrows}>
        {results.map(({ key, kind, ...card }) =>
          kind === 'channel' ? (
            <ChannelCard
              key={key}
              href={card.href}
              title={card.title}
              imageUrl={card.imageUrl}
              LinkComponent={LinkComponent}
            />
          ) : (
            <FilmCard key={key} {...card} LinkComponent={LinkComponent} />
          ),
        )}
      </Rail>
    );
  }
  return (
    <>
      {status === 'empty' && (
        <p role="status" className={styles.message}>
          {m.nothingFound}
        </p>
      )}
      {status === 'error' && (
        <p role="alert" className={styles.message}>
          {m.failed}
        </p>
      )}
      {recommendations && recommendations.items.length > 0 && (
        <Rail title={recommendations.title} arrows={arrows}>
          {recommendations.items.map(({ key, ...card }) => (
            <FilmCard key={key} {...card} LinkComponent={LinkComponent} />
          ))}
        </Rail>
      )}
    </>
  );
}
