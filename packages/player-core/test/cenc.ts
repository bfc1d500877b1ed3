/**
 * CENC ('cenc', AES-128-CTR) encryption of a clear fragmented MP4, enough for the ClearKey browser run.
 *
 * Why not ffmpeg's `-encryption_scheme cenc-aes-ctr`: the npm static ffmpeg (2018) writes the sample
 * auxiliary information (senc/saiz/saio) into the moov's sample table, not into each fragment's traf, so
 * the IVs of fragmented output are lost and Chromium refuses every media segment with "Sample encryption
 * info is not available". Here ffmpeg writes clear fragments and this module encrypts them:
 * - init: each track's sample entry becomes encv/enca with a sinf (frma, schm 'cenc', tenc with the key
 *   id and 8-byte IVs), and a ClearKey pssh joins the moov so Chromium fires `encrypted`;
 * - fragments: samples are encrypted in place (video: H.264 slice NAL units after their length and
 *   header byte, as subsamples; audio: whole samples), and each traf gains senc, saiz and saio.
 */
import { createCipheriv } from 'node:crypto';

interface Box {
  type: string;
  start: number;
  end: number;
  /** Start of the payload (after size and type). */
  body: number;
}

function boxes(buffer: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    const size = buffer.readUInt32BE(offset);
    if (size < 8 || offset + size > to) throw new Error(`unsupported MP4 box size at ${offset}`);
    found.push({
      type: buffer.toString('latin1', offset + 4, offset + 8),
      start: offset,
      end: offset + size,
      body: offset + 8,
    });
    offset += size;
  }
  return found;
}

