import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import type { MediaAssetId, MediaStore } from './store';

export const KEY_BYTES = 16;

/** An asset's content key and its public id. */
export interface AssetKey {
  key: Buffer;
  /** Hex, 32 characters: derived one-way from the key, safe to publish (the ClearKey KID). */
  keyId: string;
}

/**
 * The asset's key, created on first use: 16 random bytes in DATA_DIR/keys/<asset>.key, outside the
 * served media tree. Repackaging keeps the key, so grants and cached keys stay valid.
 */
export async function ensureAssetKey(store: MediaStore, asset: MediaAssetId): Promise<AssetKey> {
  const key = await ensureKeyFile(store, store.keyFile(asset));
  return { key, keyId: keyIdOf(key) };
}

/**
 * A channel's key (DATA_DIR/keys/ch-<id>.key), created on first use like an asset's: every segment key
 * of its live stream and archive derives from it (liveSegmentKey), so instances sharing DATA_DIR agree.
 */
export function ensureChannelKey(store: MediaStore, channelId: number): Promise<Buffer> {
  return ensureKeyFile(store, store.channelKeyFile(channelId));
}

/** The 16-byte key in `file`, written with random bytes first when there is none. */
async function ensureKeyFile(store: MediaStore, file: string): Promise<Buffer> {
  let key = await readKey(file);
  if (!key) {
    await mkdir(store.keysRoot, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, randomBytes(KEY_BYTES), { mode: 0o600 });
    // link() fails if the file exists: two packagers starting together agree on the first key.
    try {
      await link(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temp);
    }
    key = await readKey(file);
    if (!key) throw new Error(`Could not create the key ${file}`);
  }
  return key;
}

async function readKey(file: string): Promise<Buffer | undefined> {
  let key: Buffer;
  try {
    key = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (key.length !== KEY_BYTES) throw new Error(`${file} holds ${key.length} bytes, not ${KEY_BYTES}`);
  return key;
}

/** The key id: the first 16 bytes of sha256("kadr-kid" ‖ key), hex. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('kadr-kid').update(key).digest().subarray(0, 16).toString('hex');
}

/**
 * The AES-128 key of one segment (aes-128 assets, docs/decisions/022): derived one-way from the asset
 * key and the segment's index, so a grant's keys open exactly the segments it may play — a preview's
 * end at its last segment — and nothing needs storing beside the asset key. Renditions share the
 * keys of an index (switching quality fetches no new key).
 */
export function segmentKey(assetKey: Buffer, index: number): Buffer {
  return createHmac('sha256', assetKey).update(`kadr segment key ${index}`).digest().subarray(0, KEY_BYTES);
}

/** Bytes of a segment key id before its index (the rest: the index, 4 bytes big-endian). */
const KEY_ID_TAG_BYTES = 12;

/**
 * The ClearKey key id of one segment (cenc-clearkey assets, docs/decisions/022): a 12-byte tag derived
 * from the asset key and the index, then the index itself, so the licence reads which segment a KID
 * names without a table and checks the tag. Key ids are public (every fragment carries its own);
 * the tag only keeps them apart between assets.
 */
export function segmentKeyId(assetKey: Buffer, index: number): Buffer {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff)
    throw new Error(`Not a segment index: ${index}`);
  const id = Buffer.alloc(KEY_BYTES);
  segmentKeyIdTag(assetKey, index).copy(id, 0);
  id.writeUInt32BE(index, KEY_ID_TAG_BYTES);
  return id;
}

/** The segment index a key id names when it is one of this asset's segment key ids, else undefined. */
export function segmentIndexOfKeyId(assetKey: Buffer, keyId: Buffer): number | undefined {
  if (keyId.length !== KEY_BYTES) return undefined;
  const index = keyId.readUInt32BE(KEY_ID_TAG_BYTES);
  const tag = segmentKeyIdTag(assetKey, index);
  return timingSafeEqual(tag, keyId.subarray(0, KEY_ID_TAG_BYTES)) ? index : undefined;
}

const segmentKeyIdTag = (assetKey: Buffer, index: number) =>
  createHmac('sha256', assetKey).update(`kadr segment kid ${index}`).digest().subarray(0, KEY_ID_TAG_BYTES);

/**
 * The AES-128 key of a channel's segment `n` — its place in the channel's timeline (segment n covers
 * [n·4 s, (n+1)·4 s) since the Unix epoch, docs/decisions/029), not its place in the loop it was cut
 * from: a repeated loop segment gets a new key each time it airs, so the keys of a live preview open
 * nothing aired after it, even where the demo's loops repeat pictures.
 */
export function liveSegmentKey(channelKey: Buffer, n: number): Buffer {
  return createHmac('sha256', channelKey).update(`kadr live segment ${n}`).digest().subarray(0, KEY_BYTES);
}
