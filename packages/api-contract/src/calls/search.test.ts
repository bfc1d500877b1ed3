import { describe, expect, it } from 'vitest';
import { searchHint } from '../index.js';

describe('search schemas', () => {
  it('accepts a query of 3 characters after trimming', () => {
    expect(searchHint.body.parse({ search_query: '  бра ' })).toEqual({ search_query: 'бра' });
  });

  it('rejects a query shorter than 3 characters', () => {
    expect(searchHint.body.safeParse({ search_query: ' бр ' }).success).toBe(false);
  });

  it('accepts content and channel hints and the id-0 "nothing found" item', () => {
    const items = [
      {
        type: 'content',
        id: 7,
        title: 'Брат',
        year: 1997,
        image_url: '/media/p/7.jpg',
        sticker_image_url: null,
      },
      { type: 'channel', id: 5, title: 'Первый', year: null, image_url: null, sticker_image_url: null },
    ];
    expect(searchHint.response.safeParse({ items }).success).toBe(true);
    const none = { type: 'content', id: 0, title: '', year: null, image_url: null, sticker_image_url: null };
    expect(searchHint.response.safeParse({ items: [none] }).success).toBe(true);
  });

  it('rejects a hint of another type', () => {
    const item = { type: 'person', id: 1, title: 'x', year: null, image_url: null, sticker_image_url: null };
    expect(searchHint.response.safeParse({ items: [item] }).success).toBe(false);
  });
});
