import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input.js';

/** A store-like owner: a digit moves the focus on, a cleared box keeps it. */
function Harness({
  onDigit,
  initial = ['', '', '', ''],
}: {
  onDigit: (i: number, d: string) => void;
  initial?: string[];
}) {
  const [digits, setDigits] = useState(initial);
  const [focusIndex, setFocusIndex] = useState(0);
  return (
    <CodeInput
      digits={digits}
      focusIndex={focusIndex}
      onDigit={(index, digit) => {
        onDigit(index, digit);
        setDigits((current) => current.map((d, i) => (i === index ? digit : d)));
        setFocusIndex(digit ? Math.min(index + 1, 3) : index);
      }}
    />
  );
}

function setup(initial?: string[]) {
  const onDigit = vi.fn();
  const user = userEvent.setup();
  render(<Harness onDigit={onDigit} initial={initial} />);
  const box = (n: number) => screen.getByRole('textbox', { name: `Цифра ${n}` });
  return { onDigit, user, box };
}

describe('CodeInput', () => {
  it('names four numeric boxes Цифра 1…4 in a group', () => {
    const { box } = setup();
    expect(screen.getByRole('group', { name: 'Код подтверждения' })).toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('focuses the first box on mount', () => {
    const { box } = setup();
    expect(box(1)).toHaveFocus();
  });

  it('reports each typed digit with its index and moves focus on', async () => {
    const { onDigit, user, box } = setup();
    await user.keyboard('12');
    expect(onDigit.mock.calls).toEqual([
      [0, '1'],
      [1, '2'],
    ]);
    expect(box(3)).toHaveFocus();
  });

  it('ignores letters', async () => {
    const { onDigit, user, box } = setup();
    await user.keyboard('a');
    expect(onDigit).toHaveBeenCalledWith(0, '');
    expect(box(1)).toHaveValue('');
  });

  it('fills every box from a pasted code', async () => {
    const { onDigit, user, box } = setup();
    await user.paste('1234');
    expect(onDigit.mock.calls).toEqual([
      [0, '1'],
      [1, '2'],
      [2, '3'],
      [3, '4'],
    ]);
    expect([box(1), box(2), box(3), box(4)].map((b) => (b as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
  });

  it('fills every box from a pasted code with spaces, whatever box has focus', async () => {
    const { user, box } = setup();
    box(3).focus();
    await user.paste(' 12 34 ');
    expect(box(1)).toHaveValue('1');
    expect(box(4)).toHaveValue('4');
  });

  it('clears the previous box and moves back on Backspace in an empty box', async () => {
    const { onDigit, user, box } = setup(['1', '2', '', '']);
    box(3).focus();
    await user.keyboard('{Backspace}');
    expect(onDigit).toHaveBeenLastCalledWith(1, '');
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue('');
  });

  it('clears the current box on Backspace when it holds a digit', async () => {
    const { onDigit, user, box } = setup(['1', '2', '', '']);
    box(2).focus();
    await user.keyboard('{Backspace}');
    expect(onDigit).toHaveBeenLastCalledWith(1, '');
    expect(box(2)).toHaveFocus();
  });

  it('moves focus when the owner changes focusIndex', () => {
    const { rerender } = render(<CodeInput digits={['', '', '', '']} focusIndex={0} onDigit={() => {}} />);
    rerender(<CodeInput digits={['', '', '', '']} focusIndex={2} onDigit={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Цифра 3' })).toHaveFocus();
  });

  it('marks every box invalid', () => {
    render(<CodeInput digits={['1', '2', '3', '4']} focusIndex={3} onDigit={() => {}} invalid />);
    for (const box of screen.getAllByRole('textbox')) expect(box).toBeInvalid();
  });
});
