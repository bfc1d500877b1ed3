import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { demoCatalogue } from '../../paths';
import {
  addDays,
  DEMO_SCHEDULE_GENRES,
  type DemoChannel,
  type DemoProgramme,
  dayOffsetMinutes,
  generateDay,
  MAX_PROGRAMME_MINUTES,
  MIN_PROGRAMME_MINUTES,
  moscowDayOf,
  moscowDayStart,
} from './demo-schedule';

const MINUTE = 60_000;
const DAY = '2030-01-15';

function setup(overrides: Partial<DemoChannel> = {}) {
  const channel: DemoChannel = { key: 'kadr-novosti', genres: ['news'], ...overrides };
  return { channel, day: generateDay(channel, DAY) };
}

const minutesOf = (p: DemoProgramme) => (p.endsAt.getTime() - p.startsAt.getTime()) / MINUTE;

describe('Moscow days', () => {
  it('names the Moscow day of a moment (UTC+3)', () => {
    expect(moscowDayOf(new Date('2030-01-15T20:59:59Z'))).toBe('2030-01-15');
    expect(moscowDayOf(new Date('2030-01-15T21:00:00Z'))).toBe('2030-01-16');
  });

  it('starts a Moscow day at 21:00 UTC of the day before', () => {
    expect(moscowDayStart('2030-01-16').toISOString()).toBe('2030-01-15T21:00:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2029-12-31', 1)).toBe('2030-01-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
  });
});

describe('generateDay', () => {
  it('covers the day contiguously from 00:00 + its offset to the next 00:00 + the next offset', () => {
    const { channel, day } = setup();
    const start = moscowDayStart(DAY).getTime() + dayOffsetMinutes(channel.key, DAY) * MINUTE;
    const next = addDays(DAY, 1);
    const end = moscowDayStart(next).getTime() + dayOffsetMinutes(channel.key, next) * MINUTE;
    expect(day[0]!.startsAt.getTime()).toBe(start);
    expect(day.at(-1)!.endsAt.getTime()).toBe(end);
    for (let i = 1; i < day.length; i++) expect(day[i]!.startsAt).toEqual(day[i - 1]!.endsAt);
  });

  it('joins consecutive days without gap or overlap, so every minute of a day is covered', () => {
    const { channel } = setup();
    const before = generateDay(channel, addDays(DAY, -1));
    const day = generateDay(channel, DAY);
    expect(before.at(-1)!.endsAt).toEqual(day[0]!.startsAt);
    // The day before's last programme crosses midnight: together they cover 00:00–24:00.
    expect(before.at(-1)!.startsAt.getTime()).toBeLessThanOrEqual(moscowDayStart(DAY).getTime());
    expect(day.at(-1)!.endsAt.getTime()).toBeGreaterThanOrEqual(moscowDayStart(addDays(DAY, 1)).getTime());
  });

  it('makes every programme 15–120 minutes on a 5-minute grid, for every genre and many days', () => {
    for (const genre of DEMO_SCHEDULE_GENRES) {
      for (let n = 0; n < 30; n++) {
        const day = generateDay({ key: `channel-${genre}`, genres: [genre] }, addDays(DAY, n));
        for (const p of day) {
          const minutes = minutesOf(p);
          expect(minutes, `${genre} ${p.title}`).toBeGreaterThanOrEqual(MIN_PROGRAMME_MINUTES);
          expect(minutes, `${genre} ${p.title}`).toBeLessThanOrEqual(MAX_PROGRAMME_MINUTES);
          expect(p.startsAt.getTime() % (5 * MINUTE)).toBe(0);
          expect(p.title.length).toBeGreaterThan(0);
          expect(p.description.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('gives the same programmes for the same channel and day', () => {
    const images = [{ poster: '/media/images/a.svg', announce: '/media/images/a-wide.svg' }];
    const channel = { key: 'sport-plus', genres: ['sport'], images };
    expect(generateDay(channel, DAY)).toEqual(generateDay({ ...channel }, DAY));
  });

  it('gives other programmes on another day and another channel', () => {
    const { channel, day } = setup();
    const titles = (p: DemoProgramme[]) => p.map((x) => `${x.startsAt.toISOString()} ${x.title}`);
    expect(titles(generateDay(channel, addDays(DAY, 1)))).not.toEqual(titles(day));
    expect(titles(generateDay({ ...channel, key: 'other-news' }, DAY))).not.toEqual(titles(day));
  });

  it("airs shows of the channel's genres in Russian", () => {
    expect(setup().day.map((p) => p.title)).toContain('Новости');
    const kids = generateDay({ key: 'detskiy', genres: ['kids'] }, DAY).map((p) => p.title);
    expect(kids.some((t) => /^(Мультфильмы|М\/с|М\/ф|Сказка на ночь)/.test(t))).toBe(true);
    expect(kids.some((t) => t === 'Новости')).toBe(false);
    const films = generateDay({ key: 'kadr-kino', genres: ['movies'] }, DAY).map((p) => p.title);
    expect(films.some((t) => /^Х\/ф «[А-ЯЁ]/.test(t))).toBe(true);
  });

  it('never airs a show twice in a row, and airs morning and evening shows at their hours', () => {
    for (const genre of DEMO_SCHEDULE_GENRES) {
      for (let n = 0; n < 30; n++) {
        const day = generateDay({ key: `channel-${genre}`, genres: [genre] }, addDays(DAY, n));
        for (let i = 1; i < day.length; i++) expect(day[i]!.title).not.toBe(day[i - 1]!.title);
        for (const p of day) {
          const hour = new Date(p.startsAt.getTime() + 3 * 60 * MINUTE).getUTCHours();
          if (p.title === 'Фитнес-утро' || p.title === 'Зарядка с чемпионом') expect(hour).toBeLessThan(10);
          if (p.title === 'Сказка на ночь') expect(hour).toBeGreaterThanOrEqual(19);
        }
      }
    }
  });

  it('falls back to general entertainment for a genre it does not know', () => {
    const day = generateDay({ key: 'x', genres: ['unknown-genre'] }, DAY);
    expect(day.length).toBeGreaterThan(10);
  });

  it('has shows for every genre of the demo catalogue channels', () => {
    const manifest = parse(readFileSync(demoCatalogue, 'utf8')) as { channels: { genres: string[] }[] };
    const genres = new Set(manifest.channels.flatMap((c) => c.genres));
    for (const genre of genres) expect(DEMO_SCHEDULE_GENRES, genre).toContain(genre);
  });

  it('leaves images null without any, and takes pairs from the channel when it has some', () => {
    expect(setup().day.every((p) => p.posterUrl === null && p.announceUrl === null)).toBe(true);
    const images = [
      { poster: '/media/images/titles/a.svg', announce: '/media/images/titles/a-wide.svg' },
      { poster: '/media/images/titles/b.svg', announce: '/media/images/titles/b-wide.svg' },
    ];
    const day = generateDay({ key: 'kadr-novosti', genres: ['news'], images }, DAY);
    const shown = day.filter((p) => p.announceUrl !== null);
    expect(shown.length).toBeGreaterThan(0);
    for (const p of shown) expect(images).toContainEqual({ poster: p.posterUrl, announce: p.announceUrl });
  });
});
