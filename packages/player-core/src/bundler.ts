/**
 * Build-time helper for apps (Node only, never bundled into the page): the alias that points `video.js`
 * at its core build. hls.js does the streaming, so video.js's own HLS/DASH engine (VHS, about 130 KB
 * gzip) is dead weight; the alias must cover every importer — the adapter and videojs-contrib-eme — so
 * both get the one video.js instance the `eme` plugin registers on.
 *
 * Vite: `resolve: { alias: [videoJsCoreAlias()] }`.
 */
import { createRequire } from 'node:module';

/** Absolute path of video.js's build without VHS and without vtt.js. */
export function videoJsCorePath(): string {
  return createRequire(import.meta.url).resolve('video.js/dist/alt/video.core.novtt.js');
}

/** A Vite/Rollup alias entry: the bare `video.js` import → the core build. */
export function videoJsCoreAlias(): { find: RegExp; replacement: string } {
  return { find: /^video\.js$/, replacement: videoJsCorePath() };
}
