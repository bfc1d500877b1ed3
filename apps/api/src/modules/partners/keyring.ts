import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { PartnerAccountKeys } from '../../env';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a sealed value could not be opened; the message names no value. */
export class SealedValueError extends Error {
  override name = 'SealedValueError';
  constructor(readonly reason: 'unknown_key' | 'tampered') {
    super(
      reason === 'unknown_key'
        ? 'sealed with a key this process does not have (PARTNER_ACCOUNTS_KEY / PARTNER_ACCOUNTS_OLD_KEYS)'
        : 'the sealed value or its key does not check out (altered, or sealed for another row)',
    );
  }
}

/**
 * A key's public name, stored beside what it sealed: the first 64 bits of a SHA-256 over a label and
 * the key. It tells which key to try without trying them all, and reveals nothing usable about the key.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('kadr partner accounts key id\0').update(key).digest('hex').slice(0, 16);
}

/**
 * AES-256-GCM with the configured keys: seals under the current key, opens under whichever key a value
 * names. Each value gets a random 12-byte IV; `context` (the row's owner and field) is authenticated
 * data, so a sealed value copied into another profile's row or field does not open there.
 */
export class PartnerKeyring {
  readonly currentId: string;
  private readonly current: Buffer;
  private readonly byId: ReadonlyMap<string, Buffer>;

  constructor(keys: PartnerAccountKeys) {
    this.current = keys.current;
    this.currentId = keyIdOf(keys.current);
    this.byId = new Map([...keys.previous, keys.current].map((key) => [keyIdOf(key), key]));
  }

  /** base64url of IV ‖ ciphertext ‖ tag, under the current key (its id: `currentId`). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The plaintext of a value sealed under `keyId` for `context`; throws SealedValueError otherwise. */
  open(sealed: string, keyId: string, context: string): string {
    const key = this.byId.get(keyId);
    if (!key) throw new SealedValueError('unknown_key');
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedValueError('tampered');
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Node's own message ("Unsupported state or unable to authenticate data") says nothing useful.
      throw new SealedValueError('tampered');
    }
  }
}
