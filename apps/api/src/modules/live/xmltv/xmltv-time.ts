/**
 * XMLTV times (xmltv.dtd): `YYYYMMDDhhmm[ss]` and an optional zone, `±hhmm` or a name. Without a
 * zone the DTD says UTC. Of the names only UTC and GMT are taken: the others are ambiguous (CST,
 * IST) or changed over the years (MSK was +0400 in 2011–2014), so a file must give the offset.
 */

const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\s*(?:([+-])(\d{2})(\d{2})|([A-Za-z]+)))?$/;
/** The years a programme may be in: the schedule's (modules/live/guide-service.ts answers 1970–8999). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 8999;
/** The widest offsets in use (−12:00 to +14:00). */
const MAX_OFFSET_MINUTES = 14 * 60;
const ZONE_NAMES: Readonly<Record<string, number>> = { UTC: 0, GMT: 0, Z: 0 };

/** A parsed time, or why the text is not one. */
export type XmltvTime = { ok: true; date: Date } | { ok: false; problem: string };

const fail = (problem: string): XmltvTime => ({ ok: false, problem });

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days in a month of a year (month 1–12). */
const daysIn = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[month - 1]!;

/** Parses an XMLTV time: `20300115063000 +0300` → 2030-01-15T03:30:00Z. */
export function parseXmltvTime(text: string): XmltvTime {
  const m = TIME.exec(text.trim());
  if (!m) return fail('expected YYYYMMDDhhmm[ss] and a zone (+0300)');
  const [, y, mo, d, h, mi, s, sign, oh, om, name] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? 0);
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return fail(`year ${year} is outside ${FIRST_YEAR}–${LAST_YEAR}`);
  if (month < 1 || month > 12) return fail(`no month ${mo}`);
  if (day < 1 || day > daysIn(year, month)) return fail(`no day ${d} in ${y}-${mo}`);
  if (hour > 23 || minute > 59 || second > 59) return fail(`no time ${h}:${mi}:${s ?? '00'}`);
  let offsetMinutes = 0;
  if (name !== undefined) {
    const named = ZONE_NAMES[name.toUpperCase()];
    if (named === undefined) return fail(`time zone "${name}" is not supported: give the offset (+0300)`);
    offsetMinutes = named;
  } else if (sign !== undefined) {
    const minutes = Number(oh) * 60 + Number(om);
    if (Number(om) > 59 || minutes > MAX_OFFSET_MINUTES) return fail(`no time zone ${sign}${oh}${om}`);
    offsetMinutes = sign === '-' ? -minutes : minutes;
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  return { ok: true, date: new Date(utc) };
}
