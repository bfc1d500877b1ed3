import { describe, expect, it } from 'vitest';
import { normalize } from '../catalogue';
import { CandidateIndex, type IndexedEntry } from './candidate-index';
import { CANDIDATE_LIMIT, NEIGHBOURS_PER_WORD, type ReadingPlan } from './queries';

let nextId = 1;
function entry(title: string, rating = 5, type: IndexedEntry['type'] = 'content'): IndexedEntry {
  const id = nextId++;
  return {
    type,
    id,
    title,
    originalTitle: null,
    year: type === 'content' ? 2000 : null,
    imageUrl: `/p/${id}.svg`,
    stickerImageUrl: null,
    rating: type === 'content' ? rating : 0,
    searchText: normalize(title),
  };
}

function reading(text: string, alternatives: Record<string, string[]> = {}): ReadingPlan {
  const words = text
    .split(' ')
    .filter((w) => w.length >= 3)
    .map((word) => ({ word, alternatives: alternatives[word] ?? [] }));
  return { kind: 'typed', text, words };
}

const titles = (index: CandidateIndex, plans: ReadingPlan[]) =>
  index.findCandidates(plans).map((c) => c.title);

describe('CandidateIndex.lookupWords', () => {
  const index = new CandidateIndex([
    entry('Тихий дом'),
    entry('Тихие зори'),
    entry('Москва'),
    entry('Москит'),
  ]);

  it('tells whether a word starts a catalogue word', () => {
    const lookups = index.lookupWords({ words: ['тих', 'зор', 'нет'], fuzzy: [], finished: [], stems: [] });
    expect(lookups.get('тих')?.startsAny).toBe(true);
    expect(lookups.get('зор')?.startsAny).toBe(true);
    expect(lookups.get('нет')?.startsAny).toBe(false);
  });

  it('finds the nearest words of a mistyped word by trigram similarity, nearest first', () => {
    const lookups = index.lookupWords({ words: ['москав'], fuzzy: ['москав'], finished: [], stems: [] });
    const neighbours = lookups.get('москав')?.neighbours ?? [];
    expect(neighbours.map((n) => n.word)).toEqual(['москва', 'москит']);
    expect(neighbours[0]?.similarity).toBeCloseTo(0.4, 6);
  });

  it('asks for no neighbours when the word starts a catalogue word (it is being typed)', () => {
    const lookups = index.lookupWords({ words: [], fuzzy: ['моск'], finished: [], stems: [] });
    expect(lookups.get('моск')?.neighbours).toEqual([]);
  });

  it('finds the neighbours of a finished word even when it starts a catalogue word', () => {
    const lookups = index.lookupWords({ words: [], fuzzy: ['моски'], finished: ['моски'], stems: [] });
    expect(lookups.get('моски')?.neighbours.map((n) => n.word)).toContain('москва');
  });

  it('keeps at most NEIGHBOURS_PER_WORD neighbours', () => {
    const many = new CandidateIndex(Array.from({ length: 40 }, (_, i) => entry(`слово${i}`)));
    const lookups = many.lookupWords({ words: [], fuzzy: ['слово'], finished: [], stems: [] });
    // «слово» starts every word: no neighbours; a typo asks for them.
    expect(lookups.get('слово')?.neighbours).toEqual([]);
    const typo = many.lookupWords({ words: [], fuzzy: ['слова'], finished: [], stems: [] });
    expect(typo.get('слова')?.neighbours).toHaveLength(NEIGHBOURS_PER_WORD);
  });

  it('lists the words a stem starts as other forms of the word', () => {
    const lookups = index.lookupWords({
      words: [],
      fuzzy: [],
      finished: [],
      stems: [{ word: 'тихого', stem: 'тих' }],
    });
    expect(lookups.get('тихого')?.neighbours.map((n) => n.word)).toEqual(['тихие', 'тихий']);
  });
});

