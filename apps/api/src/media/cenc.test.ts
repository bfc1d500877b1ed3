import { createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptFragmentedMp4, type FragmentKey } from './cenc';
import { findFfmpeg, runFfmpeg } from './ffmpeg';

type Box = [type: string, start: number, end: number];

/** Top-level or child boxes of a buffer range. */
function boxes(buffer: Buffer, from = 0, to = buffer.length): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to; at += buffer.readUInt32BE(at))
    out.push([buffer.toString('latin1', at + 4, at + 8), at, at + buffer.readUInt32BE(at)]);
  return out;
}
const children = (buffer: Buffer, [, start, end]: Box, type: string, skip = 8) =>
  boxes(buffer, start + skip, end).filter(([t]) => t === type);
const child = (buffer: Buffer, box: Box, type: string, skip = 8) => children(buffer, box, type, skip)[0]!;
/** A box by path from the top level, e.g. `moov/trak/mdia`. */
const at = (buffer: Buffer, path: string) =>
  path
    .split('/')
    .slice(1)
    .reduce((box, type) => child(buffer, box, type), boxes(buffer).find(([t]) => t === path.split('/')[0])!);

/** A version 1 ClearKey pssh: its system id and key ids. */
function readPssh(buffer: Buffer, [, start]: Box) {
  const count = buffer.readUInt32BE(start + 28);
  return {
    version: buffer[start + 8],
    systemId: buffer.toString('hex', start + 12, start + 28),
    keyIds: Array.from({ length: count }, (_, i) =>
      buffer.toString('hex', start + 32 + i * 16, start + 48 + i * 16),
    ),
  };
}

/** Each traf of a fragment: its samples' [offset, size] in the fragment, and its boxes. */
function trafsOf(fragment: Buffer) {
  const moof = boxes(fragment)[0]!;
  return children(fragment, moof, 'traf').map((traf) => {
    const trun = child(fragment, traf, 'trun');
    const flags = fragment.readUInt32BE(trun[1] + 8) & 0xffffff;
    const count = fragment.readUInt32BE(trun[1] + 12);
    let offset = moof[1] + fragment.readInt32BE(trun[1] + 16);
    let p = trun[1] + 20 + (flags & 0x4 ? 4 : 0);
    const per = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
    const samples: [number, number][] = [];
    for (let i = 0; i < count; i++, p += per) {
      const size = fragment.readUInt32BE(p + (flags & 0x100 ? 4 : 0));
      samples.push([offset, size]);
      offset += size;
    }
    const find = (type: string) => children(fragment, traf, type)[0];
    return {
      samples,
      moofStart: moof[1],
      senc: find('senc'),
      saio: find('saio'),
      sgpd: find('sgpd'),
      sbgp: find('sbgp'),
    };
  });
}

/** Decrypts one sample with its senc entry at `offset`; the clear bytes and where the next entry is. */
function decryptSample(sample: Buffer, key: Buffer, senc: Buffer, offset: number, subsamples: boolean) {
  const iv = Buffer.concat([senc.subarray(offset, offset + 8), Buffer.alloc(8)]);
  const decipher = createDecipheriv('aes-128-ctr', key, iv);
  const out = Buffer.from(sample);
  if (!subsamples) return { clear: decipher.update(sample), next: offset + 8 };
  const count = senc.readUInt16BE(offset + 8);
  let cursor = 0;
  for (let r = 0; r < count; r++) {
    cursor += senc.readUInt16BE(offset + 10 + r * 6);
    const length = senc.readUInt32BE(offset + 12 + r * 6);
    decipher.update(sample.subarray(cursor, cursor + length)).copy(out, cursor);
    cursor += length;
  }
  expect(cursor).toBe(sample.length);
  return { clear: out, next: offset + 10 + count * 6 };
}

