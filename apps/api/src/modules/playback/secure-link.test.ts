import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSegmentSignature, signedSegmentUrl, signSegment } from './secure-link';

const SECRET = 'link-secret-link-secret-link-secret-0001';
const PATH = '/media/hls/ek-1/360p/seg-00002.ts';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('segment signatures', () => {
  it('are the MD5 nginx secure_link computes over "$expires$uri$arg_lim <secret>"', () => {
    const expected = createHash('md5').update(`1900000000${PATH}3 ${SECRET}`).digest('base64url');
    expect(signSegment(SECRET, PATH, 1_900_000_000, 3)).toEqual({
      md5: expected,
      expires: 1_900_000_000,
      lim: 3,
    });
    expect(signSegment(SECRET, PATH, 1_900_000_000).md5).toBe(
      createHash('md5').update(`1900000000${PATH} ${SECRET}`).digest('base64url'),
    );
  });

  it('accept a URL they signed until it expires', () => {
    const url = signedSegmentUrl(SECRET, PATH, 1_900_000_000);
    expect(checkSegmentSignature(SECRET, PATH, query(url), 2, 1_899_999_999)).toBeNull();
    expect(checkSegmentSignature(SECRET, PATH, query(url), 2, 1_900_000_000)).toBe('expired');
  });

  it('refuse another path, secret, expiry or limit', () => {
    const q = query(signedSegmentUrl(SECRET, PATH, 1_900_000_000, 3));
    expect(checkSegmentSignature(SECRET, PATH.replace('00002', '00003'), q, 3, 0)).toBe('invalid');
    expect(checkSegmentSignature(`${SECRET}x`, PATH, q, 2, 0)).toBe('invalid');
    expect(checkSegmentSignature(SECRET, PATH, { ...q, expires: '1900000001' }, 2, 0)).toBe('invalid');
    expect(checkSegmentSignature(SECRET, PATH, { ...q, lim: '4' }, 2, 0)).toBe('invalid');
    expect(checkSegmentSignature(SECRET, PATH, { md5: q.md5, expires: q.expires }, 2, 0)).toBe('invalid');
  });

  it('refuse malformed parameters', () => {
    expect(checkSegmentSignature(SECRET, PATH, {}, 2, 0)).toBe('invalid');
    expect(checkSegmentSignature(SECRET, PATH, { md5: 'x', expires: '-1' }, 2, 0)).toBe('invalid');
    expect(checkSegmentSignature(SECRET, PATH, { md5: ['a'], expires: '1' }, 2, 0)).toBe('invalid');
  });

  it('refuse a segment at or past the preview limit even when the signature is genuine', () => {
    const past = '/media/hls/ek-1/360p/seg-00003.ts';
    const q = query(signedSegmentUrl(SECRET, past, 1_900_000_000, 3));
    expect(checkSegmentSignature(SECRET, past, q, 3, 0)).toBe('past_preview');
    expect(checkSegmentSignature(SECRET, past, q, null, 0)).toBeNull();
  });
});
