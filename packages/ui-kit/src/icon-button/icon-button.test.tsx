import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IconClose } from '../icons/icons.js';
import { IconButton } from './icon-button.js';

describe('IconButton', () => {
  it('is named by its label and calls onClick', async () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Закрыть" onClick={onClick}>
        <IconClose />
      </IconButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