describe('CandidateIndex.findCandidates', () => {
  it('ranks titles whose first word has the prefix above others, then by rating', () => {
    const index = new CandidateIndex([
      entry('Стихи тихо', 9.9),
      entry('Очень тихий', 9),
      entry('Тихий дом', 7),
      entry('Тихие зори', 8),
      entry('Москва'),
    ]);
    expect(titles(index, [reading('тих')])).toEqual(['Тихие зори', 'Тихий дом', 'Стихи тихо', 'Очень тихий']);
  });

  it('needs every word of 3+ letters of a reading, in any order', () => {
    const index = new CandidateIndex([
      entry('Ночной дозор'),
      entry('Дневной дозор'),
      entry('Ночной экспресс'),
    ]);
    expect(titles(index, [reading('дозор ночн')])).toEqual(['Ночной дозор']);
  });

  it('ranks a match through a typo alternative below a prefix match', () => {
    const index = new CandidateIndex([entry('Бригада', 5), entry('Бригадир', 4), entry('Бригода', 9)]);
    const plans = [reading('бригада', { бригада: ['бригода'] })];
    expect(titles(index, plans)).toEqual(['Бригада', 'Бригода']);
  });

  it('reads a phrase of short words as the start of the title or of one of its words', () => {
    const index = new CandidateIndex([entry('Брат 2', 9), entry('2 ствола', 5), entry('Легенда 17', 8)]);
    expect(titles(index, [reading('2')])).toEqual(['2 ствола', 'Брат 2']);
    expect(titles(index, [reading('я и')])).toEqual([]);
  });

  it('matches a phrase of several short words word by word', () => {
    const index = new CandidateIndex([entry('Я и ты'), entry('Мы с тобой и я'), entry('Я иду')]);
    expect(titles(index, [reading('я и')])).toEqual(['Я и ты', 'Я иду']);
    expect(titles(index, [reading('и я')])).toEqual(['Мы с тобой и я']);
  });

  it('takes the best CANDIDATE_LIMIT titles and CANDIDATE_LIMIT channels', () => {
    const rows = [
      ...Array.from({ length: CANDIDATE_LIMIT + 30 }, (_, i) => entry(`Кадр ${i}`, (i % 90) / 10)),
      ...Array.from({ length: CANDIDATE_LIMIT + 5 }, (_, i) => entry(`Кадр канал ${i}`, 0, 'channel')),
    ];
    const candidates = new CandidateIndex(rows).findCandidates([reading('кадр')]);
    const contents = candidates.filter((c) => c.type === 'content');
    const channels = candidates.filter((c) => c.type === 'channel');
    expect(contents).toHaveLength(CANDIDATE_LIMIT);
    expect(channels).toHaveLength(CANDIDATE_LIMIT);
    const best = rows
      .filter((r) => r.type === 'content')
      .sort((a, b) => b.rating - a.rating || a.id - b.id)
      .slice(0, CANDIDATE_LIMIT)
      .map((r) => r.id);
    expect(contents.map((c) => c.id)).toEqual(best);
    // Channels tie on rating: the lowest ids.
    expect(channels.map((c) => c.id)).toEqual(
      rows
        .filter((r) => r.type === 'channel')
        .map((r) => r.id)
        .slice(0, CANDIDATE_LIMIT),
    );
  });

  it('gives an entry its best score over the readings, once', () => {
    const index = new CandidateIndex([entry('Привет', 1), entry('Ghbdtn привет', 9)]);
    const plans = [reading('ghbdtn'), { ...reading('привет'), kind: 'layout' as const }];
    const found = index.findCandidates(plans);
    expect(found.map((c) => c.title)).toEqual(['Ghbdtn привет', 'Привет']);
  });

  it('answers the fields of a hint with the trigram word similarity of the best reading', () => {
    const index = new CandidateIndex([entry('Тихий дом')]);
    const [found] = index.findCandidates([reading('тихий д'), reading('дом')]);
    expect(found).toMatchObject({ type: 'content', title: 'Тихий дом', imageUrl: expect.any(String) });
    expect(found?.similarity).toBe(1);
    expect(found).not.toHaveProperty('searchText');
  });

  it('finds nothing for a word no title has, and for no readings', () => {
    const index = new CandidateIndex([entry('Тихий дом')]);
    expect(index.findCandidates([reading('москва')])).toEqual([]);
    expect(index.findCandidates([reading('тихий москва')])).toEqual([]);
    expect(index.findCandidates([])).toEqual([]);
  });

  it('works on an empty catalogue', () => {
    const index = new CandidateIndex([]);
    expect(index.findCandidates([reading('тих')])).toEqual([]);
    expect(
      index.lookupWords({ words: ['тих'], fuzzy: ['тихиц'], finished: [], stems: [] }).get('тих'),
    ).toEqual({
      startsAny: false,
      neighbours: [],
    });
    expect(index.stats).toEqual({ entries: 0, words: 0, postings: 0, trigrams: 0 });
  });
});
