import { StorageKey, type StorageLike } from './storage.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Letters or digits after the `web_` prefix (SPEC §3). */
const DEVICE_ID_RANDOM_LENGTH = 16;

/** Prefix of the local device id (SPEC §3). */
export const DEVICE_ID_PREFIX = 'web_';

/**
 * A uniform integer in [0, max) from `crypto.getRandomValues`. Bytes at or above the largest
 * multiple of `max` are thrown away, so `byte % max` has no modulo bias.
 */
function cryptoRandomInt(max: number): number {
  const limit = 256 - (256 % max);
  const byte = new Uint8Array(1);
  for (;;) {
    crypto.getRandomValues(byte);
    const value = byte[0]!;
    if (value < limit) return value % max;
  }
}

/** A new device id: 'web_' + 16 letters or digits, each drawn uniformly (`randomInt(max)` in [0, max)). */
export function createDeviceId(randomInt: (max: number) => number = cryptoRandomInt): string {
  let id = DEVICE_ID_PREFIX;
  for (let i = 0; i < DEVICE_ID_RANDOM_LENGTH; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** The stored `device_uid`, or a new one created and stored on first use. */
export function getOrCreateDeviceUid(storage: StorageLike, create: () => string = createDeviceId): string {
  const stored = storage.getItem(StorageKey.deviceUid);
  if (stored) return stored;
  const id = create();
  storage.setItem(StorageKey.deviceUid, id);
  return id;
}
