import type { ContentKind } from '@kadr/player-core';
import type { DeviceKind } from '../../shared/device';

/** What decides whether the player offers «Скачать». */
export interface OfflineDownloadContext {
  device: DeviceKind;
  contentKind: ContentKind;
  /** The trailer (a free clip, not the content the app downloads). */
  trailer: boolean;
  /** The frame player on a partner's page. */
  embedded: boolean;
}

/**
 * Whether the player offers offline viewing (SPEC §1: on mobile, an offline-download prompt sends people
 * to the mobile app): on a phone, for a film or a series' episode — what the app can download. Not on a
 * desktop or a TV (no app to download into), not for live channels (nothing to keep), not for the
 * trailer, not in a partner's frame (docs/decisions/039-offline-download-prompt.md).
 */
export function offersOfflineDownload({
  device,
  contentKind,
  trailer,
  embedded,
}: OfflineDownloadContext): boolean {
  return device === 'mobile' && contentKind !== 'live' && !trailer && !embedded;
}
