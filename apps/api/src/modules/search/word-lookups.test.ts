import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import type { WordLookup, WordQuestions } from './queries';
import { type AskVocabulary, WordLookups } from './word-lookups';

/** A vocabulary that knows words starting with «тих» and answers «тихий» as a neighbour of everything. */
function vocabulary() {
  return vi.fn<AskVocabulary>(async (questions: WordQuestions) => {
    const answers = new Map<string, WordLookup>();
    for (const word of questions.words) {
      answers.set(word, {
        startsAny: word.startsWith('тих'),
        neighbours: questions.fuzzy.includes(word) ? [{ word: 'тихий', similarity: 0.5 }] : [],
      });
    }
    return answers;
  });
}

const noDb = {} as Db;

describe('WordLookups', () => {
  it('asks only for the words it does not know yet', async () => {
    const ask = vocabulary();
    const words = new WordLookups(noDb, 100, ask);
    await words.lookup({ words: ['тихий'], fuzzy: [], finished: [], stems: [] });
    const answers = await words.lookup({ words: ['тихий', 'дом'], fuzzy: [], finished: [], stems: [] });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(ask.mock.calls[1]?.[0]).toEqual({ words: ['дом'], fuzzy: [], finished: [], stems: [] });
    expect(answers.get('тихий')).toEqual({ startsAny: true, neighbours: [] });
    expect(answers.get('дом')).toEqual({ startsAny: false, neighbours: [] });
  });

  it('keeps a word asked as finished apart from the same word asked as being typed', async () => {
    const ask = vocabulary();
    const words = new WordLookups(noDb, 100, ask);
    await words.lookup({ words: ['тихиц'], fuzzy: ['тихиц'], finished: [], stems: [] });
    await words.lookup({ words: ['тихиц'], fuzzy: ['тихиц'], finished: ['тихиц'], stems: [] });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(ask.mock.calls[1]?.[0]).toMatchObject({ finished: ['тихиц'] });
  });

  it('keeps a word asked with typo neighbours apart from the same word asked without', async () => {
    const ask = vocabulary();
    const words = new WordLookups(noDb, 100, ask);
    await words.lookup({ words: ['тихиц'], fuzzy: [], finished: [], stems: [] });
    const answers = await words.lookup({ words: ['тихиц'], fuzzy: ['тихиц'], finished: [], stems: [] });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(answers.get('тихиц')?.neighbours).toEqual([{ word: 'тихий', similarity: 0.5 }]);
  });

  it('asks nothing when every word is known', async () => {
    const ask = vocabulary();
    const words = new WordLookups(noDb, 100, ask);
    const question = { words: ['тихий', 'дом'], fuzzy: [], finished: [], stems: [] };
    await words.lookup(question);
    await words.lookup(question);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('forgets everything when cleared, and an answer asked for before the clear', async () => {
    let answer: (value: Map<string, WordLookup>) => void = () => {};
    const ask = vi.fn<AskVocabulary>(() => new Promise((resolve) => (answer = resolve)));
    const words = new WordLookups(noDb, 100, ask);
    const pending = words.lookup({ words: ['дом'], fuzzy: [], finished: [], stems: [] });
    words.clear();
    answer(new Map([['дом', { startsAny: true, neighbours: [] }]]));
    expect((await pending).get('дом')?.startsAny).toBe(true);
    expect(words.size).toBe(0);
  });

  it('drops the least recently used word beyond the limit, and keeps none with a limit of 0', async () => {
    const ask = vocabulary();
    const words = new WordLookups(noDb, 2, ask);
    for (const word of ['аaa', 'ббб', 'ввв'])
      await words.lookup({ words: [word], fuzzy: [], finished: [], stems: [] });
    expect(words.size).toBe(2);
    await words.lookup({ words: ['аaa'], fuzzy: [], finished: [], stems: [] });
    expect(ask).toHaveBeenCalledTimes(4);
    const none = new WordLookups(noDb, 0, ask);
    await none.lookup({ words: ['дом'], fuzzy: [], finished: [], stems: [] });
    expect(none.size).toBe(0);
  });

  it('asks the vocabulary given for one lookup (the in-process index), and remembers its answers too', async () => {
    const database = vocabulary();
    const words = new WordLookups(noDb, 100, database);
    const index = vi.fn<AskVocabulary>(
      (questions) => new Map(questions.words.map((w) => [w, { startsAny: true, neighbours: [] }])),
    );
    const answers = await words.lookup({ words: ['дом'], fuzzy: [], finished: [], stems: [] }, index);
    expect(answers.get('дом')).toEqual({ startsAny: true, neighbours: [] });
    await words.lookup({ words: ['дом'], fuzzy: [], finished: [], stems: [] });
    expect(index).toHaveBeenCalledTimes(1);
    expect(database).not.toHaveBeenCalled();
  });

  it('passes a failed question on and remembers nothing of it', async () => {
    const words = new WordLookups(noDb, 100, async () => Promise.reject(new Error('db down')));
    await expect(words.lookup({ words: ['дом'], fuzzy: [], finished: [], stems: [] })).rejects.toThrow(
      'db down',
    );
    expect(words.size).toBe(0);
  });
});