function only(buffer: Buffer, parent: Box, type: string, skip = 0): Box {
  const box = boxes(buffer, parent.body + skip, parent.end).find((child) => child.type === type);
  if (!box) throw new Error(`no ${type} in ${parent.type}`);
  return box;
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

function fullBoxHeader(version: number, flags: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return header;
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
}

const COMMON_SYSTEM_ID = Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex');

/** A version 1 pssh of the W3C common system listing the key id ("cenc" init data for ClearKey). */
export function clearKeyPssh(keyId: Buffer): Buffer {
  return box('pssh', fullBoxHeader(1, 0), COMMON_SYSTEM_ID, u32(1), keyId, u32(0));
}

function protectionScheme(originalFormat: string, keyId: Buffer): Buffer {
  const frma = box('frma', Buffer.from(originalFormat, 'latin1'));
  const schm = box('schm', fullBoxHeader(0, 0), Buffer.from('cenc', 'latin1'), u32(0x00010000));
  // tenc v0: two reserved bytes, isProtected = 1, Per_Sample_IV_Size = 8, default KID.
  const tenc = box('tenc', fullBoxHeader(0, 0), Buffer.from([0, 0, 1, 8]), keyId);
  return box('sinf', frma, schm, box('schi', tenc));
}

/** Fixed fields before the child boxes of a sample entry. */
const SAMPLE_ENTRY_FIELDS: Record<string, number> = { avc1: 78, mp4a: 28 };
const ENCRYPTED_ENTRY: Record<string, string> = { avc1: 'encv', mp4a: 'enca' };

interface Track {
  id: number;
  kind: 'video' | 'audio';
  /** Bytes of each NAL unit's length field (video). */
  nalLengthSize: number;
}

/** Re-writes `parent` with `replace` applied to its direct children (`skip`: bytes before them). */
function rewrite(buffer: Buffer, parent: Box, replace: (child: Box) => Buffer, skip = 0): Buffer {
  const children = boxes(buffer, parent.body + skip, parent.end).map(replace);
  return box(parent.type, buffer.subarray(parent.body, parent.body + skip), ...children);
}

function encryptTrak(buffer: Buffer, trak: Box, keyId: Buffer): { bytes: Buffer; track: Track } {
  const tkhd = only(buffer, trak, 'tkhd');
  const id = buffer.readUInt32BE(tkhd.body + (buffer[tkhd.body] === 1 ? 20 : 12));
  const mdia = only(buffer, trak, 'mdia');
  const handler = buffer.toString(
    'latin1',
    only(buffer, mdia, 'hdlr').body + 8,
    only(buffer, mdia, 'hdlr').body + 12,
  );
  if (handler !== 'vide' && handler !== 'soun') throw new Error(`unsupported track handler ${handler}`);
  let nalLengthSize = 4;

  const bytes = rewrite(buffer, trak, (child) => {
    if (child.type !== 'mdia') return buffer.subarray(child.start, child.end);
    return rewrite(buffer, child, (mdiaChild) => {
      if (mdiaChild.type !== 'minf') return buffer.subarray(mdiaChild.start, mdiaChild.end);
      return rewrite(buffer, mdiaChild, (minfChild) => {
        if (minfChild.type !== 'stbl') return buffer.subarray(minfChild.start, minfChild.end);
        return rewrite(buffer, minfChild, (stblChild) => {
          if (stblChild.type !== 'stsd') return buffer.subarray(stblChild.start, stblChild.end);
          return rewrite(
            buffer,
            stblChild,
            (entry) => {
              const fields = SAMPLE_ENTRY_FIELDS[entry.type];
              const encrypted = ENCRYPTED_ENTRY[entry.type];
              if (fields === undefined || encrypted === undefined)
                throw new Error(`unsupported sample entry ${entry.type}`);
              if (entry.type === 'avc1') {
                const avcC = only(buffer, entry, 'avcC', fields);
                nalLengthSize = ((buffer[avcC.body + 4] ?? 3) & 3) + 1;
              }
              return box(
                encrypted,
                buffer.subarray(entry.body, entry.end),
                protectionScheme(entry.type, keyId),
              );
            },
            8,
          );
        });
      });
    });
  });
  return { bytes, track: { id, kind: handler === 'vide' ? 'video' : 'audio', nalLengthSize } };
}

/** The encrypted init segment (ftyp + moov) and the tracks found. */
function encryptInit(
  buffer: Buffer,
  ftyp: Box,
  moov: Box,
  keyId: Buffer,
): { init: Buffer; tracks: Map<number, Track> } {
  const tracks = new Map<number, Track>();
  const children = boxes(buffer, moov.body, moov.end).map((child) => {
    if (child.type !== 'trak') return buffer.subarray(child.start, child.end);
    const { bytes, track } = encryptTrak(buffer, child, keyId);
    tracks.set(track.id, track);
    return bytes;
  });
  const init = Buffer.concat([
    buffer.subarray(ftyp.start, ftyp.end),
    box('moov', ...children, clearKeyPssh(keyId)),
  ]);
  return { init, tracks };
}

interface Subsample {
  clear: number;
  protected: number;
}

/** Subsamples of one H.264 sample: slice NAL units protected after their length and header byte. */
function videoSubsamples(sample: Buffer, lengthSize: number): Subsample[] {
  const subsamples: Subsample[] = [];
  let clear = 0;
  let offset = 0;
  while (offset < sample.length) {
    const length = sample.readUIntBE(offset, lengthSize);
    const type = (sample[offset + lengthSize] ?? 0) & 0x1f;
    if ((type === 1 || type === 5) && length > 1) {
      subsamples.push({ clear: clear + lengthSize + 1, protected: length - 1 });
      clear = 0;
    } else {
      clear += lengthSize + length;
    }
    offset += lengthSize + length;
  }
  if (offset !== sample.length) throw new Error('H.264 sample does not end on a NAL unit');
  if (clear > 0) subsamples.push({ clear, protected: 0 });
  // A clear run longer than 16 bits is split into several entries.
  return subsamples.flatMap((entry) => {
    const parts: Subsample[] = [];
    let rest = entry.clear;
    while (rest > 0xffff) {
      parts.push({ clear: 0xffff, protected: 0 });
      rest -= 0xffff;
    }
    parts.push({ clear: rest, protected: entry.protected });
    return parts;
  });
}

/** AES-CTR over the protected ranges of one sample, in place; the keystream runs on across ranges. */
function encryptSample(sample: Buffer, key: Buffer, iv: Buffer, subsamples: Subsample[] | null): void {
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.concat([iv, Buffer.alloc(8)]));
  if (!subsamples) {
    cipher.update(sample).copy(sample);
    return;
  }
  let offset = 0;
  for (const { clear, protected: size } of subsamples) {
    offset += clear;
    if (size > 0) cipher.update(sample.subarray(offset, offset + size)).copy(sample, offset);
    offset += size;
  }
}

interface TrunInfo {
  dataOffsetAt: number;
  dataOffset: number;
  sizes: number[];
}

