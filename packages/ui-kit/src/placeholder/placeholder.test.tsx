import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Placeholder } from './placeholder.js';

describe('Placeholder', () => {
  it('says what happened in a heading, with nothing else unless given', () => {
    const { container } = render(<Placeholder title="Не удалось загрузить подборки" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Не удалось загрузить подборки' }),
    ).toBeInTheDocument();
    expect(container).toHaveTextContent(/^Не удалось загрузить подборки$/);
  });

  it('shows its text and actions', () => {
    render(
      <Placeholder title="Не удалось загрузить подборки" text="Проверьте подключение.">
        <button type="button">Повторить</button>
      </Placeholder>,
    );
    expect(screen.getByText('Проверьте подключение.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
