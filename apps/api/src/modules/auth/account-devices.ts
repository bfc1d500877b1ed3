import { DEVICE_PLATFORMS, type DevicePlatform, type device } from '@kadr/api-contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { SessionContext } from '../../http/session-context';
import { liveSessionsOf, profileCreatedAt } from './account-device-queries';

/** One device as getDevices answers it. */
export type AccountDevice = z.input<typeof device>;

const PLATFORMS: ReadonlySet<string> = new Set(DEVICE_PLATFORMS);

/** The SPEC §7 device platform a header names, or null for a missing or unknown one. */
export function platformOf(header: string | string[] | undefined): DevicePlatform | null {
  return typeof header === 'string' && PLATFORMS.has(header) ? (header as DevicePlatform) : null;
}

/** What the «Устройства» page calls a device of a platform (the SPEC's voice, Russian). */
export const DEVICE_NAMES: Record<DevicePlatform, string> = {
  PC_WEB: 'Браузер на компьютере',
  IOS_WEB: 'Браузер на iPhone или iPad',
  ANDROID_WEB: 'Браузер на Android',
};
/** A device that never said its platform. */
export const UNKNOWN_DEVICE_NAME = 'Устройство';

/** The Russian name of a device by its stored platform (any text, or null). */
export function deviceName(platform: string | null): string {
  const known = platformOf(platform ?? undefined);
  return known ? DEVICE_NAMES[known] : UNKNOWN_DEVICE_NAME;
}

/**
 * The «Устройства» page's list (docs/decisions/057). A signed-in profile's devices are its live stored
 * sessions; the caller's first, then by last activity. An anonymous profile is one device's: its list
 * is the caller's device alone, first seen when the profile was made — what it does moves into the
 * account at sign-in (decision 019), and its devices are the account's from then on.
 */
export async function listDevices(
  deps: { db: Db; clock: Clock },
  session: SessionContext,
  /** The caller's device platform header: names the caller's device when its session has none stored. */
  callerPlatform: DevicePlatform | null,
): Promise<AccountDevice[]> {
  const now = deps.clock.now();
  const current = (platform: string | null, firstSeen: Date): AccountDevice => ({
    device_id: session.sessionId,
    platform: platformOf(platform ?? undefined) ?? callerPlatform,
    name: deviceName(platformOf(platform ?? undefined) ?? callerPlatform),
    first_seen_at: firstSeen.toISOString(),
    last_seen_at: now.toISOString(),
    is_current: true,
  });
  if (!session.signedIn) {
    const made = await profileCreatedAt(deps.db, session.profileId);
    return [current(null, made ?? now)];
  }
  const rows = await liveSessionsOf(deps.db, session.profileId);
  const own = rows.find((r) => r.sessionId === session.sessionId);
  const others = rows
    .filter((r) => r.sessionId !== session.sessionId)
    .map((r) => ({ ...r, lastSeen: r.seenAt ?? r.createdAt }))
    .sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime())
    .map(
      (r): AccountDevice => ({
        device_id: r.sessionId,
        platform: platformOf(r.platform ?? undefined),
        name: deviceName(r.platform),
        first_seen_at: r.createdAt.toISOString(),
        last_seen_at: r.lastSeen.toISOString(),
        is_current: false,
      }),
    );
  return [current(own?.platform ?? null, own?.createdAt ?? now), ...others];
}
