import { describe, expect, it } from 'vitest';
import { foldCompatibility, normalize, wordsOf } from './normalize';

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

  it('reads signs NFKC spells with letters as separators, other numbers as words of their own', () => {
    expect(normalize('Легенда №17')).toBe('легенда 17');
    expect(normalize('Brand™ ℠')).toBe('brand');
    expect(normalize('8½')).toBe(normalize('8 1/2'));
    expect(normalize('8½')).toBe('8 1 2');
    expect(normalize('Чужой³')).toBe('чужой 3');
    expect(normalize('ﬁght Ｃｌｕｂ')).toBe('fight club');
  });

  it('folds compatibility forms in place and keeps punctuation (keys of the other layout)', () => {
    expect(foldCompatibility('Ｔ－３４ ［jkjg')).toBe('T-34 [jkjg');
    expect(foldCompatibility('№17')).toBe(' 17');
    expect(foldCompatibility('тихий дом')).toBe('тихий дом');
    // Combining marks are composed: a decomposed «ё» is «ё».
    expect(foldCompatibility('е\u0308лки')).toBe('ёлки');
  });

  it('splits words', () => {
    expect(wordsOf('тихий дом')).toEqual(['тихий', 'дом']);
    expect(wordsOf('')).toEqual([]);
  });
});
