import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { packageRoot } from '../paths';
import { escapeFilterValue } from './ffmpeg';
import { LOOP_FRAME_RATE, LOOP_SECONDS } from './live-loops';
import type { GeneratedSource, RenditionSpec } from './package';
import type { MediaEncryption, PackagedId } from './store';

/** A film, episode or trailer of the catalogue, or a channel's live loop, that gets generated media. */
export interface DemoAsset {
  asset: PackagedId;
  kind: 'film' | 'episode' | 'trailer' | 'live';
  /** The title's EK_id (a live loop: the channel's tv_channel_id). */
  contentId: number;
  /** Lines drawn on the picture: the title, then "Сезон N · Серия M" / "Трейлер" / "Фильм", … */
  lines: string[];
  encryption: MediaEncryption;
}

/**
 * Lengths and frame rate of demo media: small enough for the first-start budget (docs/media.md). Live
 * loops are LOOP_SECONDS (20 s) whatever the shape.
 */
export interface DemoMediaShape {
  /** Seconds; films outlast a 15 s demo preview_timer. */
  filmSeconds: number;
  /** Seconds; short, so "next episode" can be tested quickly. */
  episodeSeconds: number;
  trailerSeconds: number;
  frameRate: number;
}

export const DEFAULT_DEMO_SHAPE: DemoMediaShape = {
  filmSeconds: 24,
  episodeSeconds: 7,
  trailerSeconds: 8,
  frameRate: 8,
};

/** Shipped with the repo (DejaVu licence in fonts/): the npm ffmpeg has no fonts of its own. */
export const DEMO_FONT = join(packageRoot, 'src', 'media', 'fonts', 'DejaVuSans.ttf');

const TEXT_FILE = 'title.txt';

/**
 * A distinct lavfi source per asset: a background colour and a tone derived from the asset id, the
 * title lines and a running clock (`%{pts:hms}`).
 */
export function demoSource(asset: DemoAsset, shape: DemoMediaShape, top: RenditionSpec): GeneratedSource {
  const seed = createHash('sha256').update(asset.asset).digest();
  // A live loop's length is the live timeline's (live-loops.ts), not a shape of its own.
  const duration =
    asset.kind === 'live'
      ? LOOP_SECONDS
      : asset.kind === 'film'
        ? shape.filmSeconds
        : asset.kind === 'episode'
          ? shape.episodeSeconds
          : shape.trailerSeconds;
  const frameRate = asset.kind === 'live' ? Math.min(shape.frameRate, LOOP_FRAME_RATE) : shape.frameRate;
  // Dark background (each channel 0x20–0x5f) so white text stays readable.
  const colour = [0, 1, 2].map((i) => (0x20 + (seed[i]! % 0x40)).toString(16).padStart(2, '0')).join('');
  const frequency = 220 + (seed.readUInt16BE(3) % 64) * 10;
  const font = escapeFilterValue(DEMO_FONT);
  const size = `${top.width}x${top.height}`;
  const scale = top.height / 360;
  const px = (n: number) => Math.max(8, Math.round(n * scale));
  // One drawtext (each instance loads the font: a third of the time per asset went there); the text
  // file's last line is the running clock, expanded per frame.
  const videoFilter =
    `drawtext=fontfile=${font}:textfile=${TEXT_FILE}:fontsize=${px(26)}:fontcolor=white:line_spacing=${px(10)}` +
    `:box=1:boxcolor=black@0.35:boxborderw=${px(10)}:x=${px(24)}:y=${px(24)}`;
  const text = [...asset.lines.map(drawtextLiteral), '%{pts:hms}'].join('\n');
  return {
    kind: 'generated',
    description: JSON.stringify({ v: 2, text, colour, frequency, duration, size, fps: frameRate }),
    duration,
    frameRate,
    // One lavfi input with both streams: ffmpeg then reads them interleaved by time. Two separate
    // inputs let the audio run seconds behind the video, and fMP4 fragments came out without audio.
    inputArgs: [
      '-f',
      'lavfi',
      '-i',
      `color=c=0x${colour}:size=${size}:rate=${frameRate}:duration=${duration}[out0];` +
        `sine=frequency=${frequency}:sample_rate=22050:duration=${duration}[out1]`,
    ],
    videoFilter,
    files: { [TEXT_FILE]: text },
  };
}

/** drawtext expands `%{…}` and `\` escapes in text files: keep titles literal. */
function drawtextLiteral(line: string): string {
  return line.replace(/[\\%]/g, (c) => `\\${c}`);
}
