import type HlsFull from 'hls.js';
// @ts-expect-error hls.js publishes types for its full build only; the light build has the same API minus
// EME, subtitles, alternate audio and CMCD, none of which the adapter uses (contrib-eme does the EME).
import HlsLight from 'hls.js/light';

/** hls.js's light build (about 65 KB gzip lighter than the full one), typed as the full build. */
export const Hls: typeof HlsFull = HlsLight;
/** An hls.js instance. */
export type Hls = HlsFull;
