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
