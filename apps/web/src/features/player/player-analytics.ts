import type { PlayerAnalytics } from '@kadr/player-core';
import type { Analytics } from '../../shared/analytics/analytics';

/** What a player goal is about: the content and, for a series, the episode playing now; or a channel. */
export type PlayingNow = { EK_id: number; EP_id?: number } | { tv_channel_id: number };

/**
 * player-core's goal port over the app's analytics: the controller reports MOVIE_STARTED_ERROR with its
 * error code, and the goal goes on with the content and the episode playing at that moment.
 */
export function toPlayerAnalytics(analytics: Analytics, playingNow: () => PlayingNow): PlayerAnalytics {
  return {
    reachGoal: (goal, { error_code }) => analytics.reachGoal(goal, { error_code, ...playingNow() }),
  };
}
