import { VisuallyHidden } from '../visually-hidden/visually-hidden.js';
import styles from './rating.module.css';

/** A film-rating score floored to one decimal (SPEC §9: 7.89 → 7.8); exact for binary fractions. */
export function floorRating(value: number): number {
  // toFixed first: 8.7 * 10 is 86.99999999999999 in floating point.
  return Math.floor(Number((value * 10).toFixed(6))) / 10;
}

/**
 * The floored score in Russian notation: «7,8». Written by hand, not with `toLocaleString('ru-RU')`:
 * a page's first use of Intl loads the locale data, 10–30 ms on the main thread (four times that on a
 * throttled phone), and a score of 0–10 with one decimal needs only the comma.
 */
export function formatRating(value: number): string {
  return floorRating(value).toFixed(1).replace('.', ',');
}

/** Props of {@link Rating}. */
export interface RatingProps {
  /** The film-rating service's score, 0–10. */
  value: number;
  /** Name read before the score (default «Рейтинг Кинопоиска»). */
  label?: string;
}

/** The film-rating score, floored to one decimal, tinted by how good it is; nothing when it is 0. */
export function Rating({ value, label = 'Рейтинг Кинопоиска' }: RatingProps) {
  const shown = floorRating(value);
  if (!(shown > 0)) return null;
  const tone = shown >= 7 ? styles.high : shown >= 5 ? styles.mid : styles.low;
  return (
    <span className={[styles.rating, tone].join(' ')} title={label}>
      <VisuallyHidden>{label} </VisuallyHidden>
      <span>{formatRating(value)}</span>
    </span>
  );
}

/** Props of {@link AgeBadge}. */
export interface AgeBadgeProps {
  /** Age rating in years; 0 shows nothing. */
  age: number;
  /** Name read before the age (default «Возрастное ограничение»). */
  label?: string;
}

/** The age rating with a plus («16+»); nothing when it is 0. */
export function AgeBadge({ age, label = 'Возрастное ограничение' }: AgeBadgeProps) {
  if (!(age > 0)) return null;
  return (
    <span className={styles.age} title={label}>
      <VisuallyHidden>{label} </VisuallyHidden>
      <span>{`${age}+`}</span>
    </span>
  );
}
