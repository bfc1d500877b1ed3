import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { encryptFragmentedMp4 } from './cenc';
import { type FfmpegBinary, findFfmpeg, runFfmpeg } from './ffmpeg';
import { ensureAssetKey, segmentKey, segmentKeyId } from './keys';
import { parseMediaPlaylist, writeMasterPlaylist, writeMediaPlaylist } from './playlist';
import { MediaInputError, probeInput } from './probe';
import {
  INIT_SEGMENT,
  isLiveLoopId,
  isMediaAssetId,
  keyPlaceholderUri,
  MASTER_PLAYLIST,
  MEDIA_PLAYLIST,
  META_FILE,
  type MediaAssetMeta,
  type MediaEncryption,
  type MediaRenditionMeta,
  type MediaStore,
  type PackagedId,
  POSTER_FILE,
  RENDITION_NAME_PATTERN,
  segmentKeyPlaceholderUri,
  segmentName,
} from './store';

/** One rung of the ladder. */
export interface RenditionSpec {
  /** Folder name, e.g. `360p`. */
  name: string;
  width: number;
  height: number;
  /** Target video bits per second. */
  videoBitrate: number;
}

/** 640×360 and 426×240: small enough for the demo budget, two rungs for quality switching. */
export const DEFAULT_LADDER: readonly RenditionSpec[] = [
  { name: '360p', width: 640, height: 360, videoBitrate: 600_000 },
  { name: '240p', width: 426, height: 240, videoBitrate: 300_000 },
];

export const DEFAULT_SEGMENT_SECONDS = 4;

/** A source ffmpeg generates itself (lavfi): no file, hashed by its description. */
export interface GeneratedSource {
  kind: 'generated';
  /** Everything that makes the picture and sound; hashed, so a change repackages. */
  description: string;
  /** Seconds. */
  duration: number;
  /** ffmpeg input arguments: one input whose first video and first audio stream are used. */
  inputArgs: string[];
  /** Filters applied to input 0 before the ladder (drawtext …); may name files in `files`. */
  videoFilter: string;
  /** Files written into ffmpeg's working folder first (drawtext `textfile=`), by name. */
  files: Record<string, string>;
  frameRate: number;
}

export interface PackageVideoOptions {
  /** A video file, or a generated source. */
  input: string | GeneratedSource;
  /** A VOD asset (`ek-`/`ep-`), or a channel's live loop (`lv-`, encryption `none` only). */
  asset: PackagedId;
  store: MediaStore;
  renditions?: readonly RenditionSpec[];
  /** Target segment length, seconds (4–6 s segments at the default 4). */
  segmentSeconds?: number;
  encryption?: MediaEncryption;
  ffmpeg?: FfmpegBinary;
  /** x264 preset: `veryfast` for files, `ultrafast` for demo sources. */
  preset?: string;
  audioBitrate?: number;
  /** Run ffmpeg at a lower priority (background work). */
  nice?: boolean;
  signal?: AbortSignal;
}

export interface PackageResult {
  meta: MediaAssetMeta;
  /** True when the asset was already packaged from the same source and options. */
  skipped: boolean;
}

/**
 * Packages a video as encrypted HLS VOD in the media store (layout in store.ts): a ladder of
 * renditions with segments cut on forced key frames every `segmentSeconds`, a master playlist, a poster
 * and meta.json. The work happens in DATA_DIR/media-staging and is renamed into place, so readers never
 * see a half-written asset; an asset already packaged from the same source hash is left as it is.
 */
