import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredEncoding, MAX_PROBLEMS, preferredText, readXmltv, XmltvError } from './read-xmltv';

const SAMPLE = fileURLToPath(new URL('./fixtures/guide.xml', import.meta.url));

/** Bytes as a stream of `size`-byte chunks (a multi-byte letter may be cut in two). */
async function* chunks(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const read = (xml: string | Uint8Array, size = 64 * 1024, keep?: (id: string) => boolean) =>
  readXmltv(chunks(typeof xml === 'string' ? new TextEncoder().encode(xml) : xml, size), { keep });

async function problemsOf(xml: string): Promise<readonly string[]> {
  try {
    await read(xml);
  } catch (error) {
    if (error instanceof XmltvError) return error.problems;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

/** A document of the given programmes (and channels). */
const tv = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n${body}\n</tv>\n`;
const programme = (attrs: string, body = '<title>Новости</title>') =>
  `<programme ${attrs}>${body}</programme>`;

describe('reading XMLTV', () => {
  it('reads the sample guide: channels, programmes, Russian texts with ё, zones, images', async () => {
    const file = await read(readFileSync(SAMPLE));
    expect(file.channels).toEqual([
      { id: 'novosti.kadr.tv', name: 'Кадр Новости', line: 7 },
      { id: 'kino.kadr.tv', name: 'Кадр Кино', line: 11 },
      { id: 'sport.example.ru', name: 'Спорт Плюс', line: 14 },
    ]);
    expect(file.programmes).toHaveLength(10);
    const [night, , morning, weather, , efir, , irony, lastFilm, football] = file.programmes;
    expect(night).toMatchObject({
      index: 0,
      line: 18,
      channel: 'novosti.kadr.tv',
      startText: '20300114233000 +0300',
      start: new Date('2030-01-14T20:30:00Z'),
      stop: new Date('2030-01-14T21:30:00Z'),
      title: 'Ночные новости',
      description: 'Главное за вечер.',
      posterUrl: null,
      announceUrl: null,
    });
    expect(morning).toMatchObject({
      title: 'Утро на Кадре. Выпуск от 15 января',
      description: 'Всё самое важное — ещё до завтрака.',
      announceUrl: 'https://img.kadr.example/programmes/utro.jpg',
    });
    expect(weather).toMatchObject({ clump: { index: 1, of: 2 }, title: 'Погода' });
    expect(efir).toMatchObject({
      title: 'Большой эфир',
      description: 'Весь день в прямом эфире.',
      posterUrl: 'https://img.kadr.example/programmes/efir-poster.jpg',
      announceUrl: null,
    });
    expect(irony).toMatchObject({
      title: 'Ирония судьбы, или С лёгким паром!',
      start: new Date('2030-01-15T03:00:00Z'),
      stop: new Date('2030-01-15T05:00:00Z'),
    });
    expect(lastFilm).toMatchObject({ stop: undefined, stopText: undefined, description: '' });
    expect(football).toMatchObject({ title: 'Футбол. Чемпионат России. «Спартак» — «Зенит»' });
  });

  it('reads the same however the stream is cut, letters split between chunks included', async () => {
    const bytes = readFileSync(SAMPLE);
    const whole = await read(bytes);
    expect(await read(bytes, 7)).toEqual(whole);
    expect(await read(bytes, 1)).toEqual(whole);
  });

  it('keeps only the times of channels the caller does not keep', async () => {
    const file = await read(readFileSync(SAMPLE), 1024, (id) => id !== 'sport.example.ru');
    expect(file.programmes.at(-1)).toMatchObject({
      channel: 'sport.example.ru',
      start: new Date('2030-01-15T12:00:00Z'),
      title: '',
      description: '',
    });
    expect(file.programmes[0]!.title).toBe('Ночные новости');
  });

  it('decodes the encoding the XML declaration names (windows-1251, as Russian feeds may be)', async () => {
    const xml = tv(programme('start="20300115060000 +0300" channel="a.ru"', '<title>Ёлка</title>')).replace(
      'UTF-8',
      'windows-1251',
    );
    // «Ёлка» in windows-1251: Ё = 0xA8, л = 0xEB, к = 0xEA, а = 0xE0.
    const bytes = Uint8Array.from(
      [...xml.replace('Ёлка', '\u0001\u0002\u0003\u0004')].map(
        (ch) => ({ '\u0001': 0xa8, '\u0002': 0xeb, '\u0003': 0xea, '\u0004': 0xe0 })[ch] ?? ch.charCodeAt(0),
      ),
    );
    expect(declaredEncoding(bytes)).toBe('windows-1251');
    expect((await read(bytes)).programmes[0]!.title).toBe('Ёлка');
  });

  it("squeezes XML's white space only: a no-break space stays", async () => {
    const file = await read(
      tv(
        programme(
          'start="20300115060000 +0300" channel="a.ru"',
          '<title>\n  Т.\u00a0е.  кино\t</title><desc> Одна\r\n  строка,\u00a0другая. </desc>',
        ),
      ),
    );
    expect(file.programmes[0]).toMatchObject({
      title: 'Т.\u00a0е. кино',
      description: 'Одна строка,\u00a0другая.',
    });
  });

  it('prefers a Russian text, then one without lang, then the first', () => {
    expect(
      preferredText([
        { lang: 'en', text: 'a' },
        { lang: undefined, text: 'b' },
      ]),
    ).toBe('b');
    expect(
      preferredText([
        { lang: undefined, text: 'b' },
        { lang: 'ru_RU', text: 'в' },
      ]),
    ).toBe('в');
    expect(
      preferredText([
        { lang: 'en', text: 'a' },
        { lang: 'de', text: 'c' },
      ]),
    ).toBe('a');
    expect(preferredText([])).toBeUndefined();
  });

  it('refuses a file that is not well-formed XML, naming the line and column', async () => {
    expect(await problemsOf('<tv>\n  <programme start="1">\n</tv>')).toEqual([
      'line 3, column 5: not well-formed XML: unexpected close tag.',
    ]);
    expect(
      await problemsOf(tv('<channel id="a.ru"><display-name>A &nbsp; B</display-name></channel>')),
    ).toEqual(['line 3, column 41: not well-formed XML: undefined entity.']);
    // Entities a DOCTYPE declares are not expanded (no entity bomb): using one is an error.
    expect(
      await problemsOf('<!DOCTYPE tv [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<tv>&b;</tv>'),
    ).toEqual(['line 2, column 7: not well-formed XML: undefined entity.']);
    expect(await problemsOf('')).toEqual([
      'line 1, column 1: not well-formed XML: document must contain a root element.',
    ]);
  });

  it('refuses bytes outside the declared encoding and encodings it cannot read', async () => {
    const bytes = new TextEncoder().encode(tv(programme('start="20300115060000" channel="a.ru"')));
    const broken = Uint8Array.from([...bytes.subarray(0, 60), 0xff, 0xfe, ...bytes.subarray(60)]);
    await expect(read(broken)).rejects.toThrow(/bytes that are not valid in the file's encoding/);
    await expect(read(tv('').replace('UTF-8', 'x-kadr-42'))).rejects.toThrow(
      'line 1: XML declaration: encoding "x-kadr-42" is not supported',
    );
  });

  it('names the element and line of every problem', async () => {
    const problems = await problemsOf(
      tv(
        [
          '<channel><display-name>Без id</display-name></channel>',
          '<channel id="a.ru"><display-name>А</display-name></channel>',
          '<channel id="a.ru"><display-name> </display-name></channel>',
          '<schedule/>',
          programme('start="20300115063000 +0300" stop="20300115060000 +0300" channel="a.ru"'),
          programme('start="20300115063000 MSK" channel="a.ru"'),
          programme('channel="a.ru"'),
          programme('start="20300115070000 +0300"'),
          programme('start="20300115080000 +0300" channel="a.ru"', '<title> </title><desc>Пусто</desc>'),
          programme('start="20300115090000 +0300" channel="a.ru" clumpidx="2/2"'),
          programme('start="20300115100000 +0300" stop="20300115100000 +0300" channel="a.ru"'),
          programme(
            'start="20300115110000 +0300" channel="a.ru"',
            '<title>Кино</title><icon src="file:///C:/icons/a.png"/><image type="poster">poster.jpg</image>',
          ),
          programme('start="20300115120000 +0300" channel="a.ru"', '<title>Кино</title><icon/>'),
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      'line 3: channel: id is required',
      'line 5: channel "a.ru": the same id as the channel on line 4',
      'line 5: channel "a.ru": display-name is required',
      'line 6: <schedule> in <tv>: expected <channel> or <programme>',
      'line 7: programme[0] (channel "a.ru", start "20300115063000 +0300"): stop "20300115060000 +0300" is before start',
      'line 8: programme[1] (channel "a.ru", start "20300115063000 MSK"): start: time zone "MSK" is not supported: give the offset (+0300)',
      'line 9: programme[2] (channel "a.ru", start ""): start is required',
      'line 10: programme[3] (channel "", start "20300115070000 +0300"): channel is required',
      'line 11: programme[4] (channel "a.ru", start "20300115080000 +0300"): title is required and must not be empty',
      'line 12: programme[5] (channel "a.ru", start "20300115090000 +0300"): clumpidx "2/2": expected i/n with i < n',
      'line 13: programme[6] (channel "a.ru", start "20300115100000 +0300"): stop "20300115100000 +0300" is the same as start',
      'line 14: programme[7] (channel "a.ru", start "20300115110000 +0300"): icon: src "file:///C:/icons/a.png" is not a valid http(s) URL',
      'line 14: programme[7] (channel "a.ru", start "20300115110000 +0300"): image (type "poster"): "poster.jpg" is not a valid http(s) URL',
      'line 15: programme[8] (channel "a.ru", start "20300115120000 +0300"): icon: src is required',
    ]);
  });

  it('refuses a root other than <tv>, and lists the first problems of a long run with a count', async () => {
    expect(await problemsOf('<guide/>')).toEqual(['line 1: <guide>: the root element must be <tv>']);
    const many = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) =>
      programme(`start="2030011506${String(i).padStart(2, '0')}" channel="a.ru"`, '<title></title>'),
    );
    const problems = await problemsOf(tv(many.join('\n')));
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.at(-1)).toBe('… and 5 more problem(s)');
  });
});
