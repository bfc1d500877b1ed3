import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256 } from './hmac';

describe('HmacSha256', () => {
  it('matches createHmac for short, block-sized and long keys', () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const message = 'eyJhbGciOiJIUzI1NiJ9.payload';
      expect(new HmacSha256(key).digest(message)).toEqual(createHmac('sha256', key).update(message).digest());
    }
  });

  it('matches createHmac for empty, UTF-8, binary and long messages, call after call', () => {
    const key = randomBytes(32);
    const mac = new HmacSha256(key);
    const messages: Array<string | Buffer> = [
      '',
      'Кадр — 🎬',
      randomBytes(100),
      'x'.repeat(1024),
      'y'.repeat(1025),
      randomBytes(5000),
      'short again',
    ];
    for (const message of messages) {
      expect(mac.digest(message)).toEqual(createHmac('sha256', key).update(message).digest());
    }
  });

  it('answers a digest of its own that a later call does not overwrite', () => {
    const mac = new HmacSha256(randomBytes(32));
    const first = mac.digest('first');
    const copy = Buffer.from(first);
    mac.digest('second');
    expect(first).toEqual(copy);
  });
});
