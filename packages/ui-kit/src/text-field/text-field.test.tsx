import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field.js';
import { TextField } from './text-field.js';

function ControlledPhone() {
  const [value, setValue] = useState('+7');
  return <PhoneField label="Номер телефона" value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('TextField', () => {
  it('is named by its label', () => {
    render(<TextField label="Имя" />);
    expect(screen.getByRole('textbox', { name: 'Имя' })).toBeInTheDocument();
  });

  it('marks itself invalid and announces the error', () => {
    render(<TextField label="Имя" error="Обязательное поле" />);
    const input = screen.getByRole('textbox', { name: 'Имя' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Обязательное поле');
    expect(screen.getByRole('alert')).toHaveTextContent('Обязательное поле');
  });
});

describe('PhoneField', () => {
  it('asks for a phone keyboard and autofill and limits the length to 12', () => {
    render(<PhoneField label="Номер телефона" />);
    const input = screen.getByRole('textbox', { name: 'Номер телефона' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(input).toHaveAttribute('maxlength', '12');
  });

  it('hands every change to the app', async () => {
    render(<ControlledPhone />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Номер телефона' }), '9123456789');
    expect(screen.getByRole('textbox', { name: 'Номер телефона' })).toHaveValue('+79123456789');
  });
});
