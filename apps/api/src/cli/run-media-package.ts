import { resolve } from 'node:path';
import { loadFfmpegPath } from '../env';
import { FfmpegError, findFfmpeg } from '../media/ffmpeg';
import {
  fitsLiveTimeline,
  LIVE_SEGMENT_SECONDS,
  LOOKS,
  LOOP_SECONDS,
  LOOP_SEGMENTS,
  loopsOf,
} from '../media/live-loops';
import { DEFAULT_SEGMENT_SECONDS, MediaInputError, packageVideo, readAssetMeta } from '../media/package';
import { probeInput } from '../media/probe';
import { isLiveLoopId, isMediaAssetId, type MediaEncryption, MediaStore } from '../media/store';
import { type CliIo, parsedOrUsage, storageOrReport, usageProblem } from './command';

/** Usage text of the media packaging command. */
export const USAGE = `Usage: media-package <video file> --asset <ek-<EK_id>|ep-<EP_id>|lv-<channel>-<look>> [options]

Packages a video as encrypted HLS VOD into DATA_DIR/media/hls/<asset> (docs/media.md): a 640×360 and a
426×240 rendition, ${DEFAULT_SEGMENT_SECONDS} s segments, a master playlist, a poster and meta.json; the key
goes to DATA_DIR/keys/<asset>.key. Packaging the same file with the same options again does nothing.
A live loop (lv-) is a ${LOOP_SECONDS} s video a channel plays round the clock: packaged clear into
DATA_DIR/media/live/<asset> as ${LOOP_SEGMENTS} segments of ${LIVE_SEGMENT_SECONDS} s (the live route encrypts each as it airs, with
the channel's key); a channel plays once each of its looks 0–${LOOKS - 1} is packaged.
  --asset <id>             ek-12 (a film's video), ep-7 (an episode or a trailer), lv-3-0 (channel 3, look 0)
  --data-dir <dir>         the data folder (default: DATA_DIR, else ./.data)
  --encryption <mode>      aes-128 (default) or cenc-clearkey (fMP4, for ClearKey/EME players); not for loops
  --segment-seconds <n>    target segment length, 4 by default; not for loops
Environment: FFMPEG_PATH picks an ffmpeg binary (default: the system's, else @ffmpeg-installer/ffmpeg).`;

const OPTIONS = {
  asset: { type: 'string' },
  'data-dir': { type: 'string' },
  encryption: { type: 'string' },
  'segment-seconds': { type: 'string' },
} as const;

const ENCRYPTIONS: readonly MediaEncryption[] = ['aes-128', 'cenc-clearkey'];

/**
 * The media packaging command: a title's video, or a channel's live loop. Exit codes: 0 packaged (or
 * already packaged), 1 the input is missing or not a video (or, for a loop, not 20 s, or not cut into
 * the timeline's segments), or ffmpeg failed, 2 wrong usage or configuration.
 */
