/**
 * Request headers every call sends (SPEC §7). The SPEC names their meaning, not their names; these
 * names are ours (docs/decisions/001-api-headers-and-auth-calls.md).
 */
export const HeaderName = {
  platform: 'x-platform',
  mode: 'x-mode',
  devicePlatform: 'x-device-platform',
  buildNumber: 'x-build-number',
  authorization: 'authorization',
  /** sendAuth's extra header carrying the stored access token. */
  accessToken: 'x-access-token',
} as const;

/** Device platforms by device kind (SPEC §7). */
export const DEVICE_PLATFORMS = ['PC_WEB', 'IOS_WEB', 'ANDROID_WEB'] as const;
/** One of the device platforms. */
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** Constant header values (SPEC §7, §9). */
export const PLATFORM = 'WEB';
/** Build number and app version (SPEC §9). */
export const BUILD_NUMBER = 99;
