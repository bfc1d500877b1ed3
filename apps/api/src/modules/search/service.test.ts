import { describe, expect, it } from 'vitest';
import { queryVariants } from './query-variants';
import { editDistance, matchNames, questionsOf, stemOf, Tier, wordMatch, worthReadings } from './service';

describe('editDistance', () => {
  it.each([
    ['тихий', 'тихий', 0],
    ['тихиц', 'тихий', 1],
    ['москав', 'москва', 1],
    ['мосва', 'москва', 1],
    ['брат', 'брать', 1],
    ['абв', 'где', 3],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
  });

  it('stops above the budget', () => {
    expect(editDistance('абвгдежз', 'клмнопрс', 1)).toBe(2);
  });

  it('answers the same after a long pair has grown its reused rows', () => {
    const long = 'а'.repeat(150);
    expect(editDistance(long, `${long.slice(1)}б`, 3)).toBe(1);
    expect(editDistance('москав', 'москва', 3)).toBe(1);
    expect(editDistance('абв', 'где', 3)).toBe(3);
  });
});

describe('wordMatch', () => {
  it('is 0 when the title word starts with the query word', () => {
    expect(wordMatch('тих', 'тихий')).toBe(0);
  });

  it('allows one typo in words of 5 to 8 letters, none in shorter ones', () => {
    expect(wordMatch('тихиц', 'тихий')).toBe(1);
    expect(wordMatch('брт', 'брат')).toBeNull();
  });

  it('allows a typo while the word is still being typed', () => {
    expect(wordMatch('моксв', 'москва')).toBe(1);
  });

  it('takes the fewest edits over the word and its prefixes about as long as the query', () => {
    // Against prefixes about as long as the query («путеш», «путешес») one letter differs.
    expect(wordMatch('путешс', 'путешествие')).toBe(1);
    // A word shorter than the query is compared whole, once.
    expect(wordMatch('капитанш', 'капитан')).toBe(1);
    expect(wordMatch('капитанш', 'кап')).toBeNull();
  });

  it('reads inflected forms as one edit, but not other words sharing a start', () => {
    expect(wordMatch('тихого', 'тихий')).toBe(1);
    expect(wordMatch('дома', 'дом')).toBe(1);
    expect(wordMatch('москва', 'москит')).toBeNull();
  });
});

describe('matchNames', () => {
  it('ranks exact, title prefix, word prefix, approximate', () => {
    const [variant] = queryVariants('брат');
    if (!variant) throw new Error('no variant');
    expect(matchNames(variant, ['Брат'])?.tier).toBe(Tier.exact);
    expect(matchNames(variant, ['Брат 2'])?.tier).toBe(Tier.titlePrefix);
    expect(matchNames(variant, ['Мой брат'])?.tier).toBe(Tier.wordPrefix);
    expect(matchNames(variant, ['Братья'])?.tier).toBe(Tier.titlePrefix);
    expect(matchNames(variant, ['Сестра'])).toBeNull();
  });

  it('matches an original title too', () => {
    const [variant] = queryVariants('matrix');
    if (!variant) throw new Error('no variant');
    expect(matchNames(variant, ['Матрица', 'The Matrix'])?.tier).toBe(Tier.wordPrefix);
  });
});

describe('stemOf', () => {
  it.each([
    ['дома', 'дом'],
    ['тихого', 'тих'],
    ['москав', 'моск'],
    ['дом', null],
    ['экипаж', null],
  ])('%s → %s', (word, stem) => {
    expect(stemOf(word)).toBe(stem);
  });
});

describe('questionsOf', () => {
  it('asks typo and form questions for typed and transliterated readings, not layout ones', () => {
    expect(questionsOf(queryVariants('privet dom'))).toEqual({
      words: ['privet', 'dom', 'зкшмуе', 'вщь', 'привет', 'дом'],
      fuzzy: ['privet', 'привет'],
      finished: ['privet', 'привет'],
      stems: [],
    });
  });

  it('asks for typo neighbours of a prefix word only once it is finished, or of every word on a second look', () => {
    expect(questionsOf(queryVariants('вечер над ветер')).finished).toEqual(['вечер']);
    expect(questionsOf(queryVariants('вечер над ветер'), { everyWordFinished: true }).finished).toEqual([
      'вечер',
      'ветер',
    ]);
    // Too short for a typo: no neighbours whatever its place.
    expect(questionsOf(queryVariants('дом над'), { everyWordFinished: true }).finished).toEqual([]);
  });
});

describe('worthReadings', () => {
  const texts = (query: string) => worthReadings(queryVariants(query)).map((v) => v.text);

  it('keeps readings of short words with 3+ letters or digits', () => {
    expect(texts('n-34')).toContain('т 34');
    expect(texts('uh ty')).toContain('ух ты');
  });

  it('keeps a reading as long as the query as typed', () => {
    expect(texts('t-2')).toContain('t2');
  });

  it('drops a reading that lost letters to one or two, not the query as typed', () => {
    expect(texts('т%х')).toEqual(['т х']);
    expect(texts('n34')).not.toContain('34');
    expect(texts('k.,')).toEqual(['k', 'люб']);
  });
});
