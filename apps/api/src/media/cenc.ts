import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * CENC ('cenc', AES-128-CTR) encryption of a clear fragmented MP4, written here because the npm ffmpeg
 * (2018) writes its fragmented CENC auxiliary data (senc/saiz/saio) into the moov instead of each
 * fragment, which no player can decrypt. The init segment gets encv/enca sample entries with a
 * `sinf` (frma, schm 'cenc', tenc) and a ClearKey `pssh`; each fragment's samples are encrypted in
 * place and its traf gets saiz, saio and senc (a random 8-byte IV per sample; H.264 NAL length fields
 * and headers, and non-VCL NAL units, stay clear as subsamples).
 *
 * Key rotation (ISO/IEC 23001-7 §6, §9; docs/decisions/022): fragment i is encrypted with its own key
 * and key id, `keyOf(i)`. Each traf names that key id in a fragment-local `seig` sample group (`sgpd`,
 * and an `sbgp` putting every sample in it, index 0x10001), and each moof carries a ClearKey `pssh`
 * listing it, from which Chromium fires `encrypted` when the fragment is appended: the player asks the
 * licence for the keys of the fragments it loads, and no more. The init segment's tenc and pssh name
 * fragment 0's key id (the CDM is set up before the first fragment, as without rotation).
 */

/** The key of one fragment and its public id (16 bytes each). */
export interface FragmentKey {
  key: Buffer;
  keyId: Buffer;
}

interface Node {
  type: string;
  /** Payload bytes before the children (containers), or the whole payload (leaves). */
  head: Buffer;
  children?: Node[];
}

/** Payload bytes before the first child of a container box. */
const CONTAINERS: Record<string, number> = {
  moov: 0,
  trak: 0,
  mdia: 0,
  minf: 0,
  stbl: 0,
  mvex: 0,
  moof: 0,
  traf: 0,
  stsd: 8,
  avc1: 78,
  mp4a: 28,
};

function parseBoxes(buffer: Buffer, from: number, to: number): Node[] {
  const nodes: Node[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    const size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    if (size < 8 || offset + size > to) throw new Error(`Malformed MP4 box ${type} at ${offset}`);
    const extra = CONTAINERS[type];
    if (extra === undefined) nodes.push({ type, head: buffer.subarray(offset + 8, offset + size) });
    else
      nodes.push({
        type,
        head: buffer.subarray(offset + 8, offset + 8 + extra),
        children: parseBoxes(buffer, offset + 8 + extra, offset + size),
      });
    offset += size;
  }
  return nodes;
}

