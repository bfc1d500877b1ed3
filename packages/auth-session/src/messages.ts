// Every Russian text this package puts into state, plus the login modal titles it chooses between.

/** Phone fails the pattern (SPEC §5, §8). */
export const INVALID_PHONE = 'Неверный номер телефона';
/** Wrong SMS code, or the async confirmation failed (SPEC §8). */
export const WRONG_CODE = 'Неверный код';
/** The code is expired or used up (envelope code 520). */
export const CODE_EXPIRED = 'Код устарел, запросите новый';
/** The push sign-in was rejected on the phone. */
export const LOGIN_REJECTED = 'Вход отклонён на телефоне. Запросите новый код';
/** Any other failure of a sign-in call; the details are only logged (SPEC §8). */
export const GENERIC_ERROR = 'Что-то пошло не так. Попробуйте ещё раз';
/**
 * Alert for subscribers of the blocked internet provider (`is_goodline`, SPEC §8): the site is not
 * available to them; they can watch on the provider's set-top box.
 */
export const GOODLINE_ALERT =
  'Сервис недоступен для абонентов вашего интернет-провайдера. Смотрите фильмы, сериалы и ТВ-каналы на ТВ-приставке провайдера.';
/** A sign-in link's value was refused or could not be exchanged (SPEC §4 startup, docs/decisions/038). */
export const SIGN_IN_LINK_INVALID = 'Ссылка для входа недействительна или устарела';
/** Title of the phone screen (SPEC §2). */
export const LOGIN_TITLE = 'Введите номер телефона, чтобы войти или зарегистрироваться';
/** Title of the phone screen in registration-prompt mode (SPEC §2). */
export const PROMPT_TITLE = 'Зарегистрируйтесь, чтобы не потерять доступ к подписке';

function plural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** '45 секунд', '3 минуты', '2 часа': a wait in seconds, rounded up to the largest whole unit. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${plural(s, 'секунду', 'секунды', 'секунд')}`;
  if (s < 3600) {
    const m = Math.ceil(s / 60);
    return `${m} ${plural(m, 'минуту', 'минуты', 'минут')}`;
  }
  const h = Math.ceil(s / 3600);
  return `${h} ${plural(h, 'час', 'часа', 'часов')}`;
}

/** Rate-limited (envelope code 429): try again after `retryAfter` seconds, or later when unknown. */
export function tooManyAttemptsMessage(retryAfter?: number): string {
  return retryAfter === undefined
    ? 'Слишком много попыток. Попробуйте позже'
    : `Слишком много попыток. Попробуйте через ${formatWait(retryAfter)}`;
}

/**
 * The code could not be sent (503: the SMS gateway is down, or the service's hourly SMS budget is
 * spent, docs/decisions/021) — the server's own words, with the wait when it gave one.
 */
export function codeNotSentMessage(retryAfter?: number): string {
  return retryAfter === undefined
    ? 'Не удалось отправить код. Попробуйте позже'
    : `Не удалось отправить код. Попробуйте через ${formatWait(retryAfter)}`;
}

/** A new code was asked for too early (429 `resend_too_early`). */
export function resendTooEarlyMessage(retryAfter?: number): string {
  return retryAfter === undefined
    ? 'Новый код можно запросить чуть позже'
    : `Новый код можно запросить через ${formatWait(retryAfter)}`;
}
