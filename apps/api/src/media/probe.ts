import { access, stat } from 'node:fs/promises';
import { type FfmpegBinary, runFfmpeg } from './ffmpeg';

/** The input is missing, unreadable or not a video ffmpeg can decode. */
export class MediaInputError extends Error {
  override name = 'MediaInputError';
}

/** What the packager needs to know about an input file. */
export interface ProbedInput {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * Reads an input's duration and streams from `ffmpeg -i` (the npm package ships no ffprobe). ffmpeg
 * exits 1 without an output file, so the answer is parsed from its stderr.
 */
export async function probeInput(ffmpeg: FfmpegBinary, file: string): Promise<ProbedInput> {
  try {
    await access(file);
  } catch {
    throw new MediaInputError(`Input file not found: ${file}`);
  }
  const info = await stat(file);
  if (!info.isFile()) throw new MediaInputError(`Input is not a file: ${file}`);
  if (info.size === 0) throw new MediaInputError(`Input file is empty: ${file}`);
  // `file:` keeps names such as "a:b.mp4" from being read as a protocol.
  const stderr = await runFfmpeg(ffmpeg, ['-i', `file:${file}`], { allowFailure: true });
  return parseProbe(stderr, file);
}

/** Parses `ffmpeg -i` output; exported for tests. */
export function parseProbe(stderr: string, file: string): ProbedInput {
  if (/Invalid data found when processing input|could not find codec parameters/i.test(stderr))
    throw new MediaInputError(`Not a video file ffmpeg can read: ${file}`);
  const video = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!video) throw new MediaInputError(`No video stream in ${file}`);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const seconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : Number.NaN;
  if (!(seconds > 0)) throw new MediaInputError(`Unknown or zero duration: ${file}`);
  return {
    duration: seconds,
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(stderr),
  };
}
