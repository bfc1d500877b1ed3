import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.js';

describe('Checkbox', () => {
  it('toggles when its label is clicked', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="Я согласен" defaultChecked onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Я согласен' });
    expect(box).toBeChecked();
    await userEvent.click(screen.getByText('Я согласен'));
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
