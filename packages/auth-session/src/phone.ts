import { INVALID_PHONE } from './messages.js';

/** Maximum length of the phone field, plus included (SPEC §9). */
export const PHONE_MAX_LENGTH = 12;
/** What an empty phone field resets to (SPEC §5). */
export const PHONE_PREFIX = '+7';

/**
 * Filters what was typed or pasted into the phone field (SPEC §5): keeps digits and a '+' that comes
 * before every digit, drops everything else; an empty result becomes '+7'; a first digit other than 7 or 8 gets '+7'
 * in front; the result is cut to 12 characters. '+7 (912) 345-67-89' → '+79123456789',
 * '912' → '+7912', '' → '+7', '+' → '+'.
 */
export function normalizePhoneInput(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '');
  let value = (kept.startsWith('+') ? '+' : '') + kept.replace(/\D/g, '');
  if (value === '') return PHONE_PREFIX;
  const first = value[0]!;
  if (first !== '+' && first !== '7' && first !== '8') value = PHONE_PREFIX + value;
  return value.slice(0, PHONE_MAX_LENGTH);
}

/** Result of `validatePhone`: the number as the API takes it, or the SPEC's error text. */
export type PhoneValidation = { ok: true; phone: string } | { ok: false; error: string };

const PHONE_PATTERN = /^(?:\+7|7|8)(\d{10})$/;

/**
 * Checks a phone before sending (SPEC §5): prefix 7, +7 or 8 followed by exactly 10 digits; spaces,
 * brackets and dashes are ignored. Returns the number with a leading 7 ('79123456789').
 */
export function validatePhone(value: string): PhoneValidation {
  const match = PHONE_PATTERN.exec(value.replace(/[\s()-]/g, ''));
  return match ? { ok: true, phone: `7${match[1]}` } : { ok: false, error: INVALID_PHONE };
}

function digitsOf(phone: string): string | null {
  const result = validatePhone(phone);
  return result.ok ? result.phone.slice(1) : null;
}

/**
 * The number the code was sent to, masked for the code screen: the operator code and the last two
 * digits stay visible, '79123456789' → '+7 (912) ***-**-89'. An invalid number is returned unchanged.
 */
export function maskPhone(phone: string): string {
  const d = digitsOf(phone);
  return d === null ? phone : `+7 (${d.slice(0, 3)}) ***-**-${d.slice(8)}`;
}

/** The phone for display on the account screen: '79123456789' → '+7 912 345-67-89'; invalid unchanged. */
export function formatPhone(phone: string): string {
  const d = digitsOf(phone);
  return d === null ? phone : `+7 ${d.slice(0, 3)} ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
}
