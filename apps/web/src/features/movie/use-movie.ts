import { ApiCode } from '@kadr/api-contract/routes';
import { startTransition, useEffect, useState } from 'react';
import type { Content, FilmCardData } from '../../app/catalogue-types';
import { useServices } from '../../app/services';
import { useMovieStatusStore } from '../../app/stores/movie-status-store';

/** The error modal appears this long after the content fails to load (SPEC §9). */
export const ERROR_MODAL_DELAY_MS = 1000;

/** Similar-content page (SPEC §9): page 0, 30 items. */
export const SIMILAR_LIMIT = 30;

/** The content card's load. */
export type MovieLoad =
  | { status: 'loading' }
  | { status: 'success'; content: Content }
  | { status: 'error'; nocontent: boolean };

const hasCode = (error: unknown, code: number) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/**
 * Loads content `ekId` (GET /web/2/contents/{id}) and keeps the movie load status (SPEC §4): success,
 * or error when the call fails — code 900 or a missing goods.vendor_id report the 'nocontent' goal
 * (SPEC §8). The status is reset to initial on leaving the page.
 */
export function useMovie(ekId: number): MovieLoad {
  const { api, analytics } = useServices();
  const setStatus = useMovieStatusStore((state) => state.set);
  const reset = useMovieStatusStore((state) => state.reset);
  const [load, setLoad] = useState<MovieLoad>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const fail = (nocontent: boolean) => {
      setLoad({ status: 'error', nocontent });
      setStatus('error');
      if (nocontent) analytics.reachGoal('nocontent', { EK_id: ekId });
    };
    setLoad({ status: 'loading' });
    if (!Number.isInteger(ekId) || ekId <= 0) {
      fail(false);
      return;
    }
    api
      .call('getContent', { params: { id: ekId } }, { signal: controller.signal })
      .then((content) => {
        if (controller.signal.aborted) return;
        // SPEC §5: content without a vendor is missing content.
        if (content.goods.vendor_id == null) {
          console.error('[web] vendor_id отсутствует', ekId);
          fail(true);
          return;
        }
        setLoad({ status: 'success', content });
        setStatus('success');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[web] content failed', ekId, error);
        fail(hasCode(error, ApiCode.NO_CONTENT));
      });
    return () => controller.abort();
  }, [api, analytics, ekId, setStatus]);

  // Leaving the page resets the status (SPEC §4).
  useEffect(() => reset, [reset]);
  return load;
}

/**
 * The «Похожие фильмы» items: GET /web/1/contents/{id}/similar (page 0, 30), falling back to the
 * content's own `similar` list when that call fails; null while loading.
 */
export function useSimilar(content: Content): FilmCardData[] | null {
  const { api } = useServices();
  const [items, setItems] = useState<FilmCardData[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call(
        'getSimilar',
        { params: { id: content.EK_id }, query: { page_number: 0, limit: SIMILAR_LIMIT } },
        { signal: controller.signal },
      )
      .then((answer) => {
        if (controller.signal.aborted) return;
        // Up to 30 cards under the hero, their place already kept: React renders them in slices that
        // yield to the browser instead of one long task after the card's own (docs/benchmarks.md, web).
        startTransition(() => setItems(answer.items));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[web] similar failed', content.EK_id, error);
        setItems(content.similar);
      });
    return () => controller.abort();
  }, [api, content]);
  return items;
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
