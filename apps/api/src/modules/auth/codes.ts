import { createHmac, randomInt } from 'node:crypto';
import { deriveKey, sameDigest } from './tokens';

/** Digits in a sign-in code (SPEC §9). */
export const CODE_LENGTH = 4;

/** A uniformly random 4-digit code from the CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/**
 * Keyed hash of a code, bound to its attempt: a plain hash of 4 digits is reversed by trying all
 * 10 000, and binding the attempt id stops one leaked row from matching another attempt.
 */
export class CodeHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'sign-in-code');
  }

  hash(attemptId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${attemptId}:${code}`).digest('hex');
  }

  matches(attemptId: string, code: string, storedHash: string): boolean {
    return sameDigest(this.hash(attemptId, code), storedHash);
  }
}

/** The sign-in SMS (Russian, like the rest of the product). */
export function signInSmsText(code: string): string {
  return `Код для входа в Кадр: ${code}`;
}
