import { phone as phoneNumber } from '@kadr/api-contract';
import { grantPackage, HoldingError, type ProfileRef, revokePackage } from '../modules/billing';
import { type CliIo, parsedOrUsage, usageProblem, withCommandDatabase } from './command';

/** Usage text of the package grant and revoke commands. */
export const PACKAGE_USAGE = `Usage: package:grant  (--phone 79991234567 | --profile 12) --package 1 [--until 2027-01-01T00:00:00Z]
       package:revoke (--phone 79991234567 | --profile 12) --package 1

Gives a viewer a package (from now until --until, or open-ended), replacing the period they hold now,
or ends it now. A phone that never signed in gets its profile made, the one its first sign-in uses.
Writes DATABASE_URL, or the embedded database in DATA_DIR: not while the server runs on it (the
embedded database takes one process at a time; the command refuses while another process holds
DATA_DIR/db.lock). Support tool; payments grant packages themselves.`;

type Command = { action: 'grant' | 'revoke'; profile: ProfileRef; packageId: number; until: Date | null };

function parseCommand(argv: string[], io: CliIo): Command | number {
  const options = parsedOrUsage(
    {
      argv,
      allowPositionals: true,
      options: {
        phone: { type: 'string' },
        profile: { type: 'string' },
        package: { type: 'string' },
        until: { type: 'string' },
      },
    },
    PACKAGE_USAGE,
    io,
  );
  if (typeof options === 'number') return options;
  const problem = usageProblem(PACKAGE_USAGE, io);
  const [action, ...extra] = options.positionals;
  if ((action !== 'grant' && action !== 'revoke') || extra.length > 0)
    return problem('expected grant or revoke');
  const { phone, profile, package: pack, until } = options.values;
  if ((phone === undefined) === (profile === undefined)) return problem('give --phone or --profile');
  let ref: ProfileRef;
  if (phone !== undefined) {
    const digits = phone.replace(/\D/g, '');
    if (!phoneNumber.safeParse(digits).success)
      return problem(`--phone ${phone}: expected 11 digits starting with 7`);
    ref = { phone: digits };
  } else {
    if (!/^[1-9]\d{0,9}$/.test(profile ?? '')) return problem(`--profile ${profile}: expected a profile id`);
    ref = { profileId: Number(profile) };
  }
  if (!/^[1-9]\d{0,9}$/.test(pack ?? '')) return problem('--package: expected a package id');
  let untilDate: Date | null = null;
  if (until !== undefined) {
    if (action === 'revoke') return problem('--until is for grant only');
    untilDate = new Date(until);
    if (Number.isNaN(untilDate.getTime())) return problem(`--until ${until}: expected an ISO date`);
  }
  return { action, profile: ref, packageId: Number(pack), until: untilDate };
}

/**
 * The package grant/revoke command (`grant|revoke` then options). Exit codes: 0 done, 1 unknown
 * profile or package or the embedded database in use by another process, 2 wrong usage or
 * configuration.
 */
export async function runPackageAccess(argv: string[], io: CliIo, now = new Date()): Promise<number> {
  const parsed = parseCommand(argv, io);
  if (typeof parsed === 'number') return parsed;
  return withCommandDatabase(
    io,
    `package:${parsed.action}`,
    async (database) => {
      try {
        if (parsed.action === 'grant') {
          const done = await grantPackage(database.db, {
            profile: parsed.profile,
            packageId: parsed.packageId,
            until: parsed.until,
            now,
            source: 'operator',
          });
          const period = parsed.until ? `until ${parsed.until.toISOString()}` : 'with no end date';
          io.out(
            `Granted package ${parsed.packageId} «${done.packageName}» to profile ${done.profileId} ${period}`,
          );
        } else {
          const done = await revokePackage(database.db, {
            profile: parsed.profile,
            packageId: parsed.packageId,
            now,
          });
          io.out(
            done.ended === 0
              ? `Profile ${done.profileId} did not hold package ${parsed.packageId}: nothing to revoke`
              : `Revoked package ${parsed.packageId} from profile ${done.profileId}`,
          );
        }
        return 0;
      } catch (error) {
        if (!(error instanceof HoldingError)) throw error;
        io.err(`${parsed.action} failed: ${error.message}`);
        return 1;
      }
    },
    { refusal: `${parsed.action} failed` },
  );
}
