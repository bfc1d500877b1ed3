import { createHash } from 'node:crypto';
import type { Tx } from '../../../db/client';
import { apiError, type SandboxAnswer } from './answers';
import type { SandboxContext } from './context';
import { claimIdempotenceKey, idempotenceKey, rememberAnswer } from './queries';

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 of a request body, the same for the same JSON whatever its key order. */
export const requestHash = (json: unknown): string =>
  createHash('sha256').update(canonical(json)).digest('hex');

/**
 * Idempotence keys of POST /v3/payments, as YooKassa keeps them: the first answer is replayed for the
 * same key and body while the key lives; another body under a live key is refused.
 */
export class IdempotenceKeys {
  constructor(
    private readonly ctx: SandboxContext,
    /** How long a key is remembered (YooKassa: 24 hours). */
    private readonly ttlMs: number,
  ) {}

  /** When a key claimed now stops being live. */
  expiresAt(now: Date): Date {
    return new Date(now.getTime() + this.ttlMs);
  }

  /** The remembered answer of a live key, or the refusal of another body under it. */
  async replay(key: string, hash: string): Promise<SandboxAnswer | undefined> {
    const seen = await idempotenceKey(this.ctx.db, this.ctx.shopId, key);
    if (!seen || seen.expiresAt <= this.ctx.clock.now()) return undefined;
    if (seen.requestHash !== hash)
      return apiError(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
    return { status: 200, body: seen.answer };
  }

  /**
   * Claims a key, new or past its lifetime (which may be used again). False when the key is live; a
   * parallel claim of the same key waits on this one.
   */
  claim(tx: Tx, key: string, hash: string): Promise<boolean> {
    const now = this.ctx.clock.now();
    return claimIdempotenceKey(tx, {
      shopId: this.ctx.shopId,
      key,
      hash,
      now,
      expiresAt: this.expiresAt(now),
    });
  }

  /** Remembers a key's answer (in the transaction that claimed it). */
  remember(tx: Tx, key: string, answer: unknown): Promise<void> {
    return rememberAnswer(tx, this.ctx.shopId, key, answer);
  }
}

/** Ends the claiming transaction when the key is live: the caller replays its answer. */
export class KeySeen extends Error {
  constructor() {
    super('idempotence key seen');
  }
}
