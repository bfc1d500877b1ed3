import { spawnSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encryptFragmentedMp4 } from './cenc.ts';
import { findFfmpeg } from './clearkey-fixture.ts';

const key = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const keyId = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');

function clearFragmentedMp4(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-cenc-'));
  try {
    const out = join(dir, 'clear.mp4');
    const result = spawnSync(findFfmpeg(), [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=160x90:rate=25:duration=2',
      ],
      ...['-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
      ...['-y', out],
    ]);
    if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Finds the first box of `type` anywhere under `buffer[from, to)` (depth-first over containers). */
function find(
  buffer: Buffer,
  type: string,
  from = 0,
  to = buffer.length,
): { body: number; end: number } | null {
  let offset = from;
  while (offset + 8 <= to) {
    const size = buffer.readUInt32BE(offset);
    const name = buffer.toString('latin1', offset + 4, offset + 8);
    if (name === type) return { body: offset + 8, end: offset + size };
    if (['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf'].includes(name)) {
      const inner = find(buffer, type, offset + 8, offset + size);
      if (inner) return inner;
    }
    offset += size;
  }
  return null;
}

/** The first video sample of a fragment decrypted with `key` (IV and subsamples from senc, place from trun). */
function decryptFirstVideoSample(segment: Buffer, key: Buffer) {
  const senc = find(segment, 'senc');
  const saio = find(segment, 'saio');
  const trun = find(segment, 'trun');
  if (!senc || !saio || !trun) throw new Error('senc, saio or trun missing');
  // saio points at the first IV in senc (offsets from the moof start).
  expect(segment.readUInt32BE(saio.body + 8)).toBe(senc.body + 8);
  const flags = segment.readUInt32BE(senc.body) & 0xffffff;
  expect(flags & 2).toBe(2);
  const iv = segment.subarray(senc.body + 8, senc.body + 16);
  const count = segment.readUInt16BE(senc.body + 16);
  const dataOffset = segment.readInt32BE(trun.body + 8);
  const trunFlags = segment.readUInt32BE(trun.body) & 0xffffff;
  const size = segment.readUInt32BE(trun.body + 12 + (trunFlags & 0x4 ? 4 : 0) + (trunFlags & 0x100 ? 4 : 0));
  const decipher = createDecipheriv('aes-128-ctr', key, Buffer.concat([iv, Buffer.alloc(8)]));
  const encrypted = segment.subarray(dataOffset, dataOffset + size);
  const decrypted = Buffer.from(encrypted);
  let offset = 0;
  for (let index = 0; index < count; index++) {
    offset += segment.readUInt16BE(senc.body + 18 + index * 6);
    const protectedBytes = segment.readUInt32BE(senc.body + 20 + index * 6);
    decipher.update(decrypted.subarray(offset, offset + protectedBytes)).copy(decrypted, offset);
    offset += protectedBytes;
  }
  expect(offset).toBe(size);
  return { decrypted, encrypted };
}

describe('encryptFragmentedMp4', () => {
  const clear = clearFragmentedMp4();
  const { init, segments } = encryptFragmentedMp4(clear, key, keyId);

  it('marks the tracks as CENC-protected with the key id and adds a ClearKey pssh', () => {
    expect(init.includes(Buffer.from('encv'))).toBe(true);
    expect(init.includes(Buffer.from('enca'))).toBe(true);
    expect(init.includes(Buffer.from('cenc'))).toBe(true);
    const pssh = find(init, 'pssh');
    expect(pssh && init.subarray(pssh.body + 4, pssh.body + 20).toString('hex')).toBe(
      '1077efecc0b24d02ace33c1e52e2fb4b',
    );
    expect(init.includes(keyId)).toBe(true);
  });

  it('encrypts each fragment so that its senc and saio decrypt it back to the clear bytes', () => {
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const { decrypted, encrypted } = decryptFirstVideoSample(segments[0] as Buffer, key);
    expect(decrypted.equals(encrypted)).toBe(false);
    expect(clear.includes(decrypted)).toBe(true);
  });

  it('rotates keys: each fragment under its own key, named in its seig group and moof pssh', () => {
    const keys = [0, 1, 2, 3].map((i) => ({
      key: Buffer.alloc(16, i + 1),
      keyId: Buffer.alloc(16, i + 0x10),
    }));
    const rotated = encryptFragmentedMp4(clear, keys[0]!.key, keys[0]!.keyId, (i) => keys[i]!);
    expect(rotated.segments.length).toBeGreaterThanOrEqual(2);
    rotated.segments.forEach((segment, i) => {
      const pssh = find(segment, 'pssh');
      const sgpd = find(segment, 'sgpd');
      if (!pssh || !sgpd) throw new Error('pssh or sgpd missing');
      expect(segment.subarray(pssh.body + 24, pssh.body + 40)).toEqual(keys[i]!.keyId);
      // sgpd v1 'seig', default_length 20, one entry: protected, 8-byte IVs, the key id.
      expect(segment.subarray(sgpd.body + 20, sgpd.body + 36)).toEqual(keys[i]!.keyId);
      expect(find(segment, 'sbgp')).not.toBeNull();
      const own = decryptFirstVideoSample(segment, keys[i]!.key);
      expect(clear.includes(own.decrypted)).toBe(true);
      const other = decryptFirstVideoSample(segment, keys[(i + 1) % 4]!.key);
      expect(clear.includes(other.decrypted)).toBe(false);
    });
  });

  it('refuses what it cannot handle', () => {
    expect(() => encryptFragmentedMp4(clear, key.subarray(0, 8), keyId)).toThrow('16 bytes');
    expect(() => encryptFragmentedMp4(Buffer.from('not an mp4 at all'), key, keyId)).toThrow();
  });
});
