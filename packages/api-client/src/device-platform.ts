import type { DevicePlatform } from '@kadr/api-contract';

/**
 * The SPEC §7 device platform of a user agent: `IOS_WEB` for iPhone, iPad and iPod, `ANDROID_WEB` for
 * Android, `PC_WEB` otherwise. iPadOS 13+ reports a desktop Mac user agent, so it counts as `PC_WEB`.
 */
export function detectDevicePlatform(userAgent: string): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'IOS_WEB';
  if (/Android/i.test(userAgent)) return 'ANDROID_WEB';
  return 'PC_WEB';
}
