import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { dateTimeParam, id, idParam, url } from './common.js';

/**
 * DRM systems: the SPEC's three (§3, §9) and W3C ClearKey, which Chromium plays without a licence
 * vendor, for tests and the demo (an extension, docs/decisions/005).
 */
export const DRM_TYPES = ['fairplay', 'widevine', 'playready', 'clearkey'] as const;
/** One DRM system. */
export type DrmType = (typeof DRM_TYPES)[number];

/** DRM of a release (SPEC §3). */
export const drm = z.object({
  type: z.enum(DRM_TYPES),
  license_server: url,
  /** FairPlay certificate URL; null for the other systems. */
  certificate: url.nullable(),
  /** The content's key id at the licence server (ClearKey: the key id, 32 hex digits). */
  drm_id: z.string().min(1).max(200),
});

/** Seconds of preview when the release gives no preview_timer (SPEC §9). */
export const DEFAULT_PREVIEW_SECONDS = 60;

/** A playable release (SPEC §3 Release). */
export const release = z.object({
  content_url: url,
  /** Null for clear (unencrypted) streams. */
  drm: drm.nullable(),
  /** Preview length in seconds for viewers who have not bought; null: the player's default. */
  preview_timer: z.number().int().nonnegative().nullable(),
  /**
   * Contract extension (docs/decisions/022): seconds `content_url` and the URLs it leads to keep
   * working; the player asks for the release again before then and carries on with the new grant.
   * Absent: no renewal needed.
   */
  expires_in: z.number().int().positive().optional(),
});

/** Device types of the release call (SPEC §7 gives `IOS_WEB` or `PCWEB`, without an underscore). */
export const RELEASE_DEV_TYPES = ['IOS_WEB', 'PCWEB'] as const;

/** GET /web/1/releases/{id}?dev_type=&dev_model=web[&EP_id=]: the stream of a content item or episode. */
export const getRelease = defineCall({
  ...route('getRelease'),
  summary: 'Stream and DRM of a content item or one of its episodes',
  tag: 'playback',
  params: z.object({ id: idParam }),
  query: z.object({
    dev_type: z.enum(RELEASE_DEV_TYPES),
    /** `web` from the web app. */
    dev_model: z.string().min(1).max(100),
    /** The episode, for series. */
    EP_id: idParam.optional(),
  }),
  response: release,
});

/**
 * POST /v1/agregator/getReleaseChannel: the live stream of a channel. `stream.stream_url` is the HLS
 * URL (SPEC §3 Channel stream); drm and preview_timer as for a release.
 */
export const getReleaseChannel = defineCall({
  ...route('getReleaseChannel'),
  summary: 'Live stream of a channel',
  tag: 'playback',
  body: z.object({
    stream_id: id,
    dev_model: z.string().min(1).max(100),
    /**
     * Contract extension (issue 13): the start (`tv_air_date_start`) of a programme in the channel's
     * archive. Given, `stream_url` plays that programme from its start instead of the live stream: a
     * finished (VOD) playlist, or for the programme on air a growing (EVENT) one (start-over).
     */
    archive_start: dateTimeParam.optional(),
  }),
  response: z.object({
    stream: z.object({ stream_url: url }),
    drm: drm.nullable(),
    preview_timer: z.number().int().nonnegative().nullable(),
    /** As for a release (docs/decisions/022): seconds the stream's grant lasts; renew before. */
    expires_in: z.number().int().positive().optional(),
  }),
});

/** Every playback call. */
export const playbackCalls = { getRelease, getReleaseChannel } as const;
