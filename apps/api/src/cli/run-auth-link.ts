import { randomInt } from 'node:crypto';
import { deviceUid as deviceUidSchema } from '@kadr/api-contract';
import {
  createSignInLink,
  SIGN_IN_LINK_DEFAULT_TTL_MINUTES,
  SIGN_IN_LINK_MAX_TTL_MINUTES,
  SIGN_IN_LINK_PARAM,
  SignInLinkError,
} from '../modules/auth';
import { type CliIo, parsedOrUsage, usageProblem, withCommandDatabase } from './command';

/** Where the printed link points unless --origin says otherwise: the one-process service's address. */
const DEFAULT_ORIGIN = 'http://localhost:8080';
/** The web app's address (SPEC: the SPA lives at /promo/web/). */
const DEFAULT_PATH = '/promo/web/';

/** Usage text of the sign-in link command. */
export const AUTH_LINK_USAGE = `Usage: auth:link --profile 12 [--ttl-minutes ${SIGN_IN_LINK_DEFAULT_TTL_MINUTES}] [--path ${DEFAULT_PATH}movie/42/]
                 [--device web_abcdefgh12345678] [--origin ${DEFAULT_ORIGIN}]

Prints a one-time sign-in link for the profile (docs/decisions/038-sign-in-by-link.md): opened once
within --ttl-minutes (default ${SIGN_IN_LINK_DEFAULT_TTL_MINUTES}, at most ${SIGN_IN_LINK_MAX_TTL_MINUTES}), it signs the browser in as that profile on the
device id --device (default: a new web_ id) and opens --path (default ${DEFAULT_PATH}) at --origin, e.g.
to open a purchase on a TV from a phone. Only the value's SHA-256 is stored. Writes DATABASE_URL, or the
embedded database in DATA_DIR: not while the server runs on it (the command refuses while another
process holds DATA_DIR/db.lock).`;

interface LinkCommand {
  profileId: number;
  ttlMinutes: number;
  path: string;
  deviceUid: string;
  origin: string;
}

const DEVICE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new web device id as the web app makes them (SPEC §3: web_ and 16 letters or digits). */
function newDeviceUid(): string {
  let id = 'web_';
  for (let i = 0; i < 16; i += 1) id += DEVICE_ALPHABET[randomInt(DEVICE_ALPHABET.length)];
  return id;
}

function parseCommand(argv: string[], io: CliIo): LinkCommand | number {
  const parsed = parsedOrUsage(
    {
      argv,
      options: {
        profile: { type: 'string' },
        'ttl-minutes': { type: 'string' },
        path: { type: 'string' },
        device: { type: 'string' },
        origin: { type: 'string' },
      },
    },
    AUTH_LINK_USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const problem = usageProblem(AUTH_LINK_USAGE, io);
  const { profile, 'ttl-minutes': ttl, path = DEFAULT_PATH, device, origin = DEFAULT_ORIGIN } = parsed.values;
  if (profile === undefined) return problem('give --profile');
  if (!/^[1-9]\d{0,9}$/.test(profile)) return problem(`--profile ${profile}: expected a profile id`);
  let ttlMinutes = SIGN_IN_LINK_DEFAULT_TTL_MINUTES;
  if (ttl !== undefined) {
    ttlMinutes = Number(ttl);
    if (!/^[1-9]\d*$/.test(ttl) || ttlMinutes > SIGN_IN_LINK_MAX_TTL_MINUTES)
      return problem(
        `--ttl-minutes ${ttl}: expected whole minutes from 1 to ${SIGN_IN_LINK_MAX_TTL_MINUTES}`,
      );
  }
  if (!path.startsWith('/') || path.startsWith('//'))
    return problem(`--path ${path}: expected a path on the service, starting with one /`);
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    return problem(`--origin ${origin}: expected an origin like https://kadr.example`);
  }
  if ((base.protocol !== 'http:' && base.protocol !== 'https:') || base.origin !== origin.replace(/\/$/, ''))
    return problem(`--origin ${origin}: expected an origin like https://kadr.example (no path)`);
  if (device !== undefined && !deviceUidSchema.safeParse(device).success)
    return problem(`--device ${device}: expected 8 to 64 letters, digits, _ or -`);
  return {
    profileId: Number(profile),
    ttlMinutes,
    path,
    deviceUid: device ?? newDeviceUid(),
    origin: base.origin,
  };
}

/**
 * The sign-in link command. Prints the link (its one line on stdout, so scripts can take it) and, on
 * stderr, whom it signs in and until when. Exit codes: 0 printed, 1 unknown profile or the embedded
 * database in use by another process, 2 wrong usage or configuration.
 */
export async function runAuthLink(argv: string[], io: CliIo, now = new Date()): Promise<number> {
  const command = parseCommand(argv, io);
  if (typeof command === 'number') return command;
  return withCommandDatabase(io, 'auth:link', async (database) => {
    try {
      const expiresAt = new Date(now.getTime() + command.ttlMinutes * 60_000);
      const link = await createSignInLink(database.db, {
        profileId: command.profileId,
        deviceUid: command.deviceUid,
        expiresAt,
        now,
      });
      const url = new URL(command.path, command.origin);
      url.searchParams.set(SIGN_IN_LINK_PARAM, link.value);
      io.out(url.toString());
      io.err(
        `One-time sign-in link for profile ${command.profileId} (${link.phone ?? 'anonymous'}) on device ${command.deviceUid}, valid until ${expiresAt.toISOString()}`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof SignInLinkError)) throw error;
      io.err(`auth:link failed: ${error.message}`);
      return 1;
    }
  });
}
