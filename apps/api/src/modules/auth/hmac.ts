import { hash } from 'node:crypto';

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;
/** Messages up to this size are hashed in a buffer kept between calls; longer ones get their own. */
const KEPT_MESSAGE_BYTES = 1024;

/**
 * HMAC-SHA256 (RFC 2104) with the key's inner and outer pads worked out once, hashed by the one-shot
 * `crypto.hash`. Anonymous auth signs two tokens per request, and `createHmac` builds a native Hmac
 * object (and hashes both pads again) for each: that was the handler's largest cost. Equal to
 * `createHmac('sha256', key)` for every key and message (tests).
 */
export class HmacSha256 {
  /** ipad ⊕ key, then room for a message. */
  private readonly inner = Buffer.alloc(BLOCK_BYTES + KEPT_MESSAGE_BYTES);
  /** opad ⊕ key, then the inner digest. */
  private readonly outer = Buffer.alloc(BLOCK_BYTES + DIGEST_BYTES);

  constructor(key: Buffer) {
    const block = key.length > BLOCK_BYTES ? hash('sha256', key, 'buffer') : key;
    for (let i = 0; i < BLOCK_BYTES; i += 1) {
      const byte = i < block.length ? block[i]! : 0;
      this.inner[i] = byte ^ 0x36;
      this.outer[i] = byte ^ 0x5c;
    }
  }

  /** The MAC of `message` (a string is taken as UTF-8). */
  digest(message: string | Buffer): Buffer {
    const length = typeof message === 'string' ? Buffer.byteLength(message) : message.length;
    let inner = this.inner;
    if (length > KEPT_MESSAGE_BYTES) {
      inner = Buffer.allocUnsafe(BLOCK_BYTES + length);
      this.inner.copy(inner, 0, 0, BLOCK_BYTES);
    }
    if (typeof message === 'string') inner.write(message, BLOCK_BYTES);
    else message.copy(inner, BLOCK_BYTES);
    hash('sha256', inner.subarray(0, BLOCK_BYTES + length), 'buffer').copy(this.outer, BLOCK_BYTES);
    return hash('sha256', this.outer, 'buffer');
  }
}
