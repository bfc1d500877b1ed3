import { z } from 'zod';

/** A phone number as the API takes it: 7 followed by exactly 10 digits (SPEC §5). */
export const phone = z.string().regex(/^7\d{10}$/, 'Номер телефона: 7 и ещё 10 цифр');

/** The local device id: `web_` followed by 16 letters or digits (SPEC §3), or another app's id. */
export const deviceUid = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'device uid: letters, digits, `_` or `-`');

/** A 4-digit verification code (SPEC §9). */
export const verifyCode = z.string().regex(/^\d{4}$/, 'Код: 4 цифры');

/** An async sign-in id (UUID). */
export const asyncAuthUuid = z.uuid();

/** Profile ids are positive integers. */
export const profileId = z.number().int().positive();

/** An empty object body (calls with "no body"). Extra keys are ignored. */
export const emptyBody = z.object({}).optional();

/** `{ ok: true }` — the response of calls that only acknowledge. */
export const okResponse = z.object({ ok: z.literal(true) });

/**
 * A positive integer id arriving as a path or query string (`'42'`) or as a number; parsed to a number.
 * Bounded by the PostgreSQL `integer` range.
 */
export const idParam = z.coerce.number<string | number>().int().positive().max(2_147_483_647);

/** A positive integer id inside a JSON body or response. */
export const id = z.number().int().positive().max(2_147_483_647);

/**
 * A link to an image, stream, licence server or receipt: an absolute http(s) URL, or a root-relative
 * path (`/media/…`) served by the API's own host.
 */
export const url = z.union([
  z.url({ protocol: /^https?$/ }).max(2048),
  z
    .string()
    .max(2048)
    .regex(/^\/[^\s]*$/, 'URL: http(s)://… or /…'),
]);

/** An ISO 8601 date-time with a time zone (`2026-11-22T10:00:00+03:00` or `…Z`). */
export const dateTime = z.iso.datetime({ offset: true });

const withSeconds = z.iso.datetime({ offset: true });
const withoutSeconds = z.iso.datetime({ offset: true, precision: -1 });

/**
 * A date-time parameter of a request: `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM`, and a day
 * that is on the calendar. `Date.parse` alone would roll 30 February over to 2 March; zod's ISO check
 * knows month lengths and leap years. Every date a request carries is one of these.
 */
export const dateTimeParam = z
  .string()
  .max(40)
  .refine(
    (s) => withSeconds.safeParse(s).success || withoutSeconds.safeParse(s).success,
    'YYYY-MM-DDT00:00+03:00: a real calendar date and time',
  );

/** A release year. */
export const year = z.number().int().min(1880).max(2100);

/** A price in whole roubles (SPEC §9: shown as `N,00₽`). */
export const roubles = z.number().int().nonnegative();
