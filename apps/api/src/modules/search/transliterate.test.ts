import { describe, expect, it } from 'vitest';
import { transliterate } from './transliterate';

describe('transliterate', () => {
  it.each([
    ['privet', 'привет'],
    ['moskva', 'москва'],
    ['tikhiy dom', 'тихий дом'],
    ['tihiy dom', 'тихий дом'],
    ['zhizn', 'жизн'],
    ['khorosho', 'хорошо'],
    ['tsvetok', 'цветок'],
    ['chay', 'чай'],
    ['shapka', 'шапка'],
    ['shchuka', 'щука'],
    ['schuka', 'щука'],
    ['yabloko', 'яблоко'],
    ['jabloko', 'яблоко'],
    ['yubka', 'юбка'],
    ['jubka', 'юбка'],
    ['yolka', 'ёлка'],
    ['jolka', 'ёлка'],
    ['elka', 'елка'],
    ['novyy', 'новый'],
    ['mariya', 'мария'],
    ['maria', 'мария'],
    ['mariia', 'мария'],
    ["ten'", 'тень'],
    ['maksim', 'максим'],
    ['maxim', 'максим'],
  ])('reads %s as %s', (latin, cyrillic) => {
    expect(transliterate(latin)).toBe(cyrillic);
  });

  it('keeps Cyrillic, digits and spaces', () => {
    expect(transliterate('брат 2 brat')).toBe('брат 2 брат');
  });
});