function readTrun(buffer: Buffer, trun: Box, defaultSize: number): TrunInfo {
  const flags = buffer.readUInt32BE(trun.body) & 0xffffff;
  const count = buffer.readUInt32BE(trun.body + 4);
  let at = trun.body + 8;
  if (!(flags & 0x1)) throw new Error('trun without data offset');
  const dataOffsetAt = at;
  const dataOffset = buffer.readInt32BE(at);
  at += 4;
  if (flags & 0x4) at += 4;
  const sizes: number[] = [];
  for (let index = 0; index < count; index++) {
    if (flags & 0x100) at += 4;
    if (flags & 0x200) {
      sizes.push(buffer.readUInt32BE(at));
      at += 4;
    } else sizes.push(defaultSize);
    if (flags & 0x400) at += 4;
    if (flags & 0x800) at += 4;
  }
  return { dataOffsetAt, dataOffset, sizes };
}

/** Encrypts one moof + mdat pair (a copy) and adds senc/saiz/saio to its trafs. */
function encryptFragment(
  buffer: Buffer,
  moof: Box,
  mdat: Box,
  tracks: Map<number, Track>,
  key: Buffer,
  nextIv: (trackId: number) => Buffer,
  rotatedKeyId: Buffer | null,
): Buffer {
  const data = Buffer.from(buffer.subarray(mdat.start, mdat.end));
  const children = boxes(buffer, moof.body, moof.end);
  const rebuilt: { bytes: Buffer; trunOffsetAt: number | null; ivsAt: number | null }[] = [];

  for (const child of children) {
    if (child.type !== 'traf') {
      rebuilt.push({
        bytes: Buffer.from(buffer.subarray(child.start, child.end)),
        trunOffsetAt: null,
        ivsAt: null,
      });
      continue;
    }
    const tfhd = only(buffer, child, 'tfhd');
    const tfhdFlags = buffer.readUInt32BE(tfhd.body) & 0xffffff;
    const trackId = buffer.readUInt32BE(tfhd.body + 4);
    if (tfhdFlags & 0x1) throw new Error('tfhd base_data_offset is not supported (use default_base_moof)');
    let at = tfhd.body + 8;
    if (tfhdFlags & 0x2) at += 4;
    if (tfhdFlags & 0x8) at += 4;
    const defaultSize = tfhdFlags & 0x10 ? buffer.readUInt32BE(at) : 0;
    const trun = only(buffer, child, 'trun');
    const info = readTrun(buffer, trun, defaultSize);
    const track = tracks.get(trackId);
    if (!track) throw new Error(`fragment of unknown track ${trackId}`);

    // Encrypt the samples (offsets relative to the moof, default-base-is-moof).
    let position = info.dataOffset - (mdat.start - moof.start);
    const entries: Buffer[] = [];
    for (const size of info.sizes) {
      const sample = data.subarray(position, position + size);
      const iv = nextIv(trackId);
      const subsamples = track.kind === 'video' ? videoSubsamples(sample, track.nalLengthSize) : null;
      encryptSample(sample, key, iv, subsamples);
      if (subsamples) {
        const entry = Buffer.alloc(8 + 2 + subsamples.length * 6);
        iv.copy(entry, 0);
        entry.writeUInt16BE(subsamples.length, 8);
        subsamples.forEach((subsample, index) => {
          entry.writeUInt16BE(subsample.clear, 10 + index * 6);
          entry.writeUInt32BE(subsample.protected, 12 + index * 6);
        });
        entries.push(entry);
      } else entries.push(Buffer.from(iv));
      position += size;
    }

    const senc = box(
      'senc',
      fullBoxHeader(0, track.kind === 'video' ? 0x2 : 0),
      u32(entries.length),
      ...entries,
    );
    const sameSize = entries.every((entry) => entry.length === entries[0]?.length);
    const saiz = sameSize
      ? box('saiz', fullBoxHeader(0, 0), Buffer.from([entries[0]?.length ?? 0]), u32(entries.length))
      : box(
          'saiz',
          fullBoxHeader(0, 0),
          Buffer.from([0]),
          u32(entries.length),
          Buffer.from(entries.map((entry) => entry.length)),
        );
    const saio = box('saio', fullBoxHeader(0, 0), u32(1), u32(0));
    const original = buffer.subarray(child.body, child.end);
    const group = rotatedKeyId ? seigGroup(rotatedKeyId, info.sizes.length) : Buffer.alloc(0);
    const traf = box('traf', original, group, senc, saiz, saio);
    rebuilt.push({
      bytes: traf,
      trunOffsetAt: 8 + (info.dataOffsetAt - child.body),
      ivsAt: 8 + original.length + group.length + 16,
    });
    if (rotatedKeyId && !rebuilt.some((part) => part.bytes.toString('latin1', 4, 8) === 'pssh')) {
      // Key rotation: the fragment's key id for EME, right after mfhd (Chromium fires `encrypted`).
      rebuilt.splice(1, 0, { bytes: clearKeyPssh(rotatedKeyId), trunOffsetAt: null, ivsAt: null });
    }
  }

  // Lay the moof out, then point each saio at its IVs and move each trun's data offset by the growth.
  const moofSize = 8 + rebuilt.reduce((sum, part) => sum + part.bytes.length, 0);
  const growth = moofSize - (moof.end - moof.start);
  let offset = 8;
  for (const part of rebuilt) {
    if (part.trunOffsetAt !== null && part.ivsAt !== null) {
      part.bytes.writeInt32BE(part.bytes.readInt32BE(part.trunOffsetAt) + growth, part.trunOffsetAt);
      part.bytes.writeUInt32BE(offset + part.ivsAt, part.bytes.length - 4);
    }
    offset += part.bytes.length;
  }
  return Buffer.concat([box('moof', ...rebuilt.map((part) => part.bytes)), data]);
}

