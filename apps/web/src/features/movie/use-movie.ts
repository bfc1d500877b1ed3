import { ApiCode } from '@kadr/api-contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import type { Content, FilmCardData } from '../../shared/catalogue-types';
import { useServices } from '../../shared/services';
import { useMovieStatusStore } from '../../shared/stores/movie-status-store';
import { contentQuery, similarQuery } from './movie-queries';

/** The error modal appears this long after the content fails to load (SPEC §9). */
export const ERROR_MODAL_DELAY_MS = 1000;

/** The content card's load. */
export type MovieLoad =
  | { status: 'loading' }
  | { status: 'success'; content: Content }
  | { status: 'error'; nocontent: boolean };

const hasCode = (error: unknown, code: number) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

const LOADING: MovieLoad = { status: 'loading' };
const FAILED: MovieLoad = { status: 'error', nocontent: false };
const MISSING: MovieLoad = { status: 'error', nocontent: true };

/**
 * Loads content `ekId` (contentQuery) and keeps the movie load status (SPEC §4): success, or error when
 * the call fails — code 900 or a missing goods.vendor_id report the 'nocontent' goal (SPEC §8). The
 * status is reset to initial on leaving the page. A cached answer shows at once while it is refreshed.
 */
export function useMovie(ekId: number): MovieLoad {
  const { api, analytics } = useServices();
  const setStatus = useMovieStatusStore((state) => state.set);
  const reset = useMovieStatusStore((state) => state.reset);
  const valid = Number.isInteger(ekId) && ekId > 0;
  const { data, error, isError } = useQuery({ ...contentQuery(api, ekId), enabled: valid });

  let load: MovieLoad = LOADING;
  // SPEC §5: content without a vendor is missing content.
  if (!valid) load = FAILED;
  else if (data) load = data.goods.vendor_id == null ? MISSING : { status: 'success', content: data };
  else if (isError) load = hasCode(error, ApiCode.NO_CONTENT) ? MISSING : FAILED;

  // The goal is reported once per content item that turned out missing (not again on a re-render).
  const reported = useRef<number | null>(null);
  const outcome = load.status === 'error' ? (load.nocontent ? 'nocontent' : 'error') : load.status;
  useEffect(() => {
    if (outcome === 'loading') return;
    setStatus(outcome === 'success' ? 'success' : 'error');
    if (outcome !== 'nocontent' || reported.current === ekId) return;
    reported.current = ekId;
    if (data && data.goods.vendor_id == null) console.error('[web] vendor_id отсутствует', ekId);
    analytics.reachGoal('nocontent', { EK_id: ekId });
  }, [outcome, ekId, data, analytics, setStatus]);

  // Leaving the page resets the status (SPEC §4).
  useEffect(() => reset, [reset]);
  return load;
}

/**
 * The «Похожие фильмы» items (similarQuery), falling back to the content's own `similar` list when
 * that call fails; null while loading.
 */
export function useSimilar(content: Content): FilmCardData[] | null {
  const { api } = useServices();
  const { data, isError } = useQuery(similarQuery(api, content.EK_id));
  const items = data ?? (isError ? content.similar : null);
  // Up to 30 cards under the hero, their place already kept: React renders them in a background render
  // that yields to the browser instead of one long task after the card's own (docs/benchmarks.md, web).
  return useDeferredValue(items);
}

/** True once `active` has held for `ms` (the error modal's delay); false again when it stops. */
export function useDelayedFlag(active: boolean, ms: number): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    if (!active) {
      setFlag(false);
      return;
    }
    const timer = setTimeout(() => setFlag(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return flag;
}
