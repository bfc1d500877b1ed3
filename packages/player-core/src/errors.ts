import type { PlayerError, PlayerErrorCode } from './types.js';

const ADAPTER_CODES = new Set<PlayerErrorCode>([
  'MEDIA_NETWORK',
  'MEDIA_DECODE',
  'MEDIA_UNSUPPORTED',
  'DRM_FAILED',
  'PLAY_REJECTED',
  'UNKNOWN',
]);

/** Turns whatever an adapter or loader threw into a player error with a known code. */
export function toPlayerError(cause: unknown, fallback: PlayerErrorCode): PlayerError {
  if (typeof cause === 'object' && cause !== null) {
    const { code, message, name } = cause as { code?: unknown; message?: unknown; name?: unknown };
    // `NotAllowedError` (autoplay policy) and `AbortError` come from HTMLMediaElement.play().
    if (name === 'NotAllowedError') return { code: 'PLAY_REJECTED', message: String(message ?? name) };
    if (typeof code === 'string' && ADAPTER_CODES.has(code as PlayerErrorCode)) {
      return { code: code as PlayerErrorCode, message: String(message ?? code) };
    }
    if (typeof message === 'string') return { code: fallback, message };
  }
  return { code: fallback, message: String(cause) };
}
