import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { segmentIndexOfKeyId, segmentKey, segmentKeyId } from './keys';

describe('segment key ids (cenc-clearkey key rotation)', () => {
  const assetKey = randomBytes(16);

  it('names each segment with its own 16-byte key id, read back to its index', () => {
    const ids = [0, 1, 2, 1799, 0xffffffff].map((i) => segmentKeyId(assetKey, i));
    expect(new Set(ids.map((id) => id.toString('hex'))).size).toBe(ids.length);
    for (const id of ids) expect(id).toHaveLength(16);
    expect(ids.map((id) => segmentIndexOfKeyId(assetKey, id))).toEqual([0, 1, 2, 1799, 0xffffffff]);
    // The key id says nothing of the key.
    expect(segmentKeyId(assetKey, 3).equals(segmentKey(assetKey, 3))).toBe(false);
  });

  it("reads no index from another asset's key id, a changed one or one of the wrong length", () => {
    const other = segmentKeyId(randomBytes(16), 2);
    expect(segmentIndexOfKeyId(assetKey, other)).toBeUndefined();
    // Another index with the tag kept: the tag is per index, so this is no key id of the asset.
    const moved = Buffer.from(segmentKeyId(assetKey, 2));
    moved.writeUInt32BE(5, 12);
    expect(segmentIndexOfKeyId(assetKey, moved)).toBeUndefined();
    expect(segmentIndexOfKeyId(assetKey, segmentKeyId(assetKey, 2).subarray(0, 15))).toBeUndefined();
    expect(segmentIndexOfKeyId(assetKey, Buffer.alloc(16))).toBeUndefined();
    expect(() => segmentKeyId(assetKey, -1)).toThrow(/segment index/);
  });
});
