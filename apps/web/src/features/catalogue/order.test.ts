import { describe, expect, it } from 'vitest';
import type { Collection } from '../../shared/catalogue-types';
import { films, homeCollections, tvCollections } from '../../testing/catalogue-fixtures';
import { leadFirst, tvRails } from './order';

const titles = (list: Collection[]) => list.map((c) => c.RB_title);

describe('leadFirst', () => {
  it('moves the first banner or teaser rail to the top, keeping the others in order', () => {
    expect(titles(leadFirst(homeCollections()))).toEqual([
      'Главное',
      'Продолжить просмотр',
      'Новинки',
      'Премьеры недели',
      'Популярные сериалы',
    ]);
  });

  it('leads with a teaser rail when it comes before any banner rail', () => {
    const list: Collection[] = [
      { RB_id: 1, RB_title: 'Очередь', RB_type: 'queue', EKs: films(2) },
      { RB_id: 2, RB_title: 'Тизеры', RB_type: 'teaser', EKs: films(2) },
      { RB_id: 3, RB_title: 'Баннеры', RB_type: 'banner', EKs: films(2) },
    ];
    expect(titles(leadFirst(list))).toEqual(['Тизеры', 'Очередь', 'Баннеры']);
  });

  it('keeps the order when there is no banner or teaser rail, and drops empty rails', () => {
    const list: Collection[] = [
      { RB_id: 1, RB_title: 'А', RB_type: 'queue', EKs: films(2) },
      { RB_id: 2, RB_title: 'Пусто', RB_type: 'banner', EKs: [] },
      { RB_id: 3, RB_title: 'Б', RB_type: 'queue', EKs: films(2) },
    ];
    expect(titles(leadFirst(list))).toEqual(['А', 'Б']);
  });
});

describe('tvRails', () => {
  it('keeps queue and channel rails only', () => {
    const list = [
      ...tvCollections(),
      { RB_id: 9, RB_title: 'Баннеры', RB_type: 'banner', EKs: films(2) } as const,
    ];
    expect(titles(tvRails(list))).toEqual(['Эфирные каналы', 'Телешоу', 'Тематические каналы']);
  });
});
