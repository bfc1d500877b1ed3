import { describe, expect, it } from 'vitest';
import { queryVariants } from './query-variants';

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

  it('cuts a very long query to 100 characters', () => {
    const [typed] = queryVariants('а'.repeat(3000));
    expect(typed?.text).toHaveLength(100);
  });
});
