/** A price in whole roubles as the SPEC shows it (§9): `299,00₽`. */
export function formatPrice(roubles: number): string {
  return `${Math.trunc(roubles)},00₽`;
}

const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

/**
 * A package or receipt date in Russian with the year (SPEC §9): «26 декабря 2026». Shown in Moscow
 * time, the service's time zone, so a date does not move with the visitor's clock. Intl's « г.» is dropped.
 */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso)).replace(/\s*г\.$/, '');
}

/**
 * The Russian word form for a count: `plural(n, 'день', 'дня', 'дней')` — one for 1, 21, 31…; few for
 * 2–4, 22–24…; many for the rest and for 11–14.
 */
export function plural(n: number, one: string, few: string, many: string): string {
  const tens = Math.abs(n) % 100;
  const units = Math.abs(n) % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}
