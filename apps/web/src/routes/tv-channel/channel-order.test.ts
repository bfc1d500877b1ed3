import { describe, expect, it } from 'vitest';
import { channel, films, tvCollections } from '../../testing/catalogue-fixtures';
import { channelsOfTab, neighboursOf } from './channel-order';

describe('channelsOfTab', () => {
  it('lists the channels of the tv_channels rails in order, each once, leaving out the queue rails', () => {
    const list = channelsOfTab(tvCollections());
    expect(list.map((item) => item.tv_channel_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      channelsOfTab([
        { RB_id: 1, RB_title: 'Шоу', RB_type: 'queue', EKs: films(2) },
        {
          RB_id: 2,
          RB_title: 'Б',
          RB_type: 'tv_channels',
          EKs: [channel(5, 'Наука'), channel(2, 'Кино ТВ')],
        },
        {
          RB_id: 3,
          RB_title: 'А',
          RB_type: 'tv_channels',
          EKs: [channel(2, 'Кино ТВ'), channel(7, 'Новости')],
        },
      ]).map((item) => item.tv_channel_id),
    ).toEqual([5, 2, 7]);
  });
});

describe('neighboursOf', () => {
  const list = [channel(1, 'Первый'), channel(2, 'Кино ТВ'), channel(3, 'Спорт 24')];

  it('gives the channels before and after, wrapping around at both ends', () => {
    expect(neighboursOf(list, 2)).toEqual({ previous: list[0], next: list[2] });
    expect(neighboursOf(list, 1)).toEqual({ previous: list[2], next: list[1] });
    expect(neighboursOf(list, 3)).toEqual({ previous: list[1], next: list[0] });
  });

  it('gives none for a channel outside the list or alone in it', () => {
    expect(neighboursOf(list, 9)).toEqual({});
    expect(neighboursOf([channel(1, 'Первый')], 1)).toEqual({});
  });
});
