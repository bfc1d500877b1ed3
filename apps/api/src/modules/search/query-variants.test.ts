import { describe, expect, it } from 'vitest';
import { hyphenReadings, queryVariants, withoutNumberSign } from './query-variants';

describe('queryVariants', () => {
  it('gives a Cyrillic query as typed and with the other layout', () => {
    expect(queryVariants('Тихий дом')).toEqual([
      { kind: 'typed', text: 'тихий дом' },
      { kind: 'layout', text: 'nb bq ljv' },
    ]);
  });

  it('reads a Latin query with the other layout and as transliteration', () => {
    expect(queryVariants('ghbdtn')).toEqual([
      { kind: 'typed', text: 'ghbdtn' },
      { kind: 'layout', text: 'привет' },
      { kind: 'translit', text: 'гхбдтн' },
    ]);
    expect(queryVariants('Privet')).toEqual([
      { kind: 'typed', text: 'privet' },
      { kind: 'layout', text: 'зкшмуе' },
      { kind: 'translit', text: 'привет' },
    ]);
  });

  it('reads layout punctuation before stripping it', () => {
    expect(queryVariants(',fkrjy').map((v) => v.text)).toContain('балкон');
  });

  it('drops duplicates and readings that normalise to nothing', () => {
    expect(queryVariants('1984')).toEqual([{ kind: 'typed', text: '1984' }]);
    expect(queryVariants('%_%')).toEqual([]);
  });

  it('reads «№» as the title does, not as "No"', () => {
    expect(queryVariants('легенда №17')[0]).toEqual({ kind: 'typed', text: 'легенда 17' });
  });

  it('reads a number sign typed as No or N as the sign', () => {
    expect(withoutNumberSign('легенда no17')).toBe('легенда  17');
    expect(withoutNumberSign('легенда no. 17')).toBe('легенда  17');
    expect(withoutNumberSign('n 17')).toBe(' 17');
    expect(withoutNumberSign('n-34')).toBeNull();
    expect(withoutNumberSign('piano 5')).toBeNull();
    expect(queryVariants('Легенда N17').map((v) => v.text)).toContain('легенда 17');
  });

  it('reads letters and numbers apart and short words joined to numbers', () => {
    expect(hyphenReadings('т34')).toEqual(['т 34']);
    expect(hyphenReadings('9рота')).toEqual(['9 рота']);
    expect(hyphenReadings('t 2 трейн')).toEqual(['t2 трейн']);
    expect(hyphenReadings('3 й планеты')).toEqual(['3й планеты']);
    expect(hyphenReadings('брат 2')).toEqual([]);
    expect(hyphenReadings('тихий дом')).toEqual([]);
  });

  it('reads a short word in the other layout and transliterated, with and without its hyphen', () => {
    const texts = (query: string) => queryVariants(query).map((v) => v.text);
    expect(texts('n-34')).toContain('т 34');
    expect(texts('t-34')).toContain('т 34');
    expect(texts('T34')).toContain('т 34');
    expect(texts('Ｔ－３４')).toContain('т 34');
  });

  it('cuts a very long query to 100 characters', () => {
    const [typed] = queryVariants('а'.repeat(3000));
    expect(typed?.text).toHaveLength(100);
  });
});
