import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Segment URL signatures in the format of nginx's secure_link module, so nginx (or a CDN doing the
 * same) checks them without calling the api (docs/nginx/kadr-media.conf):
 *
 *   secure_link     $arg_md5,$arg_expires;
 *   secure_link_md5 "$secure_link_expires$uri$arg_lim <MEDIA_SECRET>";
 *
 * md5 is the binary MD5 digest in base64url without padding; `lim` (preview grants only) is the number
 * of segments the preview may fetch, signed with the URL so it cannot be raised by hand.
 */
export interface SegmentSignature {
  md5: string;
  /** Unix seconds. */
  expires: number;
  /** Preview grants: segments with an index ≥ lim are refused. Absent for full grants. */
  lim?: number;
}

/** Why a signature was refused. */
export type SignatureProblem = 'invalid' | 'expired' | 'past_preview';

const digest = (secret: string, path: string, expires: number, lim: number | undefined) =>
  createHash('md5')
    .update(`${expires}${path}${lim ?? ''} ${secret}`)
    .digest('base64url');

/** Signs a segment path (the URL path, not encoded further) until `expires`. */
export function signSegment(secret: string, path: string, expires: number, lim?: number): SegmentSignature {
  return { md5: digest(secret, path, expires, lim), expires, ...(lim === undefined ? {} : { lim }) };
}

/** `path?md5=…&expires=…[&lim=…]`. */
export function signedSegmentUrl(secret: string, path: string, expires: number, lim?: number): string {
  const s = signSegment(secret, path, expires, lim);
  return `${path}?md5=${s.md5}&expires=${s.expires}${s.lim === undefined ? '' : `&lim=${s.lim}`}`;
}

const DIGITS = /^\d{1,12}$/;

/**
 * Checks a signed segment request: the signature over path, expiry and limit, then the expiry, then
 * the preview limit against the segment's index (null for the init segment, always within a preview).
 * Answers null when the request may be served.
 */
export function checkSegmentSignature(
  secret: string,
  path: string,
  query: { md5?: unknown; expires?: unknown; lim?: unknown },
  segmentIndex: number | null,
  nowSeconds: number,
): SignatureProblem | null {
  const { md5, expires, lim } = query;
  if (typeof md5 !== 'string' || typeof expires !== 'string' || !DIGITS.test(expires)) return 'invalid';
  if (lim !== undefined && (typeof lim !== 'string' || !DIGITS.test(lim))) return 'invalid';
  const limit = lim === undefined ? undefined : Number(lim);
  const expected = Buffer.from(digest(secret, path, Number(expires), limit));
  const given = Buffer.from(md5);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (Number(expires) <= nowSeconds) return 'expired';
  if (limit !== undefined && segmentIndex !== null && segmentIndex >= limit) return 'past_preview';
  return null;
}
