import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import type { GoalSink, RecordedGoal } from './goals';
import { GoalsProvider, useGoals } from './goals-context';

/** A button that reaches a goal through the nearest provider's sink. */
function ReachGoal() {
  const goals = useGoals();
  return (
    <button type="button" onClick={() => goals.reach('PLAYER_BUY_SUCCESS', { EK_id: 12, package_id: 1 })}>
      Оформить подписку
    </button>
  );
}

/** The provider with a sink that lists the goals it was given. */
function RecordedGoals() {
  const [seen, setSeen] = useState<readonly RecordedGoal[]>([]);
  const sink = useMemo<GoalSink>(
    () => ({ reach: (goal, params) => setSeen((list) => [...list, { goal, params }]) }),
    [],
  );
  return (
    <GoalsProvider sink={sink}>
      <ReachGoal />
      <ul>
        {/* Goals are only appended, so their place in the list is a stable key. */}
        {seen.map((entry, index) => (
          <li key={index}>
            {entry.goal} {JSON.stringify(entry.params)}
          </li>
        ))}
      </ul>
    </GoalsProvider>
  );
}

const meta = {
  title: 'web/Analytics/GoalsProvider',
  component: RecordedGoals,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof RecordedGoals>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Press the button: the goal PLAYER_BUY_SUCCESS appears in the list (a real sink sends it on). */
export const Recording: Story = {};

/** Without a provider the console sink takes the goal (see the browser's console). */
export const ConsoleSink: Story = { render: () => <ReachGoal /> };