export async function packageVideo(options: PackageVideoOptions): Promise<PackageResult> {
  const { asset, store } = options;
  if (!isMediaAssetId(asset) && !isLiveLoopId(asset))
    throw new Error(`Not a media asset id: ${asset} (expected ek-<id> or ep-<id>)`);
  const { renditions, segmentSeconds, encryption } = packagingSettings(options);
  if (isLiveLoopId(asset) !== (encryption === 'none'))
    throw new Error(
      `${asset}: live loops (lv-<channel>-<look>), and only they, are packaged clear (encryption none)`,
    );
  const ffmpeg = options.ffmpeg ?? findFfmpeg();

  const source =
    typeof options.input === 'string'
      ? await fileSource(ffmpeg, options.input)
      : generatedSource(options.input);
  const sourceHash = packagingHash(source.hash, options);
  const existing = await readAssetMeta(store, asset);
  if (existing?.sourceHash === sourceHash) return { meta: existing, skipped: true };

  // Live loops are stored clear and encrypted per request (docs/decisions/029): no asset key.
  const keyed = isLiveLoopId(asset) ? undefined : { asset, ...(await ensureAssetKey(store, asset)) };
  const keyId = keyed?.keyId ?? '';
  const stagingRoot = join(store.dataDir, 'media-staging');
  const work = join(stagingRoot, `${asset}.${randomBytes(6).toString('hex')}`);
  const out = join(work, 'out');
  await mkdir(out, { recursive: true });
  try {
    for (const r of renditions) await mkdir(join(out, r.name));
    if (source.kind === 'generated') {
      for (const [name, text] of Object.entries(source.files)) await writeFile(join(work, name), text);
    }

    const args = ffmpegArgs({ source, renditions, segmentSeconds, encryption, options });
    await runFfmpeg(ffmpeg, args, { cwd: work, signal: options.signal, nice: options.nice });

    const hasAudio = options.audioBitrate !== 0 && source.hasAudio;
    const metaRenditions: MediaRenditionMeta[] = [];
    for (const r of renditions) {
      if (!keyed) {
        const { meta } = await finishTsRendition(out, r, undefined, hasAudio);
        metaRenditions.push(meta);
        await writeFile(join(out, r.name, MEDIA_PLAYLIST), writeMediaPlaylist(meta, undefined));
      } else if (encryption === 'aes-128') {
        const { meta, ivs } = await finishTsRendition(out, r, keyed.key, hasAudio);
        metaRenditions.push(meta);
        // A key line per segment: its own key (by index) and IV.
        const keyLine = (index: number) =>
          `#EXT-X-KEY:METHOD=AES-128,URI="${segmentKeyPlaceholderUri(keyed.asset, index)}",IV=0x${ivs[index]!.toString('hex')}`;
        await writeFile(join(out, r.name, MEDIA_PLAYLIST), writeMediaPlaylist(meta, keyLine));
      } else {
        const meta = await finishFmp4Rendition(out, r, keyed.key, source.duration, source.hasAudio);
        metaRenditions.push(meta);
        // No KEYID: the key id changes with every fragment (its pssh and seig name it, cenc.ts).
        const keyLine = `#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",URI="${keyPlaceholderUri(keyed.asset)}"`;
        await writeFile(join(out, r.name, MEDIA_PLAYLIST), writeMediaPlaylist(meta, keyLine));
      }
    }
    await writeFile(join(out, MASTER_PLAYLIST), writeMasterPlaylist(metaRenditions, MEDIA_PLAYLIST));
    await stat(join(out, POSTER_FILE));

    const meta: MediaAssetMeta = {
      asset,
      duration: round3(
        Math.max(...metaRenditions.map((r) => r.segments.reduce((s, x) => s + x.duration, 0))),
      ),
      renditions: metaRenditions,
      encryption,
      keyId,
      segmentKeys: true,
      createdAt: new Date().toISOString(),
      sourceHash,
      origin: source.kind === 'file' ? 'file' : 'generated',
    };
    await writeFile(join(out, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
    await swapIntoPlace(out, store.assetDir(asset), work);
    return { meta, skipped: false };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function packagingSettings(options: Omit<PackageVideoOptions, 'input' | 'asset' | 'store'>) {
  const renditions = checkLadder(options.renditions ?? DEFAULT_LADDER);
  const segmentSeconds = options.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
  if (!(segmentSeconds >= 2 && segmentSeconds <= 10)) throw new Error('segmentSeconds must be 2–10');
  return {
    renditions,
    segmentSeconds,
    encryption: options.encryption ?? 'aes-128',
    preset: options.preset,
    audioBitrate: options.audioBitrate,
  };
}

/** The meta.json sourceHash: the source's own hash and every option that changes the output. */
function packagingHash(
  sourceHash: string,
  options: Omit<PackageVideoOptions, 'input' | 'asset' | 'store'>,
): string {
  return (
    createHash('sha256')
      .update(sourceHash)
      // v: 2 (aes-128) and 3 (cenc-clearkey) since a key per segment: older packages are redone once.
      .update(JSON.stringify({ ...packagingSettings(options), v: packagingVersion(options) }))
      .digest('hex')
  );
}

const packagingVersion = (options: Pick<PackageVideoOptions, 'encryption'>) =>
  options.encryption === 'cenc-clearkey' ? 3 : 2;

/**
 * True when the asset is already packaged from this generated source with these options (what
 * packageVideo would skip), without running anything: the demo queue checks its whole list this way.
 */
export async function isGeneratedAssetCurrent(
  options: PackageVideoOptions & { input: GeneratedSource },
): Promise<MediaAssetMeta | undefined> {
  const meta = await readAssetMeta(options.store, options.asset);
  const expected = packagingHash(generatedSource(options.input).hash, options);
  return meta?.sourceHash === expected ? meta : undefined;
}

/** meta.json of a packaged asset, or undefined when it is missing or unreadable. */
export async function readAssetMeta(
  store: MediaStore,
  asset: PackagedId,
): Promise<MediaAssetMeta | undefined> {
  try {
    const meta = JSON.parse(await readFile(store.meta(asset), 'utf8')) as MediaAssetMeta;
    return meta.asset === asset && typeof meta.sourceHash === 'string' ? meta : undefined;
  } catch {
    return undefined;
  }
}

function checkLadder(renditions: readonly RenditionSpec[]): readonly RenditionSpec[] {
  if (renditions.length === 0) throw new Error('At least one rendition is needed');
  const names = new Set<string>();
  for (const r of renditions) {
    if (!RENDITION_NAME_PATTERN.test(r.name)) throw new Error(`Rendition name ${r.name} is not like 360p`);
    if (names.has(r.name)) throw new Error(`Rendition ${r.name} is listed twice`);
    if (r.width % 2 || r.height % 2 || r.width < 16 || r.height < 16)
      throw new Error(`Rendition ${r.name}: width and height must be even and at least 16`);
    names.add(r.name);
  }
  return renditions;
}

type ResolvedSource =
  | (GeneratedSource & { hash: string; hasAudio: true })
  | { kind: 'file'; file: string; duration: number; hasAudio: boolean; hash: string };

async function fileSource(ffmpeg: FfmpegBinary, file: string): Promise<ResolvedSource> {
  const probed = await probeInput(ffmpeg, file);
  return {
    kind: 'file',
    file,
    duration: probed.duration,
    hasAudio: probed.hasAudio,
    hash: await hashFile(file),
  };
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A generated source is hashed by its description; it always has a tone. */
function generatedSource(source: GeneratedSource): ResolvedSource {
  return { ...source, hash: createHash('sha256').update(source.description).digest('hex'), hasAudio: true };
}

interface ArgsInput {
  source: ResolvedSource;
  renditions: readonly RenditionSpec[];
  segmentSeconds: number;
  encryption: MediaEncryption;
  options: PackageVideoOptions;
}

function ffmpegArgs(input: ArgsInput): string[] {
  const { source } = input;
  const { renditions, segmentSeconds, encryption } = input;
  const preset = input.options.preset ?? (source.kind === 'generated' ? 'ultrafast' : 'veryfast');
  const audioBitrate = input.options.audioBitrate ?? 64_000;
  // Demo assets are tiny and run two at a time: one thread each wastes less CPU on synchronisation.
  const args =
    source.kind === 'generated'
      ? ['-filter_threads', '1', ...source.inputArgs]
      : ['-i', `file:${source.file}`];
  const pre = source.kind === 'generated' ? source.videoFilter : 'null';
  const posterAt = Math.min(2, source.duration / 4).toFixed(2);
  const branches = renditions.map((_, i) => `[v${i}]`).join('');
  const graph = [
    `[0:v]${pre},split=${renditions.length + 1}${branches}[vp]`,
    ...renditions.map(
      (r, i) =>
        `[v${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=decrease,` +
        `pad=${r.width}:${r.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p[o${i}]`,
    ),
    `[vp]select='gte(t\\,${posterAt})',scale=${renditions[0]!.width}:${renditions[0]!.height}:force_original_aspect_ratio=decrease[poster]`,
  ].join(';');
  args.push('-filter_complex', graph, '-loglevel', 'error');
  const audioInput = '0:a:0';
  renditions.forEach((r, i) => {
    args.push('-map', `[o${i}]`);
    if (source.hasAudio && audioBitrate > 0) args.push('-map', audioInput);
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      preset,
      ...(source.kind === 'generated' ? ['-tune', 'zerolatency', '-threads', '1'] : []),
      '-b:v',
      String(r.videoBitrate),
      '-maxrate',
      String(Math.round(r.videoBitrate * 1.5)),
      '-bufsize',
      String(r.videoBitrate * 2),
      '-level',
      r.height <= 360 ? '3.0' : r.height <= 720 ? '3.1' : '4.0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${segmentSeconds})`,
      '-sc_threshold',
      '0',
      ...(source.kind === 'generated' ? ['-g', String(Math.round(source.frameRate * segmentSeconds))] : []),
    );
    // A generated tone is mono with the fast coder: the 2018 build's default AAC encoder took 8× longer
    // in stereo, and audio was a third of the time per demo asset.
    if (source.hasAudio && audioBitrate > 0)
      args.push(
        '-c:a',
        'aac',
        '-b:a',
        String(audioBitrate),
        ...(source.kind === 'generated' ? ['-ac', '1', '-aac_coder', 'fast'] : ['-ac', '2']),
      );
    if (encryption !== 'cenc-clearkey') {
      args.push(
        '-f',
        'hls',
        '-hls_time',
        String(segmentSeconds),
        '-hls_playlist_type',
        'vod',
        '-hls_list_size',
        '0',
        // Clear segments: finishTsRendition encrypts each with its own key (keys.ts segmentKey), live
        // loops stay clear (the live segment route encrypts them).
        '-hls_segment_filename',
        `out/${r.name}/seg-%05d.ts`,
        `out/${r.name}/ffmpeg.m3u8`,
      );
    } else {
      // Clear fMP4, encrypted afterwards by cenc.ts: this ffmpeg's own fragmented CENC is unusable.
      args.push('-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', `${r.name}.mp4`);
    }
  });
  args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', `out/${POSTER_FILE}`);
  return ['-y', ...args];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function finishTsRendition(
  out: string,
  r: RenditionSpec,
  /** undefined: segments stay clear (live loops). */
  key: Buffer | undefined,
  hasAudio: boolean,
): Promise<{ meta: MediaRenditionMeta; ivs: Buffer[] }> {
  const dir = join(out, r.name);
  const written = join(dir, 'ffmpeg.m3u8');
  const parsed = parseMediaPlaylist(await readFile(written, 'utf8'));
  await unlink(written);
  if (parsed.segments.length === 0) throw new Error(`ffmpeg wrote no segments for ${r.name}`);
  const segments = parsed.segments.map((s, i) => {
    if (s.uri !== segmentName(i, 'aes-128')) throw new Error(`Unexpected segment name ${s.uri}`);
    return { uri: s.uri, duration: round3(s.duration) };
  });
  const codec = h264CodecOf(await readFile(join(dir, segments[0]!.uri)));
  const ivs: Buffer[] = [];
  if (!key) return { meta: await renditionMeta(r, dir, segments, codec, hasAudio), ivs };
  for (const [i, s] of segments.entries()) {
    const file = join(dir, s.uri);
    const iv = randomBytes(16);
    await writeFile(file, encryptAes128(await readFile(file), segmentKey(key, i), iv));
    ivs.push(iv);
  }
  return { meta: await renditionMeta(r, dir, segments, codec, hasAudio), ivs };
}

/**
 * Encrypts a rendition's clear fMP4 with a key per fragment (= segment: ffmpeg cuts a fragment at each
 * forced key frame): the AES-128 segment key of that index and its key id (keys.ts), so renditions
 * share the keys of an index and a preview's licence opens the segments before its end only.
 */
async function finishFmp4Rendition(
  out: string,
  r: RenditionSpec,
  assetKey: Buffer,
  duration: number,
  hasAudio: boolean,
): Promise<MediaRenditionMeta> {
  const work = dirname(out);
  const file = join(work, `${r.name}.mp4`);
  const split = encryptFragmentedMp4(await readFile(file), (index) => ({
    key: segmentKey(assetKey, index),
    keyId: segmentKeyId(assetKey, index),
  }));
  await unlink(file);
  const dir = join(out, r.name);
  await writeFile(join(dir, INIT_SEGMENT), split.init);
  const segments = [];
  for (let i = 0; i < split.fragments.length; i++) {
    const uri = segmentName(i, 'cenc-clearkey');
    await writeFile(join(dir, uri), split.fragments[i]!);
    const end = split.starts[i + 1] ?? Math.max(duration, split.starts[i]!);
    segments.push({ uri, duration: round3(end - split.starts[i]!) });
  }
  return {
    ...(await renditionMeta(r, dir, segments, avcCodecOfInit(split.init), hasAudio)),
    initUri: INIT_SEGMENT,
  };
}

/** What meta.json says of a rendition: its size, peak bit rate, codecs (H.264 baseline when unknown). */
async function renditionMeta(
  r: RenditionSpec,
  dir: string,
  segments: { uri: string; duration: number }[],
  videoCodec: string | undefined,
  hasAudio: boolean,
): Promise<MediaRenditionMeta> {
  const video = videoCodec ?? 'avc1.42c01e';
  return {
    name: r.name,
    width: r.width,
    height: r.height,
    bandwidth: await peakBandwidth(dir, segments),
    codecs: hasAudio ? `${video},mp4a.40.2` : video,
    segments,
  };
}

/** The highest bit rate of any segment, as BANDWIDTH wants it. */
async function peakBandwidth(dir: string, segments: { uri: string; duration: number }[]): Promise<number> {
  let peak = 0;
  for (const s of segments) {
    const { size } = await stat(join(dir, s.uri));
    if (s.duration > 0.5) peak = Math.max(peak, (size * 8) / s.duration);
  }
  return Math.ceil(peak || 1);
}

/** AES-128-CBC with PKCS#7 padding, as HLS `METHOD=AES-128` wants a whole segment. */
function encryptAes128(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** `avc1.PPCCLL` from the first SPS NAL unit (type 7) in an MPEG-TS segment. */
function h264CodecOf(ts: Buffer): string | undefined {
  for (let i = 0; i + 7 < ts.length; i++) {
    if (ts[i] === 0 && ts[i + 1] === 0 && ts[i + 2] === 1 && (ts[i + 3]! & 0x1f) === 7)
      return `avc1.${ts.subarray(i + 4, i + 7).toString('hex')}`;
  }
  return undefined;
}

/** `avc1.PPCCLL` from the avcC box of an init segment. */
function avcCodecOfInit(init: Buffer): string | undefined {
  const at = init.indexOf('avcC', 0, 'latin1');
  return at < 0 ? undefined : `avc1.${init.subarray(at + 5, at + 8).toString('hex')}`;
}

/**
 * Moves a finished asset folder into the store. An older version is moved aside first and removed
 * after, so a reader sees either the old asset or the new one.
 */
async function swapIntoPlace(from: string, to: string, work: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const aside = join(work, 'previous');
  let hadPrevious = true;
  try {
    await rename(to, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadPrevious = false;
  }
  await rename(from, to);
  if (hadPrevious) await rm(aside, { recursive: true, force: true });
}

export { MediaInputError };
