import {
  addToWatchlist,
  clearWatchHistory,
  getContinueWatching,
  getTitlesProgress,
  getTitleViewing,
  getWatchHistory,
  getWatchlist,
  removeContinueWatching,
  removeFromWatchlist,
  removeWatchHistory,
  saveWatchProgress,
} from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, requireSession } from '../../http/register-call';
import type { ViewingService } from './service';

const OK = { ok: true as const };

/** The viewing calls (Kadr's extension, docs/decisions/055): all of the session's profile. */
export const viewingRoutes: FastifyPluginAsync<{ viewing: ViewingService }> = async (app, { viewing }) => {
  registerCall(app, saveWatchProgress, ({ body, session }) =>
    viewing.save(requireSession(session).profileId, body),
  );
  registerCall(app, getTitleViewing, ({ body, session }) =>
    viewing.title(requireSession(session).profileId, body),
  );
  registerCall(app, getTitlesProgress, ({ body, session }) =>
    viewing.titlesProgress(requireSession(session).profileId, body.EK_ids),
  );
  registerCall(app, getContinueWatching, ({ body, session }) =>
    viewing.continueWatching(requireSession(session).profileId, body),
  );
  registerCall(app, removeContinueWatching, async ({ body, session }) => {
    await viewing.dismiss(requireSession(session).profileId, body);
    return OK;
  });
  registerCall(app, getWatchHistory, ({ body, session }) =>
    viewing.history(requireSession(session).profileId, body),
  );
  registerCall(app, removeWatchHistory, async ({ body, session }) => {
    await viewing.removeFromHistory(requireSession(session).profileId, body);
    return OK;
  });
  registerCall(app, clearWatchHistory, async ({ session }) => {
    await viewing.clearHistory(requireSession(session).profileId);
    return OK;
  });
  registerCall(app, getWatchlist, ({ body, session }) =>
    viewing.watchlist(requireSession(session).profileId, body),
  );
  registerCall(app, addToWatchlist, async ({ body, session }) => {
    await viewing.addToWatchlist(requireSession(session).profileId, body.EK_id);
    return OK;
  });
  registerCall(app, removeFromWatchlist, async ({ body, session }) => {
    await viewing.removeFromWatchlist(requireSession(session).profileId, body.EK_id);
    return OK;
  });
};
