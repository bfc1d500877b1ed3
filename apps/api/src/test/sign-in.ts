// The SMS sign-in as the api's tests and its load drive it (SPEC §7 sendAuth and authApp, the sandbox
// SMS outbox): one definition of the bodies and of reading the code, for harness.ts (through inject)
// and load.ts (through fetch, also run by bench/recovery.ts). A module of its own because importing
// harness.ts connects to PostgreSQL and Redis and needs vitest.

/** A device id for sign-ins whose device does not matter (SPEC §3: web_ and 16 letters or digits). */
export const ANY_DEVICE = 'web_abcdefghijklmnop';

/** sendAuth's body: a code by SMS to the phone. */
export const sendAuthBody = (phone: string) => ({ auth_type: 'phone', uid: phone });

/** authApp's body: the login of SPEC §7 (grant type mega, device type SMARTTV) with the SMS code. */
export function authAppBody(phone: string, code: string, deviceUid: string = ANY_DEVICE) {
  return {
    grant_type: 'mega',
    client_id: 'web',
    client_secret: 'web',
    auth_type: 'phone',
    dev_type: 'SMARTTV',
    dev_model: 'web',
    verify_code: code,
    uid: phone,
    device_uid: deviceUid,
  };
}

/** The sandbox SMS outbox of a phone (a JSON list, newest first). */
export const smsOutboxPath = (phone: string) => `/sandbox/sms?phone=${phone}`;

/** The code the newest message of an outbox answer ends with, or undefined. */
export function latestCode(outbox: unknown): string | undefined {
  const [latest] = (Array.isArray(outbox) ? outbox : []) as Array<{ text?: unknown }>;
  return typeof latest?.text === 'string' ? latest.text.match(/(\d{4})$/)?.[1] : undefined;
}
