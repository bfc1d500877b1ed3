import type { ContentKind, PlayerConfig, PreviewDefaults } from './types.js';

/** SPEC §4: 600 s for films, 60 s for live when the release gives no preview_timer. */
export const DEFAULT_PREVIEW_SECONDS: PreviewDefaults = { film: 600, live: 60 };

/**
 * Seconds of preview a non-buyer gets: the release's preview_timer when given, else the configured
 * default for the content kind (series count as films). `preview_timer: 0` means no preview at all.
 */
export function resolvePreviewSeconds(
  previewTimer: number | null | undefined,
  kind: ContentKind,
  config: PlayerConfig = {},
): number {
  if (previewTimer !== null && previewTimer !== undefined && Number.isFinite(previewTimer)) {
    return Math.max(0, Math.floor(previewTimer));
  }
  const defaults = { ...DEFAULT_PREVIEW_SECONDS, ...config.defaultPreviewSeconds };
  return kind === 'live' ? defaults.live : defaults.film;
}
