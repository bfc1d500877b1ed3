import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type Content, moviePath } from '../../shared/catalogue-types';
import { useIsMobile } from '../../shared/device';
import { useBack, useQueryNavigate } from '../../shared/navigation/query-link';
import { usePageName } from '../../shared/page-name';
import { useServices } from '../../shared/services';
import { PlayerSlot, usePlayLogic } from '../player';
import { lastEpisode } from './last-episode';
import { movieMessages as m } from './messages';
import styles from './movie-screen.module.css';
import { MovieView, MovieViewSkeleton } from './movie-view';
import { ERROR_MODAL_DELAY_MS, useDelayedFlag, useMovie, useSimilar } from './use-movie';
import { useSeasons } from './use-seasons';

// The error modal (and the kit's modal under it) loads when a load fails, in the second before it shows
// (SPEC §8: 1 s after the failure): a card that loads does not carry it (the watch page's JavaScript
// budget, docs/benchmarks.md).
const MovieErrorModal = lazy(() =>
  import('./movie-error-modal').then((module) => ({ default: module.MovieErrorModal })),
);

// Only channel-type titles show a week schedule: films and series load neither its code nor the Intl
// date formats it creates (a page's first Intl use loads the locale data, a long task on a phone).
const ChannelWeekSchedule = lazy(() =>
  import('../schedule/channel-week-schedule').then((module) => ({ default: module.ChannelWeekSchedule })),
);

/** Props of {@link MovieScreen}. */
export interface MovieScreenProps {
  /** EK_id from the address. */
  ekId: number;
  /** EP_id from the address, if any. */
  epId?: number;
}

/**
 * The content card page (SPEC §2): loads the content, resolves `?series=last`, and shows the card; on
 * failure the error modal appears 1 s later (SPEC §8).
 */
export function MovieScreen({ ekId, epId }: MovieScreenProps) {
  const load = useMovie(ekId);
  const mobile = useIsMobile();
  const showError = useDelayedFlag(load.status === 'error', ERROR_MODAL_DELAY_MS);
  const navigate = useQueryNavigate();
  const goHome = () => navigate('/');
  const { search } = useLocation();
  const seriesLast = new URLSearchParams(search).get('series') === 'last';

  let body: ReactNode;
  if (load.status === 'success') {
    body = seriesLast ? (
      <SeriesLastRedirect content={load.content} />
    ) : (
      <LoadedMovie content={load.content} epId={epId} />
    );
  } else if (load.status === 'loading') {
    body = <MovieViewSkeleton mobile={mobile} />;
  } else {
    body = (
      <div className={styles.state}>
        <p className={styles.unavailable}>{m.unavailable}</p>
      </div>
    );
  }
  return (
    <>
      {body}
      {load.status === 'error' && (
        <Suspense>
          <MovieErrorModal open={showError} onClose={goHome} />
        </Suspense>
      )}
    </>
  );
}

/**
 * `?series=last` (SPEC §2): goes to the last non-announce episode of the last season
 * (/movie/{EK}/{EP}/), or to /movie/{EK}/ when there are no episodes; the rest of the query stays.
 */
function SeriesLastRedirect({ content }: { content: Content }) {
  const { api } = useServices();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    let current = true;
    void lastEpisode(client, api, content).then((episode) => {
      if (!current) return;
      const query = new URLSearchParams(search);
      query.delete('series');
      const rest = query.toString();
      navigate(
        { pathname: moviePath(content.EK_id, episode?.EP_id), search: rest ? `?${rest}` : '' },
        { replace: true },
      );
    });
    return () => {
      current = false;
    };
  }, [client, api, content, navigate, search]);
  return <MovieViewSkeleton mobile={mobile} />;
}

/** The loaded card: seasons, similar items and the player block. */
function LoadedMovie({ content, epId }: { content: Content; epId?: number }) {
  const mobile = useIsMobile();
  const back = useBack();
  const seasons = useSeasons(content, epId);
  const similar = useSimilar(content);
  const play = usePlayLogic(content);
  usePageName(content.EK_title);
  return (
    <MovieView
      content={content}
      mobile={mobile}
      seasons={seasons}
      currentEpisodeId={epId}
      similar={similar}
      player={<PlayerSlot play={play} content={content} episodeId={epId} episodes={seasons.episodes} />}
      schedule={
        content.EK_type === 'TVChan' && !mobile ? (
          <Suspense>
            <ChannelWeekSchedule ekId={content.EK_id} />
          </Suspense>
        ) : undefined
      }
      onWatch={play.watch}
      onTrailer={play.trailer}
      onBack={back}
    />
  );
}
