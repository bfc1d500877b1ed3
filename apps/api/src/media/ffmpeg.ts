import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

/** ffmpeg could not be found, or exited with an error. */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  /** The last lines ffmpeg wrote to stderr. */
  readonly stderr: string;

  constructor(message: string, stderr = '') {
    super(message);
    this.stderr = stderr;
  }
}

/** The ffmpeg binary used and where it came from. */
export interface FfmpegBinary {
  path: string;
  source: 'env' | 'system' | 'npm';
}

let cached: FfmpegBinary | undefined;

/**
 * The system's ffmpeg when one is on PATH (Debian's 5.1 is newer and faster), else the static build of
 * `@ffmpeg-installer/ffmpeg` (2018: it segfaults on `-master_pl_name`/`-var_stream_map`, which is why
 * the packager writes one `-f hls` output per rendition and the master playlist itself).
 * `FFMPEG_PATH` picks a binary explicitly (read by the CLI and tests through `override`).
 */
export function findFfmpeg(override?: string): FfmpegBinary {
  if (override) return { path: override, source: 'env' };
  if (cached) return cached;
  const system = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (system.status === 0) {
    cached = { path: 'ffmpeg', source: 'system' };
    return cached;
  }
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    cached = { path: installer.path, source: 'npm' };
    return cached;
  } catch (error) {
    throw new FfmpegError(
      `ffmpeg not found: not on PATH and @ffmpeg-installer/ffmpeg failed (${String(error)})`,
    );
  }
}

export interface RunOptions {
  cwd?: string;
  signal?: AbortSignal;
  /** Lower the process priority (background demo media must not starve requests). */
  nice?: boolean;
}

const STDERR_KEEP = 4000;

/**
 * Runs ffmpeg to completion. Resolves with its stderr (the probe reads stream details from it);
 * rejects with FfmpegError on a non-zero exit unless `allowFailure`.
 */
export function runFfmpeg(
  binary: FfmpegBinary,
  args: string[],
  options: RunOptions & { allowFailure?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary.path, ['-hide_banner', '-nostdin', ...args], {
      cwd: options.cwd,
      signal: options.signal,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (options.nice && child.pid !== undefined) lowerPriority(child.pid);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP * 4);
    });
    child.on('error', (error) => {
      reject(new FfmpegError(`ffmpeg (${binary.path}) could not run: ${error.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      if (code === 0 || options.allowFailure) resolve(stderr);
      else {
        const tail = stderr.trim().split('\n').slice(-8).join('\n').slice(-STDERR_KEEP);
        reject(new FfmpegError(`ffmpeg exited with ${signal ?? code}: ${tail}`, stderr));
      }
    });
  });
}

function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 10);
  } catch {
    // Not permitted or not supported: run at normal priority.
  }
}

/**
 * Escapes a value for a filter option inside a filtergraph (`fontfile=<value>`): both the option level
 * and the graph level treat `\`, `'`, `:` and a few more specially.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return optionLevel.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}