export async function runMediaPackage(argv: string[], io: CliIo): Promise<number> {
  const options = parsedOrUsage({ argv, allowPositionals: true, options: OPTIONS }, USAGE, io);
  if (typeof options === 'number') return options;
  const { values } = options;
  const [file, ...extra] = options.positionals;
  const asset = values.asset;
  const loop = asset !== undefined && isLiveLoopId(asset);
  const problems: string[] = [];
  if (!file || extra.length > 0) problems.push('give exactly one video file');
  if (!asset) problems.push('--asset is required');
  else if (!isMediaAssetId(asset) && !loop)
    problems.push(`--asset ${asset}: expected ek-<id>, ep-<id> or lv-<channel>-<look>`);
  else if (loop && Number(asset.slice(asset.lastIndexOf('-') + 1)) >= LOOKS)
    problems.push(`--asset ${asset}: a channel has looks 0–${LOOKS - 1}`);
  // A loop's shape is the timeline's (docs/decisions/029): clear, LIVE_SEGMENT_SECONDS segments.
  if (loop && values.encryption !== undefined && values.encryption !== 'none')
    problems.push(
      '--encryption: a live loop is packaged clear (the live route encrypts each segment as it airs)',
    );
  const encryption = (values.encryption ?? (loop ? 'none' : 'aes-128')) as MediaEncryption;
  if (!loop && !ENCRYPTIONS.includes(encryption))
    problems.push(`--encryption: expected ${ENCRYPTIONS.join(' or ')}`);
  const segmentSeconds = Number(values['segment-seconds'] ?? DEFAULT_SEGMENT_SECONDS);
  if (!(segmentSeconds >= 2 && segmentSeconds <= 10)) problems.push('--segment-seconds: expected 2–10');
  else if (loop && segmentSeconds !== LIVE_SEGMENT_SECONDS)
    problems.push(`--segment-seconds: a live loop's segments are ${LIVE_SEGMENT_SECONDS} s (the timeline's)`);
  if (problems.length > 0 || !file || !asset || !(isMediaAssetId(asset) || isLiveLoopId(asset))) {
    return usageProblem(USAGE, io)(problems.join('; '));
  }

  const storage = storageOrReport(io);
  if (!storage) return 2;
  const dataDir = values['data-dir'] ? resolve(storage.cwd, values['data-dir']) : storage.dataDir;
  const store = new MediaStore(dataDir);
  const input = resolve(storage.cwd, file);
  const started = performance.now();
  try {
    const ffmpeg = findFfmpeg(loadFfmpegPath(io.env));
    if (loop) {
      // Checked before packaging: a loop of another length would replace a playing one and not play.
      const { duration } = await probeInput(ffmpeg, input);
      if (Math.abs(duration - LOOP_SECONDS) > 0.1) {
        io.err(
          `${file}: not packaged: a live loop is a ${LOOP_SECONDS} s video (${LOOP_SEGMENTS} segments of ${LIVE_SEGMENT_SECONDS} s); this one is ${duration} s`,
        );
        return 1;
      }
    }
    const { meta, skipped } = await packageVideo({
      input,
      asset,
      store,
      encryption,
      segmentSeconds,
      ffmpeg,
    });
    const ms = Math.round(performance.now() - started);
    io.out(
      skipped
        ? `${meta.asset}: already packaged from this file (${store.assetDir(meta.asset)})`
        : `${meta.asset}: packaged in ${ms} ms with ${ffmpeg.path} into ${store.assetDir(meta.asset)}`,
    );
    io.out(
      isLiveLoopId(asset)
        ? `  ${meta.duration} s, clear; each segment is encrypted as it airs with the channel's key (DATA_DIR/keys/ch-<channel>.key)`
        : `  ${meta.duration} s, ${meta.encryption}, key ${store.keyFile(asset)}`,
    );
    for (const r of meta.renditions)
      io.out(
        `  ${r.name}: ${r.width}×${r.height}, ${r.segments.length} segments, ${r.bandwidth} bit/s, ${r.codecs}`,
      );
    if (isLiveLoopId(asset)) {
      if (!fitsLiveTimeline(meta)) {
        io.err(
          `${asset}: packaged, but not as ${LOOP_SEGMENTS} segments of ${LIVE_SEGMENT_SECONDS} s: the channel will not play it (give a ${LOOP_SECONDS} s video with a constant frame rate)`,
        );
        return 1;
      }
      const channelId = Number(asset.split('-')[1]);
      const missing: string[] = [];
      for (const other of loopsOf(channelId)) if (!(await readAssetMeta(store, other))) missing.push(other);
      io.out(
        missing.length === 0
          ? `  channel ${channelId} plays its looks (${loopsOf(channelId).join(', ')})`
          : `  channel ${channelId} plays once ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} packaged too`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof MediaInputError || error instanceof FfmpegError) {
      io.err(`${file}: not packaged: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
