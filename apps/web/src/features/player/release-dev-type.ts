import { detectDevicePlatform } from '@kadr/api-client';

/** The release call's dev_type (SPEC §7): `IOS_WEB` on iOS devices, `PCWEB` elsewhere. */
export function releaseDevType(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): 'IOS_WEB' | 'PCWEB' {
  return detectDevicePlatform(userAgent) === 'IOS_WEB' ? 'IOS_WEB' : 'PCWEB';
}
