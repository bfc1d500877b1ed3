import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, subscriptions } from '../db/schema';
import { Entitlements } from '../modules/billing';
import { commandEngines, commandWorkspaces } from '../test/harness';
import { PACKAGE_USAGE, runPackageAccess } from './run-package-access';

const workspace = commandWorkspaces('pkg');
const NOW = new Date('2030-01-15T10:00:00Z');

for (const engine of commandEngines) {
  // The embedded database takes seconds to open from disk on a busy machine, and each test opens it a
  // few times (as separate commands do).
  describe.skipIf(!engine.available)(
    `package:grant and package:revoke (${engine.name})`,
    { timeout: 90_000 },
    () => {
      async function setup() {
        // Package 1 as a catalogue import writes it (catalogue-import tests cover the import itself).
        const { env, withDatabase } = await workspace(engine, {
          seed: (db) =>
            db.insert(packages).values({ key: 'kadr', name: 'Подписка Кадр', payText: 'Оформить подписку' }),
        });
        const out: string[] = [];
        const err: string[] = [];
        const run = (argv: string[], now = NOW) =>
          runPackageAccess(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) }, now);
        /** Whether a profile holds package 1 at `at`, read through a fresh connection. */
        const holds = (profileId: number, at = NOW) =>
          withDatabase(async (db) => {
            const holding = await new Entitlements(db.db, { now: () => at }).holding(profileId, 1);
            return holding === null ? false : { validUntil: holding.validUntil, source: holding.source };
          });
        return { run, out, err, holds, withDatabase };
      }

      it('grants a package to a phone (making its profile) with no end date, then revokes it', async () => {
        const t = await setup();
        expect(await t.run(['grant', '--phone', '+7 999 123-45-67', '--package', '1'])).toBe(0);
        expect(t.out.at(-1)).toBe('Granted package 1 «Подписка Кадр» to profile 1 with no end date');
        expect(await t.holds(1)).toEqual({ validUntil: null, source: 'operator' });
        expect(
          await t.run(['revoke', '--phone', '79991234567', '--package', '1'], new Date(NOW.getTime() + 1000)),
        ).toBe(0);
        expect(t.out.at(-1)).toBe('Revoked package 1 from profile 1');
        expect(await t.holds(1, new Date(NOW.getTime() + 2000))).toBe(false);
      });

      it('grants until a date, replacing the period held before', async () => {
        const t = await setup();
        expect(await t.run(['grant', '--phone', '79990000001', '--package', '1'])).toBe(0);
        expect(
          await t.run(['grant', '--profile', '1', '--package', '1', '--until', '2030-02-01T00:00:00Z']),
        ).toBe(0);
        expect(await t.holds(1)).toEqual({
          validUntil: new Date('2030-02-01T00:00:00Z'),
          source: 'operator',
        });
        expect(await t.holds(1, new Date('2030-02-01T00:00:01Z'))).toBe(false);
      });

      it('says so when revoking a package the profile does not hold', async () => {
        const t = await setup();
        await t.run(['grant', '--phone', '79990000002', '--package', '1']);
        await t.run(['revoke', '--profile', '1', '--package', '1']);
        expect(await t.run(['revoke', '--profile', '1', '--package', '1'])).toBe(0);
        expect(t.out.at(-1)).toBe('Profile 1 did not hold package 1: nothing to revoke');
      });

      it('refuses to revoke while a renewal holds the subscription, and revokes once its claim ran out', async () => {
        const t = await setup();
        await t.run(['grant', '--phone', '79990000005', '--package', '1']);
        // A renewal pass claimed the subscription until 10:05 (a charge may be in flight).
        const claimedUntil = new Date(NOW.getTime() + 5 * 60_000);
        await t.withDatabase((database) =>
          database.db
            .update(subscriptions)
            .set({ renewalClaimedUntil: claimedUntil })
            .where(eq(subscriptions.profileId, 1)),
        );
        expect(
          await t.run(['revoke', '--profile', '1', '--package', '1'], new Date(NOW.getTime() + 60_000)),
        ).toBe(1);
        expect(t.err.at(-1)).toBe(
          'revoke failed: a renewal charge of subscription 1 may be in flight until 2030-01-15T10:05:00.000Z: run it again after that',
        );
        expect(await t.holds(1, new Date(NOW.getTime() + 60_000))).toEqual({
          validUntil: null,
          source: 'operator',
        });
        expect(
          await t.run(
            ['revoke', '--profile', '1', '--package', '1'],
            new Date(claimedUntil.getTime() + 1000),
          ),
        ).toBe(0);
        expect(t.out.at(-1)).toBe('Revoked package 1 from profile 1');
        expect(await t.holds(1, new Date(claimedUntil.getTime() + 2000))).toBe(false);
      });

      it('exits 1 for an unknown profile, phone or package', async () => {
        const t = await setup();
        expect(await t.run(['grant', '--profile', '99', '--package', '1'])).toBe(1);
        expect(await t.run(['grant', '--phone', '79990000003', '--package', '42'])).toBe(1);
        expect(await t.run(['revoke', '--phone', '79990000004', '--package', '1'])).toBe(1);
        expect(t.err).toEqual([
          'grant failed: no profile 99',
          'grant failed: no package 42',
          'revoke failed: no profile for phone 79990000004',
        ]);
      });
    },
  );
}

describe('package command usage', () => {
  const run = async (...argv: string[]) => {
    const err: string[] = [];
    const code = await runPackageAccess(argv, { env: {}, out: () => {}, err: (l) => err.push(l) });
    return { code, err: err.join('\n') };
  };

  it('exits 2 with the usage for wrong arguments, before touching any database', async () => {
    const cases = [
      [],
      ['grant'],
      ['lend', '--profile', '1', '--package', '1'],
      ['grant', '--profile', '1', '--phone', '79991234567', '--package', '1'],
      ['grant', '--phone', '12345', '--package', '1'],
      ['grant', '--profile', 'x', '--package', '1'],
      ['grant', '--profile', '1', '--package', '0'],
      ['grant', '--profile', '1', '--package', '1', '--until', 'tomorrow'],
      ['revoke', '--profile', '1', '--package', '1', '--until', '2030-01-01'],
      ['grant', '--profile', '1', '--package', '1', '--force'],
    ];
    for (const argv of cases) {
      const res = await run(...argv);
      expect({ argv, code: res.code }).toEqual({ argv, code: 2 });
      expect(res.err).toContain(PACKAGE_USAGE);
    }
  });

  it('refuses an --until in the past', { timeout: 60_000 }, async () => {
    const { env } = await workspace(commandEngines[0]);
    const err: string[] = [];
    const code = await runPackageAccess(
      ['grant', '--phone', '79991234567', '--package', '1', '--until', '2020-01-01T00:00:00Z'],
      { env, out: () => {}, err: (l) => err.push(l) },
      NOW,
    );
    expect(code).toBe(1);
    expect(err).toEqual(['grant failed: --until must be in the future']);
  });
});
