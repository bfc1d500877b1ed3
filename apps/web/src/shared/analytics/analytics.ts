/**
 * Goals the product reports (SPEC §8: 'nocontent'). The SPEC sends them to two analytics services that
 * are not product behaviour; the app talks to this interface and the browser build logs to the console
 * until a real sink is wired.
 */
export interface Analytics {
  /** Records that a goal was reached, with optional parameters. */
  reachGoal: (goal: AnalyticsGoal, params?: Record<string, string | number>) => void;
}

/** The goals the web reports so far. */
export type AnalyticsGoal = 'nocontent';

/** Analytics that writes every goal to the console. */
export function createConsoleAnalytics(): Analytics {
  return {
    reachGoal: (goal, params) => console.info('[analytics] goal', goal, params ?? {}),
  };
}