function serialize(node: Node): Buffer {
  const parts = [node.head, ...(node.children ?? []).map(serialize)];
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(payload.length + 8, 0);
  header.write(node.type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

const find = (nodes: Node[] | undefined, type: string) => nodes?.find((n) => n.type === type);
const path = (node: Node | undefined, ...types: string[]) =>
  types.reduce<Node | undefined>((n, t) => find(n?.children, t), node);

function box(type: string, payload: Buffer): Node {
  return { type, head: payload };
}

const fullBox = (version: number, flags: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return Buffer.concat([head, body]);
};

interface TrackInfo {
  id: number;
  video: boolean;
  /** H.264 NAL length field size (video). */
  nalLengthSize: number;
  defaultSampleSize: number;
  timescale: number;
}

const IV_SIZE = 8;

/** An encrypted init segment and fragments, with each fragment's start on the video time line. */
export interface EncryptedFragments {
  init: Buffer;
  fragments: Buffer[];
  starts: number[];
}

export function encryptFragmentedMp4(
  buffer: Buffer,
  keyOf: (fragment: number) => FragmentKey,
): EncryptedFragments {
  const first = checkedKey(keyOf(0));
  const top = parseBoxes(buffer, 0, buffer.length);
  const ftyp = find(top, 'ftyp');
  const moov = find(top, 'moov');
  if (!ftyp || !moov) throw new Error('Not a fragmented MP4: no ftyp or moov');

  const tracks = new Map<number, TrackInfo>();
  const trex = new Map<number, number>();
  for (const t of path(moov, 'mvex')?.children?.filter((n) => n.type === 'trex') ?? [])
    trex.set(t.head.readUInt32BE(4), t.head.readUInt32BE(16));
  for (const trak of moov.children!.filter((n) => n.type === 'trak')) {
    const tkhd = find(trak.children, 'tkhd')!;
    const id = tkhd.head.readUInt32BE(tkhd.head[0] === 1 ? 20 : 12);
    const mdhd = path(trak, 'mdia', 'mdhd')!;
    const timescale = mdhd.head.readUInt32BE(mdhd.head[0] === 1 ? 20 : 12);
    const stsd = path(trak, 'mdia', 'minf', 'stbl', 'stsd');
    const entry = stsd?.children?.[0];
    if (!entry || (entry.type !== 'avc1' && entry.type !== 'mp4a'))
      throw new Error(`Unsupported sample entry ${entry?.type ?? 'none'}: only H.264 and AAC are encrypted`);
    const video = entry.type === 'avc1';
    const avcC = video ? find(entry.children, 'avcC') : undefined;
    if (video && !avcC) throw new Error('H.264 track without avcC');
    tracks.set(id, {
      id,
      video,
      nalLengthSize: avcC ? (avcC.head[4]! & 3) + 1 : 0,
      defaultSampleSize: trex.get(id) ?? 0,
      timescale,
    });
    // avc1 → encv, mp4a → enca, with the protection scheme appended.
    const original = entry.type;
    entry.type = video ? 'encv' : 'enca';
    const tenc = box('tenc', fullBox(0, 0, Buffer.concat([Buffer.from([0, 0, 1, IV_SIZE]), first.keyId])));
    const schm = box('schm', fullBox(0, 0, Buffer.from([0x63, 0x65, 0x6e, 0x63, 0, 1, 0, 0])));
    entry.children = [
      ...(entry.children ?? []),
      {
        type: 'sinf',
        head: Buffer.alloc(0),
        children: [
          box('frma', Buffer.from(original, 'latin1')),
          schm,
          { type: 'schi', head: Buffer.alloc(0), children: [tenc] },
        ],
      },
    ];
  }
  const video = [...tracks.values()].find((t) => t.video);
  if (!video) throw new Error('No video track in the MP4');
  moov.children!.push({ type: 'pssh', head: clearKeyPssh([first.keyId]).subarray(8) });
  const init = Buffer.concat([serialize(ftyp), serialize(moov)]);

  const fragments: Buffer[] = [];
  const starts: number[] = [];
  for (let i = 0; i < top.length; i++) {
    const moof = top[i]!;
    if (moof.type !== 'moof') continue;
    const mdat = top[i + 1];
    if (mdat?.type !== 'mdat') throw new Error('A moof without its mdat');
    const fragmentKey = fragments.length === 0 ? first : checkedKey(keyOf(fragments.length));
    const { moofBuffer, mdatPayload, start } = encryptFragment(moof, mdat, tracks, fragmentKey, video.id);
    fragments.push(Buffer.concat([moofBuffer, serialize({ type: 'mdat', head: mdatPayload })]));
    starts.push(start / video.timescale);
  }
  if (fragments.length === 0) throw new Error('Not a fragmented MP4: no moof');
  return { init, fragments, starts };
}

function encryptFragment(
  moof: Node,
  mdat: Node,
  tracks: Map<number, TrackInfo>,
  { key, keyId }: FragmentKey,
  videoId: number,
) {
  const oldMoofSize = serialize(moof).length;
  const payload = Buffer.from(mdat.head);
  let start = 0;
  const patches: { trun: Node; dataOffset: number; saio: Node; senc: Node }[] = [];
  for (const traf of moof.children!.filter((n) => n.type === 'traf')) {
    const tfhd = find(traf.children, 'tfhd')!;
    const trun = find(traf.children, 'trun')!;
    const tfdt = find(traf.children, 'tfdt');
    const flags = tfhd.head.readUInt32BE(0) & 0xffffff;
    const track = tracks.get(tfhd.head.readUInt32BE(4));
    if (!track) throw new Error('A fragment of an unknown track');
    if (track.id === videoId && tfdt)
      start = tfdt.head[0] === 1 ? Number(tfdt.head.readBigUInt64BE(4)) : tfdt.head.readUInt32BE(4);
    let at = 8 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0) + (flags & 0x8 ? 4 : 0);
    const defaultSize = flags & 0x10 ? tfhd.head.readUInt32BE(at) : track.defaultSampleSize;
    if (flags & 0x10) at += 4;

    const runFlags = trun.head.readUInt32BE(0) & 0xffffff;
    if (!(runFlags & 0x1)) throw new Error('trun without data offset');
    const count = trun.head.readUInt32BE(4);
    const dataOffset = trun.head.readInt32BE(8);
    let p = 12 + (runFlags & 0x4 ? 4 : 0);
    const fieldSize = [0x100, 0x200, 0x400, 0x800].filter((f) => runFlags & f).length * 4;
    const sizes: number[] = [];
    for (let s = 0; s < count; s++) {
      const sizeAt = p + (runFlags & 0x100 ? 4 : 0);
      sizes.push(runFlags & 0x200 ? trun.head.readUInt32BE(sizeAt) : defaultSize);
      p += fieldSize;
    }

    // Samples of this run start at moof + data_offset; the mdat payload starts 8 bytes after the moof.
    let offset = dataOffset - oldMoofSize - 8;
    const sencEntries: Buffer[] = [];
    const auxSizes: number[] = [];
    for (const size of sizes) {
      const sample = payload.subarray(offset, offset + size);
      const iv = randomBytes(IV_SIZE);
      const cipher = createCipheriv('aes-128-ctr', key, Buffer.concat([iv, Buffer.alloc(8)]));
      if (track.video) {
        const ranges = subsamples(sample, track.nalLengthSize);
        const entry = Buffer.alloc(IV_SIZE + 2 + ranges.length * 6);
        iv.copy(entry, 0);
        entry.writeUInt16BE(ranges.length, IV_SIZE);
        let cursor = 0;
        ranges.forEach(([clear, protectedBytes], r) => {
          entry.writeUInt16BE(clear, IV_SIZE + 2 + r * 6);
          entry.writeUInt32BE(protectedBytes, IV_SIZE + 4 + r * 6);
          cursor += clear;
          const part = sample.subarray(cursor, cursor + protectedBytes);
          cipher.update(part).copy(part);
          cursor += protectedBytes;
        });
        sencEntries.push(entry);
        auxSizes.push(entry.length);
      } else {
        cipher.update(sample).copy(sample);
        sencEntries.push(iv);
        auxSizes.push(IV_SIZE);
      }
      offset += size;
    }
    const constant = auxSizes.every((s) => s === auxSizes[0]);
    const saizBody = Buffer.alloc(5 + (constant ? 0 : auxSizes.length));
    saizBody[0] = constant ? (auxSizes[0] ?? 0) : 0;
    saizBody.writeUInt32BE(auxSizes.length, 1);
    if (!constant)
      auxSizes.forEach((s, k) => {
        saizBody[5 + k] = s;
      });
    const saiz = box('saiz', fullBox(0, 0, saizBody));
    const saio = box('saio', fullBox(0, 0, Buffer.alloc(8)));
    const sencHead = Buffer.alloc(4);
    sencHead.writeUInt32BE(sencEntries.length, 0);
    const senc = box('senc', fullBox(0, track.video ? 0x2 : 0, Buffer.concat([sencHead, ...sencEntries])));
    traf.children!.push(...seigGroup(keyId, count), saiz, saio, senc);
    patches.push({ trun, dataOffset, saio, senc });
  }
  // The fragment's key id for EME, after mfhd: Chromium fires `encrypted` with it on append.
  const mfhdAt = moof.children!.findIndex((n) => n.type === 'mfhd');
  moof.children!.splice(mfhdAt + 1, 0, { type: 'pssh', head: clearKeyPssh([keyId]).subarray(8) });

  // Sizes changed: move every data offset by the growth, then point saio at each senc's first IV.
  const grown = serialize(moof).length - oldMoofSize;
  for (const patch of patches) {
    const head = Buffer.from(patch.trun.head);
    head.writeInt32BE(patch.dataOffset + grown, 8);
    patch.trun.head = head;
  }
  for (const patch of patches) {
    const offset = offsetOf(moof, patch.senc) + 8 + 4 + 4;
    const head = Buffer.from(patch.saio.head);
    head.writeUInt32BE(1, 4);
    head.writeUInt32BE(offset, 8);
    patch.saio.head = head;
  }
  return { moofBuffer: serialize(moof), mdatPayload: payload, start };
}

/** Index of the first fragment-local sample group description (ISO/IEC 14496-12 §8.9.4). */
const FRAGMENT_GROUP_INDEX = 0x10001;

/**
 * A traf's `seig` sample group: `sbgp` putting its `samples` in group 0x10001 and a version 1 `sgpd`
 * whose one entry says protected, 8-byte IVs, `keyId` (CencSampleEncryptionInformationGroupEntry).
 */
function seigGroup(keyId: Buffer, samples: number): Node[] {
  const sbgp = Buffer.alloc(16);
  sbgp.write('seig', 0, 'latin1');
  sbgp.writeUInt32BE(1, 4);
  sbgp.writeUInt32BE(samples, 8);
  sbgp.writeUInt32BE(FRAGMENT_GROUP_INDEX, 12);
  const entry = Buffer.concat([Buffer.from([0, 0, 1, IV_SIZE]), keyId]);
  const sgpd = Buffer.alloc(12);
  sgpd.write('seig', 0, 'latin1');
  sgpd.writeUInt32BE(entry.length, 4); // default_length
  sgpd.writeUInt32BE(1, 8);
  return [box('sbgp', fullBox(0, 0, sbgp)), box('sgpd', fullBox(1, 0, Buffer.concat([sgpd, entry])))];
}

function checkedKey(fragmentKey: FragmentKey): FragmentKey {
  if (fragmentKey.key.length !== 16 || fragmentKey.keyId.length !== 16)
    throw new Error('A fragment key and its key id are 16 bytes each');
  return fragmentKey;
}

/** Byte offset of `target` from the start of `root` (both serialised). */
function offsetOf(root: Node, target: Node): number {
  const walk = (node: Node, at: number): number | undefined => {
    if (node === target) return at;
    let cursor = at + 8 + node.head.length;
    for (const child of node.children ?? []) {
      const found = walk(child, cursor);
      if (found !== undefined) return found;
      cursor += serialize(child).length;
    }
    return undefined;
  };
  const found = walk(root, 0);
  if (found === undefined) throw new Error('Box not found in moof');
  return found;
}

/**
 * [clear, protected] byte ranges of one H.264 sample: length field and NAL header clear for slices
 * (types 1–5), whole NAL units clear for everything else (SPS, PPS, SEI, AUD).
 */
function subsamples(sample: Buffer, lengthSize: number): [number, number][] {
  const ranges: [number, number][] = [];
  let clear = 0;
  let at = 0;
  while (at + lengthSize < sample.length) {
    const length = sample.readUIntBE(at, lengthSize);
    const type = sample[at + lengthSize]! & 0x1f;
    if (type >= 1 && type <= 5 && length > 1) {
      clear += lengthSize + 1;
      while (clear > 0xffff) {
        ranges.push([0xffff, 0]);
        clear -= 0xffff;
      }
      ranges.push([clear, length - 1]);
      clear = 0;
    } else clear += lengthSize + length;
    at += lengthSize + length;
  }
  clear += sample.length - at;
  while (clear > 0) {
    const part = Math.min(clear, 0xffff);
    ranges.push([part, 0]);
    clear -= part;
  }
  return ranges;
}

/** The W3C common system id: ClearKey reads the key ids of this pssh. */
const COMMON_SYSTEM_ID = Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex');

/** A version 1 `pssh` box listing `keyIds` (W3C "cenc" initialisation data, read by ClearKey). */
export function clearKeyPssh(keyIds: readonly Buffer[]): Buffer {
  if (keyIds.length === 0 || keyIds.some((kid) => kid.length !== 16))
    throw new Error('A ClearKey pssh lists one or more 16-byte key ids');
  const size = 32 + keyIds.length * 16 + 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('pssh', 4, 'latin1');
  box.writeUInt32BE(0x01000000, 8); // version 1, flags 0
  COMMON_SYSTEM_ID.copy(box, 12);
  box.writeUInt32BE(keyIds.length, 28);
  keyIds.forEach((kid, i) => {
    kid.copy(box, 32 + i * 16);
  });
  box.writeUInt32BE(0, size - 4); // no data
  return box;
}
