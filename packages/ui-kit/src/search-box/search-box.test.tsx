import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox, type SearchBoxProps } from './search-box.js';
import type { SearchResultItem } from './search-results.js';

const results: SearchResultItem[] = [
  { key: 'c12', kind: 'content', href: '/movie/12/', title: 'Тихий дом', year: 2023, imageUrl: '/p.svg' },
  { key: 'ch7', kind: 'channel', href: '/tv/7', title: 'Первый', imageUrl: '/l.svg' },
];
const recommendations = {
  title: 'Смотрят сейчас',
  items: [{ key: '5', href: '/movie/5/', title: 'Море', imageUrl: null, genre: 'Драма', year: 2021 }],
};

type Overrides = Partial<Omit<SearchBoxProps, 'open' | 'value' | 'onChange' | 'onOpen' | 'onClose'>>;

/** The box with its open state and text kept here, as the app keeps them. */
function Harness({ overrides, onClose }: { overrides: Overrides; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  return (
    <div>
      <button type="button">снаружи</button>
      <SearchBox
        status="idle"
        results={[]}
        recommendations={recommendations}
        {...overrides}
        open={open}
        value={value}
        onChange={setValue}
        onOpen={() => setOpen(true)}
        onClose={() => {
          onClose();
          setOpen(false);
          setValue('');
        }}
      />
    </div>
  );
}

async function setup(overrides: Overrides = {}, { expand = true } = {}) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<Harness overrides={overrides} onClose={onClose} />);
  if (expand) await user.click(screen.getByRole('button', { name: 'Поиск' }));
  const input = () => screen.getByRole('searchbox', { name: 'Поиск' });
  return { user, onClose, input };
}

describe('SearchBox', () => {
  it('starts as a search button and expands into a focused field on click', async () => {
    const { input } = await setup();
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('placeholder', 'Фильм, сериал или телеканал');
  });

  it('shows the recommendations row, titled by its collection, while idle', async () => {
    await setup();
    expect(screen.getByRole('region', { name: 'Смотрят сейчас' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Море Драма, 2021' })).toHaveAttribute('href', '/movie/5/');
  });

  it('shows content results linking to the content card and channel results linking to the channel', async () => {
    await setup({ status: 'results', results });
    const rail = screen.getByRole('region', { name: 'Результаты поиска' });
    expect(rail).toHaveTextContent('Найдено: 2');
    expect(screen.getByRole('link', { name: 'Тихий дом 2023' })).toHaveAttribute('href', '/movie/12/');
    expect(screen.getByRole('link', { name: 'Первый' })).toHaveAttribute('href', '/tv/7');
    expect(screen.queryByRole('region', { name: 'Смотрят сейчас' })).not.toBeInTheDocument();
  });

  it('says nothing was found and offers the recommendations', async () => {
    await setup({ status: 'empty' });
    expect(screen.getByRole('status')).toHaveTextContent('По вашему запросу ничего не найдено.');
    expect(screen.getByRole('region', { name: 'Смотрят сейчас' })).toBeInTheDocument();
  });

  it('shows a loader while searching', async () => {
    await setup({ status: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Ищем…');
  });

  it('closes and clears on a click outside, but not on a click inside', async () => {
    const { user, onClose, input } = await setup();
    await user.type(input(), 'дом');
    await user.click(screen.getByRole('region', { name: 'Смотрят сейчас' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'снаружи' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Поиск' }));
    expect(input()).toHaveValue('');
  });

  it('closes on Escape and gives focus back to the search button', async () => {
    const { user, onClose } = await setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Поиск' })).toHaveFocus();
  });

  it('closes once a result is followed', async () => {
    const { onClose } = await setup({ status: 'results', results });
    const link = screen.getByRole('link', { name: 'Первый' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('reports every edit', async () => {
    const { user, input } = await setup();
    await user.type(input(), 'мор');
    expect(input()).toHaveValue('мор');
  });
});