/**
 * Key rotation (ISO/IEC 23001-7 §6): a traf's fragment-local `seig` group — `sbgp` putting its samples
 * in group 0x10001, `sgpd` v1 whose entry says protected, 8-byte IVs, `keyId`.
 */
function seigGroup(keyId: Buffer, samples: number): Buffer {
  const sbgp = box(
    'sbgp',
    fullBoxHeader(0, 0),
    Buffer.from('seig', 'latin1'),
    u32(1),
    u32(samples),
    u32(0x10001),
  );
  const entry = Buffer.concat([Buffer.from([0, 0, 1, 8]), keyId]);
  const sgpd = box(
    'sgpd',
    fullBoxHeader(1, 0),
    Buffer.from('seig', 'latin1'),
    u32(entry.length),
    u32(1),
    entry,
  );
  return Buffer.concat([sbgp, sgpd]);
}

/** One fragment's key and key id, for key rotation. */
export interface FragmentKey {
  key: Buffer;
  keyId: Buffer;
}

/**
 * A clear fragmented MP4 (ftyp, moov, then moof + mdat pairs) as CENC init and media segments. With
 * `rotation`, fragment i is encrypted with `rotation(i)` instead, named in its own seig group and moof
 * pssh (what the api's packager does, apps/api/src/media/cenc.ts); `key` and `keyId` then stand in the
 * init segment (pass fragment 0's).
 */
export function encryptFragmentedMp4(
  mp4: Buffer,
  key: Buffer,
  keyId: Buffer,
  rotation?: (fragment: number) => FragmentKey,
): { init: Buffer; segments: Buffer[] } {
  if (key.length !== 16 || keyId.length !== 16) throw new Error('key and key id are 16 bytes');
  const top = boxes(mp4, 0, mp4.length);
  const ftyp = top.find((entry) => entry.type === 'ftyp');
  const moov = top.find((entry) => entry.type === 'moov');
  if (!ftyp || !moov) throw new Error('not a fragmented MP4: no ftyp or moov');
  const { init, tracks } = encryptInit(mp4, ftyp, moov, keyId);

  const counters = new Map<number, number>();
  const nextIv = (trackId: number) => {
    const count = counters.get(trackId) ?? 0;
    counters.set(trackId, count + 1);
    const iv = Buffer.alloc(8);
    // Unique per sample: track id in the high half, sample number in the low half.
    iv.writeUInt32BE(trackId, 0);
    iv.writeUInt32BE(count, 4);
    return iv;
  };
  const segments: Buffer[] = [];
  top.forEach((entry, index) => {
    const next = top[index + 1];
    if (entry.type === 'moof' && next?.type === 'mdat') {
      const rotated = rotation?.(segments.length);
      segments.push(
        encryptFragment(mp4, entry, next, tracks, rotated?.key ?? key, nextIv, rotated?.keyId ?? null),
      );
    }
  });
  if (segments.length === 0) throw new Error('not a fragmented MP4: no moof');
  return { init, segments };
}
