/**
 * The goals the product reports and the one interface they go through. The SPEC sends goals to two
 * analytics services that are not product behaviour (SPEC §7); screens and the player talk only to
 * {@link Analytics}, and the services are attached by configuration (sinks.ts, env.ts).
 */

/** Parameters of each goal (SPEC §4 movie load status and pay dialog, §8 player errors). */
export interface GoalParams {
  /** The content is missing: code 900 or no goods.vendor_id (SPEC §4, §8). */
  nocontent: { EK_id: number };
  /**
   * The player failed to load or start, with its error code (SPEC §8): a content item's (EK_id, and
   * EP_id for a series) or a channel's (tv_channel_id, the channel page).
   */
  MOVIE_STARTED_ERROR:
    | { error_code: string; EK_id: number; EP_id?: number }
    | { error_code: string; tv_channel_id: number };
  /**
   * A payment succeeded in the pay dialog opened from the paywall (the final block after the preview),
   * from the package page or from a channel page's Watch; EK_id names the content when there is one
   * (not on a package page opened directly), tv_channel_id the channel.
   */
  EK_BUY_SUCCESS: { EK_id?: number; tv_channel_id?: number; package_id: number };
  /** A payment succeeded in the pay dialog opened from the player's preview overlay (a content's or a channel's). */
  PLAYER_BUY_SUCCESS: { EK_id: number; package_id: number } | { tv_channel_id: number; package_id: number };
}

/** One goal. */
export type Goal = keyof GoalParams;

/** Every goal, in one list (for tests and documentation). */
export const GOALS: readonly Goal[] = [
  'nocontent',
  'MOVIE_STARTED_ERROR',
  'EK_BUY_SUCCESS',
  'PLAYER_BUY_SUCCESS',
];

/** Where goals go: the app's one analytics interface, and the shape of every service attached to it. */
export interface Analytics {
  /** Records that `goal` was reached. */
  reachGoal<G extends Goal>(goal: G, params: GoalParams[G]): void;
}

/** Analytics that sends every goal to each of `sinks`; one failing sink does not stop the others. */
export function fanOutAnalytics(sinks: readonly Analytics[]): Analytics {
  return {
    reachGoal: (goal, params) => {
      for (const sink of sinks) {
        try {
          sink.reachGoal(goal, params);
        } catch (error) {
          console.warn('[analytics] a sink failed', goal, error);
        }
      }
    },
  };
}

/** Analytics that writes every goal to the console (or to `log`, for tests). */
export function createConsoleAnalytics(
  log: (...args: unknown[]) => void = (...args) => console.info(...args),
): Analytics {
  return { reachGoal: (goal, params) => log('[analytics] goal', goal, params) };
}

/** One goal a {@link createRecordingAnalytics} kept. */
export interface RecordedGoal {
  goal: Goal;
  params: GoalParams[Goal];
}

/** Analytics that keeps goals in a list: for tests and stories. */
export function createRecordingAnalytics(): Analytics & { goals: RecordedGoal[] } {
  const goals: RecordedGoal[] = [];
  return {
    goals,
    reachGoal: (goal, params) => {
      goals.push({ goal, params });
    },
  };
}
