import { createContext, type ReactNode, useContext } from 'react';
import { createConsoleGoalSink, type GoalSink } from './goals';

// The console sink is the default, so screens work without a provider (SPEC: goals are not product
// behaviour); a real analytics sink is wired by wrapping the app in a GoalsProvider.
const GoalsContext = createContext<GoalSink>(createConsoleGoalSink());

/** Gives the player features a goal sink (tests pass a recording one). */
export function GoalsProvider({ sink, children }: { sink: GoalSink; children: ReactNode }) {
  return <GoalsContext.Provider value={sink}>{children}</GoalsContext.Provider>;
}

/** The goal sink of the nearest {@link GoalsProvider}, else the console sink. */
export function useGoals(): GoalSink {
  return useContext(GoalsContext);
}
