import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createConsoleGoalSink, createRecordingGoalSink, PLAYBACK_GOALS } from './goals';
import { GoalsProvider, useGoals } from './goals-context';

function Reporter() {
  const goals = useGoals();
  return (
    <button
      type="button"
      onClick={() => goals.reach('MOVIE_STARTED_ERROR', { error_code: 'network', EK_id: 7 })}
    >
      report
    </button>
  );
}

describe('playback goals', () => {
  it('lists the three goals the SPEC names', () => {
    expect(PLAYBACK_GOALS).toEqual(['EK_BUY_SUCCESS', 'PLAYER_BUY_SUCCESS', 'MOVIE_STARTED_ERROR']);
  });

  it('writes a goal and its parameters to the console sink', () => {
    const log = vi.fn();
    createConsoleGoalSink(log).reach('PLAYER_BUY_SUCCESS', { EK_id: 3, package_id: 1 });
    expect(log).toHaveBeenCalledWith('[analytics] goal', 'PLAYER_BUY_SUCCESS', { EK_id: 3, package_id: 1 });
  });

  it('sends goals to the sink of the nearest provider', () => {
    const sink = createRecordingGoalSink();
    render(
      <GoalsProvider sink={sink}>
        <Reporter />
      </GoalsProvider>,
    );
    screen.getByRole('button', { name: 'report' }).click();
    expect(sink.goals).toEqual([
      { goal: 'MOVIE_STARTED_ERROR', params: { error_code: 'network', EK_id: 7 } },
    ]);
  });

  it('falls back to the console without a provider', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    render(<Reporter />);
    screen.getByRole('button', { name: 'report' }).click();
    expect(info).toHaveBeenCalledWith('[analytics] goal', 'MOVIE_STARTED_ERROR', {
      error_code: 'network',
      EK_id: 7,
    });
    info.mockRestore();
  });
});
