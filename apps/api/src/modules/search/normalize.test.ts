import { describe, expect, it } from 'vitest';
import { normalize, wordsOf } from './normalize';

describe('normalize', () => {
  it('lower-cases and reads ё as е', () => {
    expect(normalize('ЁЛКИ Зелёные')).toBe('елки зеленые');
  });

  it('turns punctuation into single spaces and trims', () => {
    expect(normalize('  «Тихий  дом»: часть 2! ')).toBe('тихий дом часть 2');
  });

  it('keeps SQL and HTML metacharacters out', () => {
    expect(normalize("' OR 1=1 --")).toBe('or 1 1');
    expect(normalize('%_\\')).toBe('');
    expect(normalize('<script>alert(1)</script>')).toBe('script alert 1 script');
  });

  it('folds compatibility forms but not № into No', () => {
    expect(normalize('ｔｅｓｔ №１')).toBe('test 1');
  });

  it('splits words', () => {
    expect(wordsOf('тихий дом')).toEqual(['тихий', 'дом']);
    expect(wordsOf('')).toEqual([]);
  });
});
