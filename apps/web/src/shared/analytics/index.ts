export type { GoalSink, PlaybackGoal, PlaybackGoalParams, RecordedGoal } from './goals';
export { createConsoleGoalSink, createRecordingGoalSink, PLAYBACK_GOALS } from './goals';
export { GoalsProvider, useGoals } from './goals-context';
