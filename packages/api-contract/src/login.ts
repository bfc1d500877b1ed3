// Plain data, no zod: part of the `@kadr/api-contract/routes` entry, so the web's sign-in code can send
// these without bundling the schemas.

/** Grant type of the phone login (SPEC §9). */
export const LOGIN_GRANT_TYPE = 'mega';
/** Device type of the phone login (SPEC §9). */
export const LOGIN_DEVICE_TYPE = 'SMARTTV';
