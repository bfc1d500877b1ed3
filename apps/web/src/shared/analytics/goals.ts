/**
 * Playback goals (SPEC §4 pay dialog entry points, §8 player start error). The SPEC sends goals to two
 * analytics services that are not product behaviour; the player talks only to {@link GoalSink}, and the
 * default sink writes to the console.
 */

/** Parameters of each playback goal. */
export interface PlaybackGoalParams {
  /** The pay dialog opened from the paywall (the final block after the preview). */
  EK_BUY_SUCCESS: { EK_id: number; package_id: number };
  /** The pay dialog opened from the player's preview overlay. */
  PLAYER_BUY_SUCCESS: { EK_id: number; package_id: number };
  /** The player failed to load or start (SPEC §8). */
  MOVIE_STARTED_ERROR: { error_code: string; EK_id: number; EP_id?: number };
}

/** One playback goal. */
export type PlaybackGoal = keyof PlaybackGoalParams;

/** The playback goals, in one list (for tests and documentation). */
export const PLAYBACK_GOALS: readonly PlaybackGoal[] = [
  'EK_BUY_SUCCESS',
  'PLAYER_BUY_SUCCESS',
  'MOVIE_STARTED_ERROR',
];

/** Where goals go. */
export interface GoalSink {
  /** Records that a goal was reached. */
  reach<G extends PlaybackGoal>(goal: G, params: PlaybackGoalParams[G]): void;
}

/** A sink that writes every goal to the console (or to `log`, for tests). */
export function createConsoleGoalSink(
  log: (...args: unknown[]) => void = (...args) => console.info(...args),
): GoalSink {
  return {
    reach: (goal, params) => log('[analytics] goal', goal, params),
  };
}

/** One goal a {@link createRecordingGoalSink} kept. */
export interface RecordedGoal {
  goal: PlaybackGoal;
  params: PlaybackGoalParams[PlaybackGoal];
}

/** A sink that keeps goals in a list: for tests and stories. */
export function createRecordingGoalSink(): GoalSink & { goals: RecordedGoal[] } {
  const goals: RecordedGoal[] = [];
  return {
    goals,
    reach: (goal, params) => {
      goals.push({ goal, params });
    },
  };
}
