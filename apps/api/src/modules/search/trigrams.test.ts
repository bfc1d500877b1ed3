import { describe, expect, it } from 'vitest';
import { similarity, trigramsOf, WordSimilarities } from './trigrams';
import { wordSimilarity } from './word-similarity.reference';

// Expected values are what PostgreSQL's pg_trgm answers (checked on 3 000 random pairs of catalogue
// words: every one equal).
describe('trigramsOf', () => {
  it('pads each word with two spaces in front and one behind', () => {
    expect(trigramsOf('дом')).toEqual(['  д', ' до', 'дом', 'ом ']);
    expect(trigramsOf('а б')).toEqual(['  а', ' а ', '  б', ' б ']);
  });

  it('has no trigrams for empty text', () => {
    expect(trigramsOf('')).toEqual([]);
  });
});

describe('similarity', () => {
  it.each([
    ['москав', 'москва', 0.4],
    ['тихий', 'тихий', 1],
    ['дом', 'кот', 0],
  ])('similarity(%s, %s) is %f as in pg_trgm', (a, b, expected) => {
    expect(similarity(a, b)).toBeCloseTo(expected, 6);
  });

  it('is 0 when a side has no trigrams', () => {
    expect(similarity('', 'дом')).toBe(0);
  });
});

describe('wordSimilarity', () => {
  it.each([
    ['тихий д', 'тихий дом the quiet house', 0.875],
    ['дом', 'тихий дом the quiet house', 1],
    ['дом', 'домашний арест', 0.75],
    ['москав', 'москва слезам не верит', 0.5714286],
    ['абв', 'тихий дом', 0],
  ])('word_similarity(%s, %s) is %f as in pg_trgm', (a, b, expected) => {
    expect(wordSimilarity(a, b)).toBeCloseTo(expected, 6);
  });

  it('is 0 for empty text on either side', () => {
    expect(wordSimilarity('', 'дом')).toBe(0);
    expect(wordSimilarity('дом', '')).toBe(0);
  });
});

describe('WordSimilarities', () => {
  const texts = ['тихий дом the quiet house', 'домашний арест', 'москва слезам не верит', '', 'дом дом дом'];
  const similarities = new WordSimilarities(texts);

  it.each(['тихий д', 'дом', 'москав', 'абв', 'ом д', ''])(
    'answers word_similarity("%s", text) for each text',
    (query) => {
      const of = similarities.of(query);
      texts.forEach((text, i) => {
        expect(of(i)).toBe(wordSimilarity(query, text));
      });
    },
  );
});
