import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServices, never } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';

describe('TV tab', () => {
  it('shows a loader while there are no rails', async () => {
    renderApp('/tv', { fake: createFakeServices({ handlers: { getCollections: never } }) });
    expect(await screen.findByText('Загружаем подборки…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Телеканалы' })).toBeInTheDocument();
  });

  it('asks for tv_channels_tab with 40 per rail', async () => {
    const { calls } = renderApp('/tv');
    await screen.findByRole('region', { name: 'Эфирные каналы' });
    expect(calls.find((call) => call.id === 'getCollections')?.input).toEqual({
      query: { tab_id: 'tv_channels_tab', RB_queue_count: 40, RB_teaser_count: 40 },
    });
  });

  it('links channels to /tv/{tv_channel_id}/ and queue items to /movie/{EK_id}/, with the query', async () => {
    renderApp('/tv?utm=1');
    const channels = await screen.findByRole('region', { name: 'Эфирные каналы' });
    expect(within(channels).getByRole('link', { name: 'Спорт 24' })).toHaveAttribute('href', '/tv/3/?utm=1');
    const shows = screen.getByRole('region', { name: 'Телешоу' });
    expect(within(shows).getByRole('link', { name: 'Соседи по планете Комедия, 2020' })).toHaveAttribute(
      'href',
      '/movie/104/?utm=1',
    );
  });

  it('shows every rail with its title', async () => {
    renderApp('/tv');
    await screen.findByRole('region', { name: 'Эфирные каналы' });
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Эфирные каналы',
      'Телешоу',
      'Тематические каналы',
    ]);
  });
});