/** Decrypts every sample of `fragment` with `key`; the samples, each [decrypted, clear original]. */
function decryptFragment(fragment: Buffer, clearFragment: Buffer, key: Buffer): [Buffer, Buffer][] {
  const clearTrafs = trafsOf(clearFragment);
  return trafsOf(fragment).flatMap((traf, t) => {
    const senc = fragment.subarray(traf.senc![1] + 8, traf.senc![2]);
    const subsamples = (senc.readUInt32BE(0) & 2) !== 0;
    expect(senc.readUInt32BE(4)).toBe(traf.samples.length);
    let next = 8;
    return traf.samples.map(([offset, size], i): [Buffer, Buffer] => {
      const result = decryptSample(fragment.subarray(offset, offset + size), key, senc, next, subsamples);
      next = result.next;
      const [clearOffset, clearSize] = clearTrafs[t]!.samples[i]!;
      return [result.clear, clearFragment.subarray(clearOffset, clearOffset + clearSize)];
    });
  });
}

const COMMON_SYSTEM_ID = '1077efecc0b24d02ace33c1e52e2fb4b';

// Decryption is checked with node:crypto: the npm ffmpeg's `-decryption_key` (2018) fails on fragmented
// CENC, this encryptor's output from before key rotation included.
describe('CENC encryption of fragmented MP4 with a key per fragment', () => {
  const root = mkdtempSync(join(tmpdir(), 'kadr-cenc-'));
  let clear: Buffer;
  /** Each clear fragment (moof + mdat) of `clear`. */
  let clearFragments: Buffer[];
  const keys: FragmentKey[] = Array.from({ length: 8 }, () => ({
    key: randomBytes(16),
    keyId: randomBytes(16),
  }));
  const keyOf = (index: number) => keys[index]!;

  beforeAll(async () => {
    await runFfmpeg(findFfmpeg(), [
      '-y',
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=8:duration=5'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=400:duration=5'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-force_key_frames', 'expr:gte(t,n_forced*2)'],
      ...['-c:a', 'aac', '-ac', '1', '-shortest'],
      ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', join(root, 'clear.mp4')],
    ]);
    clear = readFileSync(join(root, 'clear.mp4'));
    clearFragments = boxes(clear)
      .filter(([t]) => t === 'moof')
      .map(([, start, end]) => clear.subarray(start, boxes(clear, end)[0]![2]));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names fragment 0's key id in the init segment: tenc default and a ClearKey pssh", () => {
    const { init } = encryptFragmentedMp4(clear, keyOf);
    const pssh = children(init, at(init, 'moov'), 'pssh');
    expect(pssh).toHaveLength(1);
    expect(readPssh(init, pssh[0]!)).toEqual({
      version: 1,
      systemId: COMMON_SYSTEM_ID,
      keyIds: [keys[0]!.keyId.toString('hex')],
    });
    const traks = children(init, at(init, 'moov'), 'trak');
    expect(traks).toHaveLength(2);
    for (const trak of traks) {
      const stsd = ['mdia', 'minf', 'stbl', 'stsd'].reduce((box, type) => child(init, box, type), trak);
      const [entry] = boxes(init, stsd[1] + 16, stsd[2]);
      expect(['encv', 'enca']).toContain(entry![0]);
      const tenc = findDeep(init, entry!, 'tenc');
      // tenc: version/flags, reserved, reserved, isProtected 1, IV size 8, the default key id.
      expect(init.subarray(tenc![1] + 14, tenc![1] + 16)).toEqual(Buffer.from([1, 8]));
      expect(init.toString('hex', tenc![1] + 16, tenc![1] + 32)).toBe(keys[0]!.keyId.toString('hex'));
    }
  });

  it('puts each fragment in a seig sample group of its own key id, and lists that key id in its moof pssh', () => {
    const { fragments } = encryptFragmentedMp4(clear, keyOf);
    expect(fragments.length).toBeGreaterThanOrEqual(3);
    fragments.forEach((fragment, f) => {
      const kid = keys[f]!.keyId.toString('hex');
      const moof = boxes(fragment)[0]!;
      expect(moof[0]).toBe('moof');
      const pssh = children(fragment, moof, 'pssh');
      expect(pssh).toHaveLength(1);
      expect(readPssh(fragment, pssh[0]!)).toEqual({ version: 1, systemId: COMMON_SYSTEM_ID, keyIds: [kid] });
      const trafs = trafsOf(fragment);
      expect(trafs).toHaveLength(2);
      for (const { sgpd, sbgp, samples } of trafs) {
        // sbgp v0: 'seig', one entry: every sample of the run → index 0x10001 (this traf's sgpd entry 1).
        expect(fragment.readUInt32BE(sbgp![1] + 8)).toBe(0);
        expect(fragment.toString('latin1', sbgp![1] + 12, sbgp![1] + 16)).toBe('seig');
        expect(fragment.readUInt32BE(sbgp![1] + 16)).toBe(1);
        expect(fragment.readUInt32BE(sbgp![1] + 20)).toBe(samples.length);
        expect(fragment.readUInt32BE(sbgp![1] + 24)).toBe(0x10001);
        // sgpd v1: 'seig', default_length 20, one CencSampleEncryptionInformationGroupEntry.
        expect(fragment[sgpd![1] + 8]).toBe(1);
        expect(fragment.toString('latin1', sgpd![1] + 12, sgpd![1] + 16)).toBe('seig');
        expect(fragment.readUInt32BE(sgpd![1] + 16)).toBe(20);
        expect(fragment.readUInt32BE(sgpd![1] + 20)).toBe(1);
        const entry = sgpd![1] + 24;
        expect(fragment.subarray(entry, entry + 4)).toEqual(Buffer.from([0, 0, 1, 8]));
        expect(fragment.toString('hex', entry + 4, entry + 20)).toBe(kid);
        expect(sgpd![2]).toBe(entry + 20);
      }
    });
  });

  it('encrypts every sample of a fragment so that its own key gives back the clear bytes, and no other key does', () => {
    const result = encryptFragmentedMp4(clear, keyOf);
    expect(result.fragments).toHaveLength(clearFragments.length);
    expect(result.starts[0]).toBe(0);
    expect(result.starts[1]).toBeCloseTo(2, 1);
    let compared = 0;
    result.fragments.forEach((fragment, f) => {
      // saio points at the first IV, counted from the moof.
      for (const traf of trafsOf(fragment))
        expect(fragment.readUInt32BE(traf.saio![1] + 16)).toBe(traf.senc![1] + 16 - traf.moofStart);
      const own = decryptFragment(fragment, clearFragments[f]!, keys[f]!.key);
      for (const [decrypted, original] of own) expect(decrypted.equals(original)).toBe(true);
      compared += own.length;
      // The next fragment's key (a preview's neighbour past its end) opens none of its samples.
      const other = decryptFragment(
        fragment,
        clearFragments[f]!,
        keys[(f + 1) % result.fragments.length]!.key,
      );
      expect(other.filter(([decrypted, original]) => decrypted.equals(original))).toHaveLength(0);
    });
    expect(compared).toBeGreaterThan(40);
  });

  it('refuses input that is not a fragmented MP4 with H.264 and AAC, and keys not 16 bytes', () => {
    expect(() => encryptFragmentedMp4(Buffer.from('not an mp4 at all'), keyOf)).toThrow(/MP4/);
    const moovOnly = boxes(clear).filter(([t]) => t === 'ftyp' || t === 'moov');
    const head = Buffer.concat(moovOnly.map(([, s, e]) => clear.subarray(s, e)));
    expect(() => encryptFragmentedMp4(head, keyOf)).toThrow(/no moof/);
    expect(() =>
      encryptFragmentedMp4(clear, () => ({ key: randomBytes(8), keyId: randomBytes(16) })),
    ).toThrow(/16 bytes/);
  });
});

/** The first box of `type` anywhere inside `parent` (sample entries hide their children behind fields). */
function findDeep(buffer: Buffer, [, start, end]: Box, type: string): Box | undefined {
  const at = buffer.indexOf(type, start + 8, 'latin1');
  return at < 0 || at >= end ? undefined : [type, at - 4, at - 4 + buffer.readUInt32BE(at - 4)];
}
