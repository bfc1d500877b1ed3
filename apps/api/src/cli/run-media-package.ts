import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FfmpegError, findFfmpeg } from '../media/ffmpeg';
import { DEFAULT_SEGMENT_SECONDS, MediaInputError, packageVideo } from '../media/package';
import { isMediaAssetId, type MediaEncryption, MediaStore } from '../media/store';
import { type CliIo, parsedOrUsage, storageOrReport } from './command';

/** Usage text of the media packaging command. */
export const USAGE = `Usage: media-package <video file> --asset <ek-<EK_id>|ep-<EP_id>> [options]

Packages a video as encrypted HLS VOD into DATA_DIR/media/hls/<asset> (docs/media.md): a 640×360 and a
426×240 rendition, ${DEFAULT_SEGMENT_SECONDS} s segments, a master playlist, a poster and meta.json; the key
goes to DATA_DIR/keys/<asset>.key. Packaging the same file with the same options again does nothing.
  --asset <id>             ek-12 (a film's video) or ep-7 (an episode or a trailer)
  --data-dir <dir>         the data folder (default: DATA_DIR, else ./.data)
  --encryption <mode>      aes-128 (default) or cenc-clearkey (fMP4, for ClearKey/EME players)
  --segment-seconds <n>    target segment length, 4 by default
Environment: FFMPEG_PATH picks an ffmpeg binary (default: the system's, else @ffmpeg-installer/ffmpeg).`;

const parseOptions = (args: string[]) =>
  parseArgs({
    args,
    allowPositionals: true,
    options: {
      asset: { type: 'string' },
      'data-dir': { type: 'string' },
      encryption: { type: 'string' },
      'segment-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

const ENCRYPTIONS: readonly MediaEncryption[] = ['aes-128', 'cenc-clearkey'];

/**
 * The media packaging command. Exit codes: 0 packaged (or already packaged), 1 the input is missing or
 * not a video, or ffmpeg failed, 2 wrong usage or configuration.
 */
export async function runMediaPackage(argv: string[], io: CliIo): Promise<number> {
  const options = parsedOrUsage(() => parseOptions(argv), USAGE, io);
  if (typeof options === 'number') return options;
  const { values } = options;
  const [file, ...extra] = options.positionals;
  const problems: string[] = [];
  if (!file || extra.length > 0) problems.push('give exactly one video file');
  if (!values.asset) problems.push('--asset is required');
  else if (!isMediaAssetId(values.asset))
    problems.push(`--asset ${values.asset}: expected ek-<id> or ep-<id>`);
  const encryption = (values.encryption ?? 'aes-128') as MediaEncryption;
  if (!ENCRYPTIONS.includes(encryption)) problems.push(`--encryption: expected ${ENCRYPTIONS.join(' or ')}`);
  const segmentSeconds = Number(values['segment-seconds'] ?? DEFAULT_SEGMENT_SECONDS);
  if (!(segmentSeconds >= 2 && segmentSeconds <= 10)) problems.push('--segment-seconds: expected 2–10');
  if (problems.length > 0 || !file || !values.asset || !isMediaAssetId(values.asset)) {
    io.err(`${problems.join('; ')}\n\n${USAGE}`);
    return 2;
  }

  const storage = storageOrReport(io);
  if (!storage) return 2;
  const dataDir = values['data-dir'] ? resolve(storage.cwd, values['data-dir']) : storage.dataDir;
  const store = new MediaStore(dataDir);
  const input = resolve(storage.cwd, file);
  const started = performance.now();
  try {
    const ffmpeg = findFfmpeg((io.env ?? process.env).FFMPEG_PATH?.trim() || undefined);
    const { meta, skipped } = await packageVideo({
      input,
      asset: values.asset,
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
    io.out(`  ${meta.duration} s, ${meta.encryption}, key ${store.keyFile(values.asset)}`);
    for (const r of meta.renditions)
      io.out(
        `  ${r.name}: ${r.width}×${r.height}, ${r.segments.length} segments, ${r.bandwidth} bit/s, ${r.codecs}`,
      );
    return 0;
  } catch (error) {
    if (error instanceof MediaInputError || error instanceof FfmpegError) {
      io.err(`${file}: not packaged: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
