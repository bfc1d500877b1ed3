import { describe, expect, it } from 'vitest';
import { collection, content, getCollections, getContent, getSeasonEpisodes, getSimilar } from '../index.js';

const card = {
  EK_id: 7,
  EK_title: 'Брат',
  genre: 'Драма',
  year: 1997,
  sticker_image_url: null,
  thumb_poster_url: 'https://cdn.example.ru/p/7.jpg',
  thumb_banner_url: '/media/b/7.jpg',
};

const goods = {
  good_type: 'package',
  package_id: 3,
  package_name: 'Кино',
  partner_label: null,
  vendor_id: 'v-7',
  is_free: false,
  is_bought: false,
  is_preview: true,
  is_trial: false,
  is_trial_current: false,
  is_active_parent: false,
  store_name: null,
  ended_at: null,
  cost: 299,
  status: 'not_purchased',
  actions: [],
  tariffs: [{ pay_text: 'Оформить за 299 ₽', pay_info: null, texts: ['Фильмы в HD'] }],
};

function series() {
  return {
    EK_id: 7,
    EK_type: 'TVShow',
    EK_title: 'Сериал',
    EK_description: 'Описание',
    thumb_wide_poster_url: 'https://cdn.example.ru/w/7.jpg',
    thumb_logotype_url: null,
    kp_rating: 7.86,
    year: 2020,
    genre: 'Драма',
    country: 'Россия',
    age_rating: 16,
    created_at: '2026-11-01T10:00:00Z',
    seasons: [{ season_id: 11, season_number: 1 }],
    episodes: [
      {
        EP_id: 101,
        EP_title: 'Серия 1',
        EP_order_number: 1,
        poster_url: null,
        is_announce: false,
        season_number: 1,
      },
    ],
    trailer_episode: { EP_id: 100 },
    content_url: null,
    lastLoadSeasonID: 11,
    goods,
    similar: [card],
  };
}

describe('catalogue schemas', () => {
  it('accepts a series with goods, seasons and similar items', () => {
    expect(content.safeParse(series()).success).toBe(true);
  });

  it('keeps a null vendor_id for the client to report as missing content', () => {
    const parsed = content.parse({ ...series(), goods: { ...goods, vendor_id: null } });
    expect(parsed.goods.vendor_id).toBeNull();
  });

  it('rejects a content item without goods or with an unknown type', () => {
    const { goods: _omit, ...withoutGoods } = series();
    expect(content.safeParse(withoutGoods).success).toBe(false);
    expect(content.safeParse({ ...series(), EK_type: 'cartoon' }).success).toBe(false);
  });

  it('takes film cards in a teaser rail and channel items in a tv_channels rail', () => {
    expect(
      collection.safeParse({ RB_id: 1, RB_title: 'Новинки', RB_type: 'teaser', EKs: [card] }).success,
    ).toBe(true);
    const channels = {
      RB_id: 2,
      RB_title: 'Каналы',
      RB_type: 'tv_channels',
      EKs: [{ tv_channel_id: 5, chan_name: 'Первый', chan_poster_url: '/media/c/5.png' }],
    };
    expect(collection.safeParse(channels).success).toBe(true);
    expect(collection.safeParse({ ...channels, EKs: [card] }).success).toBe(false);
    expect(collection.safeParse({ ...channels, RB_type: 'carousel' }).success).toBe(false);
  });

  it('coerces the collections query and applies the page size of 15', () => {
    expect(getCollections.query.parse({ tab_id: 'Main2' })).toEqual({
      tab_id: 'Main2',
      RB_queue_count: 15,
      RB_teaser_count: 15,
    });
    expect(
      getCollections.query.parse({ tab_id: 'tv_channels_tab', RB_queue_count: '40', RB_teaser_count: '40' }),
    ).toEqual({ tab_id: 'tv_channels_tab', RB_queue_count: 40, RB_teaser_count: 40 });
  });

  it.each([{ RB_queue_count: '0' }, { RB_queue_count: '101' }, { RB_queue_count: 'abc' }, { tab_id: 'a b' }])(
    'rejects the collections query %j',
    (bad) => {
      expect(getCollections.query.safeParse({ tab_id: 'Main2', ...bad }).success).toBe(false);
    },
  );

  it('coerces path ids to positive integers', () => {
    expect(getContent.params.parse({ id: '42' })).toEqual({ id: 42 });
    for (const bad of ['0', '-1', '1.5', 'abc', ''])
      expect(getContent.params.safeParse({ id: bad }).success).toBe(false);
  });

  it('needs EK_id in the season episodes query', () => {
    expect(getSeasonEpisodes.query.parse({ EK_id: '7' })).toEqual({ EK_id: 7 });
    expect(getSeasonEpisodes.query.safeParse({}).success).toBe(false);
  });

  it('defaults similar paging to page 0 of 30 and bounds the limit to 1..100', () => {
    expect(getSimilar.query.parse({})).toEqual({ page_number: 0, limit: 30 });
    expect(getSimilar.query.safeParse({ limit: '101' }).success).toBe(false);
    expect(getSimilar.query.safeParse({ page_number: '-1' }).success).toBe(false);
  });
});
