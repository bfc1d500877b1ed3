import { createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptFragmentedMp4 } from './cenc';
import { findFfmpeg, runFfmpeg } from './ffmpeg';

/** Top-level or child boxes of a buffer range: [type, start, end]. */
function boxes(buffer: Buffer, from = 0, to = buffer.length): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (let at = from; at + 8 <= to; at += buffer.readUInt32BE(at))
    out.push([buffer.toString('latin1', at + 4, at + 8), at, at + buffer.readUInt32BE(at)]);
  return out;
}
const child = (buffer: Buffer, [, start, end]: [string, number, number], type: string, skip = 8) =>
  boxes(buffer, start + skip, end).find(([t]) => t === type)!;

/** Each traf of a fragment: its samples' [offset, size] in the fragment, and its senc box if any. */
function trafsOf(fragment: Buffer) {
  const moof = boxes(fragment)[0]!;
  return boxes(fragment, moof[1] + 8, moof[2])
    .filter(([t]) => t === 'traf')
    .map((traf) => {
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
      return {
        samples,
        moofStart: moof[1],
        senc: child(fragment, traf, 'senc'),
        saio: child(fragment, traf, 'saio'),
      };
    });
}

/** Decrypts one sample with its senc entry at `at`; returns the clear bytes and where the next entry is. */
function decryptSample(sample: Buffer, key: Buffer, senc: Buffer, at: number, subsamples: boolean) {
  const iv = Buffer.concat([senc.subarray(at, at + 8), Buffer.alloc(8)]);
  const decipher = createDecipheriv('aes-128-ctr', key, iv);
  const out = Buffer.from(sample);
  if (!subsamples) return { clear: Buffer.concat([decipher.update(sample)]), next: at + 8 };
  const count = senc.readUInt16BE(at + 8);
  let cursor = 0;
  for (let r = 0; r < count; r++) {
    cursor += senc.readUInt16BE(at + 10 + r * 6);
    const length = senc.readUInt32BE(at + 12 + r * 6);
    decipher.update(sample.subarray(cursor, cursor + length)).copy(out, cursor);
    cursor += length;
  }
  expect(cursor).toBe(sample.length);
  return { clear: out, next: at + 10 + count * 6 };
}

describe('CENC encryption of fragmented MP4', () => {
  const root = mkdtempSync(join(tmpdir(), 'kadr-cenc-'));
  let clear: Buffer;
  beforeAll(async () => {
    await runFfmpeg(findFfmpeg(), [
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x90:rate=8:duration=5',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=400:duration=5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-force_key_frames',
      'expr:gte(t,n_forced*2)',
      '-c:a',
      'aac',
      '-ac',
      '1',
      '-shortest',
      '-movflags',
      'frag_keyframe+empty_moov+default_base_moof',
      join(root, 'clear.mp4'),
    ]);
    clear = readFileSync(join(root, 'clear.mp4'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('encrypts every sample so that the key and the senc IVs give back the clear bytes', () => {
    const key = randomBytes(16);
    const kid = randomBytes(16).toString('hex');
    const clearFragments = boxes(clear).filter(([t]) => t === 'moof');
    const result = encryptFragmentedMp4(clear, key, kid);
    expect(result.fragments).toHaveLength(clearFragments.length);
    expect(result.starts[0]).toBe(0);
    expect(result.starts[1]).toBeCloseTo(2, 1);

    let changed = 0;
    let compared = 0;
    result.fragments.forEach((fragment, f) => {
      const [, moofStart, moofEnd] = clearFragments[f]!;
      const clearFragment = clear.subarray(moofStart, boxes(clear, moofEnd)[0]![2]);
      const clearTrafs = trafsOf(clearFragment);
      trafsOf(fragment).forEach((traf, t) => {
        expect(traf.senc).toBeDefined();
        const senc = fragment.subarray(traf.senc[1] + 8, traf.senc[2]);
        const subsamples = (senc.readUInt32BE(0) & 2) !== 0;
        expect(senc.readUInt32BE(4)).toBe(traf.samples.length);
        // saio points at the first IV, counted from the moof.
        expect(fragment.readUInt32BE(traf.saio[1] + 16)).toBe(traf.senc[1] + 16 - traf.moofStart);
        let at = 8;
        traf.samples.forEach(([offset, size], i) => {
          const encrypted = fragment.subarray(offset, offset + size);
          const [clearOffset, clearSize] = clearTrafs[t]!.samples[i]!;
          const original = clearFragment.subarray(clearOffset, clearOffset + clearSize);
          const { clear: decrypted, next } = decryptSample(encrypted, key, senc, at, subsamples);
          at = next;
          expect(decrypted.equals(original)).toBe(true);
          if (!encrypted.equals(original)) changed++;
          compared++;
        });
      });
    });
    expect(compared).toBeGreaterThan(40);
    expect(changed).toBe(compared);
  });

  it('refuses input that is not a fragmented MP4 with H.264 and AAC', () => {
    const key = randomBytes(16);
    expect(() => encryptFragmentedMp4(Buffer.from('not an mp4 at all'), key, '00'.repeat(16))).toThrow(/MP4/);
    const moovOnly = boxes(clear).filter(([t]) => t === 'ftyp' || t === 'moov');
    const head = Buffer.concat(moovOnly.map(([, s, e]) => clear.subarray(s, e)));
    expect(() => encryptFragmentedMp4(head, key, '00'.repeat(16))).toThrow(/no moof/);
  });
});
