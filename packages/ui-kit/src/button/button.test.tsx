import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button.js';

function setup(props: Partial<Parameters<typeof Button>[0]> = {}) {
  const onClick = vi.fn();
  render(
    <Button onClick={onClick} {...props}>
      Продолжить
    </Button>,
  );
  return { onClick, button: screen.getByRole('button', { name: 'Продолжить' }) };
}

describe('Button', () => {
  it('calls onClick when pressed', async () => {
    const { onClick, button } = setup();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is a non-submitting button by default', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('type', 'button');
  });

  it('ignores clicks when disabled', async () => {
    const { onClick, button } = setup({ disabled: true });
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is busy, disabled and keeps its name while loading', async () => {
    const { onClick, button } = setup({ loading: true });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('buttonClass', () => {
  it("gives a link the classes of the button of the same look, and adds the app's class after them", () => {
    const { button } = setup({ variant: 'secondary', className: 'extra' });
    expect(button.className).toBe(`${buttonClass('secondary')} extra`);
  });

  it('tells the looks, sizes and the full width apart', () => {
    expect(buttonClass()).toBe(buttonClass('primary', 'm', false));
    expect(buttonClass('secondary')).not.toBe(buttonClass('primary'));
    expect(buttonClass('primary', 's')).not.toBe(buttonClass('primary', 'm'));
    expect(buttonClass('primary', 'm', true).split(' ')).toHaveLength(4);
  });
});
