import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readXmltv, type XmltvProgramme } from './read-xmltv';
import { guidesOf } from './schedule';

const SAMPLE = fileURLToPath(new URL('./fixtures/guide.xml', import.meta.url));

let index = 0;
/** A programme of channel a.ru at Moscow times `HH:MM` of 2030-01-15 (no stop: undefined). */
function p(start: string, stop: string | undefined, title: string, extra: Partial<XmltvProgramme> = {}) {
  const at = (hhmm: string) => new Date(`2030-01-15T${hhmm}:00+03:00`);
  const text = (hhmm: string) => `20300115${hhmm.replace(':', '')}00 +0300`;
  const i = index++;
  return {
    index: i,
    line: 10 + i,
    channel: 'a.ru',
    startText: text(start),
    start: at(start),
    stop: stop === undefined ? undefined : at(stop),
    stopText: stop === undefined ? undefined : text(stop),
    clump: undefined,
    title,
    description: '',
    posterUrl: null,
    announceUrl: null,
    ...extra,
  } satisfies XmltvProgramme;
}

const spans = (result: ReturnType<typeof guidesOf>) =>
  result.ok
    ? result.guides.map((g) => ({
        channel: g.channel,
        withoutStop: g.withoutStop,
        programmes: g.programmes.map((x) => `${x.start.toISOString()}–${x.stop.toISOString()} ${x.title}`),
      }))
    : result.problems;

