import { z } from 'zod';
import { defineCall, route } from '../define-call.js';
import { DEVICE_PLATFORMS } from '../headers.js';
import { dateTime, emptyBody, id, okResponse } from './common.js';

// Kadr's extensions beside SPEC §7 (docs/decisions/057-devices-and-stream-limit.md): the account's
// «Устройства» page and the limit on concurrent full playbacks. The SPEC is silent on both; the calls
// keep its style — POST under /v1/agregator, the same envelope and error table.

/**
 * A device's id in these calls: the id of its session (a UUID). Not a secret — a playback grant
 * carries it too — and worthless without the session's tokens.
 */
export const deviceId = z.uuid();

/** A device signed in to the profile (getDevices). */
export const device = z.object({
  device_id: deviceId,
  /**
   * Its device platform as its calls' device platform header gave it (SPEC §7: PC_WEB, IOS_WEB,
   * ANDROID_WEB); null when it never sent a known one.
   */
  platform: z.enum(DEVICE_PLATFORMS).nullable(),
  /** What the page shows for it, in Russian: «Браузер на компьютере», «Браузер на Android»… */
  name: z.string(),
  /** When it signed in. */
  first_seen_at: dateTime,
  /** When it was last active (to within ACCESS_TOKEN_TTL: its last sign-in or token refresh). */
  last_seen_at: dateTime,
  /** The device making this call. */
  is_current: z.boolean(),
});

/**
 * POST /v1/agregator/getDevices: the devices signed in to the caller's profile, the caller's first,
 * then by last activity. An anonymous profile lives on one device: its list is the caller's device.
 */
export const getDevices = defineCall({
  ...route('getDevices'),
  summary: 'Devices signed in to the profile (Kadr extension)',
  tag: 'devices',
  body: emptyBody,
  response: z.object({ devices: z.array(device) }),
});

/**
 * POST /v1/agregator/signOutDevice: signs one device of the caller's profile out — its tokens are
 * refused at once on every instance, its playback stops. A device that is not the profile's, or is
 * already signed out: 404 `device_not_found`. The caller's own device may be named (as logout).
 */
export const signOutDevice = defineCall({
  ...route('signOutDevice'),
  summary: 'Sign one device out (Kadr extension)',
  tag: 'devices',
  body: z.object({ device_id: deviceId }),
  response: okResponse,
});

/** POST /v1/agregator/signOutOtherDevices: signs out every device of the profile but the caller's. */
export const signOutOtherDevices = defineCall({
  ...route('signOutOtherDevices'),
  summary: 'Sign every other device out (Kadr extension)',
  tag: 'devices',
  body: emptyBody,
  response: z.object({
    /** How many devices were signed out (0 when there were none). */
    signed_out: z.number().int().nonnegative(),
  }),
});

/** A full playback going on now (getActiveStreams; the `streams` of a `stream_limit` refusal). */
export const activeStream = z.object({
  /** The device playing: the same id as getDevices'. */
  device_id: deviceId,
  platform: z.enum(DEVICE_PLATFORMS).nullable(),
  /** The device's name in Russian, as getDevices gives it. */
  device_name: z.string(),
  /** What it plays: a title (EK_id) with its episode, or a channel. */
  content_id: id.nullable(),
  episode_id: id.nullable(),
  channel_id: id.nullable(),
  /** The title's or the channel's name. */
  title: z.string(),
  started_at: dateTime,
  /** Its last report (a key or a renewed grant); a playback silent for a minute is no longer listed. */
  last_seen_at: dateTime,
  is_current: z.boolean(),
});

/**
 * POST /v1/agregator/getActiveStreams: the profile's full playbacks now, and how many may go on at once
 * (STREAM_LIMIT). Previews, trailers and free titles are not counted and not listed.
 */
export const getActiveStreams = defineCall({
  ...route('getActiveStreams'),
  summary: 'Full playbacks going on now, and the limit (Kadr extension)',
  tag: 'devices',
  body: emptyBody,
  response: z.object({
    limit: z.number().int().positive(),
    streams: z.array(activeStream),
  }),
});

/**
 * POST /v1/agregator/stopStream: stops the full playback of one device of the profile, freeing its
 * place at once; that device's keys are refused within seconds (`stream_stopped`) until it asks for a
 * release again. A device not playing, or not the profile's: 404 `stream_not_found`.
 */
export const stopStream = defineCall({
  ...route('stopStream'),
  summary: "Stop another device's playback (Kadr extension)",
  tag: 'devices',
  body: z.object({ device_id: deviceId }),
  response: okResponse,
});

/** The devices and stream-limit calls, by id. */
export const deviceCalls = {
  getDevices,
  signOutDevice,
  signOutOtherDevices,
  getActiveStreams,
  stopStream,
} as const;