describe('channel guides from XMLTV programmes', () => {
  it('refuses by name a programme whose stop is more than 24 h after its start; leaves out one without stop before a gap that long', () => {
    const days = (n: number) => ({
      stop: new Date(`2030-01-${15 + n}T06:00:00+03:00`),
      stopText: `203001${15 + n}060000 +0300`,
    });
    const broken = p('06:00', undefined, 'Сбой фида', days(2));
    expect(spans(guidesOf([broken]))).toEqual([
      `line ${broken.line}: programme[${broken.index}] (channel "a.ru", start "20300115060000 +0300"): stop "20300117060000 +0300" is 48 h after start, longer than a programme lasts (24 h)`,
    ]);
    // Exactly 24 h is a programme; one without stop whose next starts two days later has no known end.
    const aDay = p('06:00', undefined, 'Ровно сутки', days(1));
    const beforeGap = p('06:00', undefined, 'Перед перерывом', { start: days(1).stop });
    const afterGap = p('06:00', '07:00', 'После перерыва', { start: days(3).stop, stop: undefined });
    Object.assign(afterGap, {
      stop: new Date('2030-01-18T07:00:00+03:00'),
      stopText: '20300118070000 +0300',
    });
    expect(spans(guidesOf([aDay, beforeGap, afterGap]))).toEqual([
      {
        channel: 'a.ru',
        withoutStop: 1,
        programmes: [
          '2030-01-15T03:00:00.000Z–2030-01-16T03:00:00.000Z Ровно сутки',
          '2030-01-18T03:00:00.000Z–2030-01-18T04:00:00.000Z После перерыва',
        ],
      },
    ]);
  });

  it('sorts by start, ends a programme without stop at the next start, leaves out a last one without stop', () => {
    const result = guidesOf([
      p('09:00', undefined, 'Третья'),
      p('06:00', undefined, 'Первая'),
      p('07:00', '09:00', 'Вторая'),
      p('10:00', undefined, 'Последняя'),
    ]);
    expect(spans(result)).toEqual([
      {
        channel: 'a.ru',
        withoutStop: 1,
        programmes: [
          '2030-01-15T03:00:00.000Z–2030-01-15T04:00:00.000Z Первая',
          '2030-01-15T04:00:00.000Z–2030-01-15T06:00:00.000Z Вторая',
          '2030-01-15T06:00:00.000Z–2030-01-15T07:00:00.000Z Третья',
        ],
      },
    ]);
  });

  it('keeps gaps, and channels apart in the order they first appear', () => {
    const result = guidesOf([
      p('06:00', '07:00', 'Утро'),
      p('06:00', '06:30', 'Другой канал', { channel: 'b.ru' }),
      p('08:00', '09:00', 'После паузы'),
    ]);
    expect(spans(result)).toEqual([
      {
        channel: 'a.ru',
        withoutStop: 0,
        programmes: [
          '2030-01-15T03:00:00.000Z–2030-01-15T04:00:00.000Z Утро',
          '2030-01-15T05:00:00.000Z–2030-01-15T06:00:00.000Z После паузы',
        ],
      },
      {
        channel: 'b.ru',
        withoutStop: 0,
        programmes: ['2030-01-15T03:00:00.000Z–2030-01-15T03:30:00.000Z Другой канал'],
      },
    ]);
  });

  it('makes one programme of a clump, in clumpidx order', () => {
    const result = guidesOf([
      p('09:00', '09:30', 'Погода', {
        clump: { index: 1, of: 2 },
        description: 'Прогноз.',
        announceUrl: 'https://i.example/p.jpg',
      }),
      p('09:00', '09:20', 'Новости', { clump: { index: 0, of: 2 }, description: 'Главное.' }),
    ]);
    expect(result.ok && result.guides[0]!.programmes).toEqual([
      {
        start: new Date('2030-01-15T06:00:00Z'),
        stop: new Date('2030-01-15T06:30:00Z'),
        title: 'Новости; Погода',
        description: 'Главное. Прогноз.',
        posterUrl: null,
        announceUrl: 'https://i.example/p.jpg',
      },
    ]);
  });

  it('refuses overlaps and shared starts outside a whole clump, by line', () => {
    const result = guidesOf([
      p('06:00', '07:30', 'Утро'),
      p('07:00', '08:00', 'Наложение'),
      p('09:00', '10:00', 'Один'),
      p('09:00', '10:00', 'Другой'),
      p('11:00', '12:00', 'Неполный', { clump: { index: 0, of: 3 } }),
      p('11:00', '12:00', 'Клумп', { clump: { index: 1, of: 3 } }),
    ]);
    const [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map((i) => index - 6 + i);
    expect(spans(result)).toEqual([
      `line ${10 + a!}: programme[${a}] (channel "a.ru", start "20300115060000 +0300"): stop "20300115073000 +0300" is after the start of programme[${b}] (line ${10 + b!}), "20300115070000 +0300"`,
      `line ${10 + d!}: programme[${d}] (channel "a.ru", start "20300115090000 +0300"): starts when programme[${c}] (line ${10 + c!}) does (programmes sharing a slot need clumpidx 0/2 … 1/2)`,
      `line ${10 + f!}: programme[${f}] (channel "a.ru", start "20300115110000 +0300"): starts when programme[${e}] (line ${10 + e!}) does (programmes sharing a slot need clumpidx 0/2 … 1/2)`,
    ]);
  });

  it('gives the sample guide: a clump merged, the Moscow and Yekaterinburg days, the unknown channel too', async () => {
    const file = await readXmltv(
      (async function* () {
        yield readFileSync(SAMPLE);
      })(),
    );
    expect(spans(guidesOf(file.programmes))).toEqual([
      {
        channel: 'novosti.kadr.tv',
        withoutStop: 0,
        programmes: [
          '2030-01-14T20:30:00.000Z–2030-01-14T21:30:00.000Z Ночные новости',
          '2030-01-14T21:30:00.000Z–2030-01-15T03:00:00.000Z Ночной эфир',
          '2030-01-15T03:00:00.000Z–2030-01-15T06:00:00.000Z Утро на Кадре. Выпуск от 15 января',
          '2030-01-15T06:00:00.000Z–2030-01-15T06:30:00.000Z Новости; Погода',
          '2030-01-15T06:30:00.000Z–2030-01-15T18:00:00.000Z Большой эфир',
          '2030-01-15T18:00:00.000Z–2030-01-15T21:30:00.000Z Итоги дня',
        ],
      },
      {
        channel: 'kino.kadr.tv',
        withoutStop: 1,
        programmes: ['2030-01-15T03:00:00.000Z–2030-01-15T05:00:00.000Z Ирония судьбы, или С лёгким паром!'],
      },
      {
        channel: 'sport.example.ru',
        withoutStop: 0,
        programmes: [
          '2030-01-15T12:00:00.000Z–2030-01-15T14:00:00.000Z Футбол. Чемпионат России. «Спартак» — «Зенит»',
        ],
      },
    ]);
  });
});
