import { z } from 'zod';
import type { Db } from '../../db/client';
import type { PartnerKeyring } from './keyring';
import { SealedValueError } from './keyring';
import * as q from './queries';

/** A partner-site account as its owner sees it (SPEC §3 Profile.external_accounts). */
export interface PartnerAccount {
  title: string;
  email: string;
  password: string;
}

/** Longest title (the column's length), e-mail (RFC 5321's path limit) and password accepted. */
export const PARTNER_LIMITS = { title: 100, email: 254, password: 256 } as const;

// Control characters (line breaks included) make a value unreadable on the page or in a terminal;
// in a title, invisible format characters too (a right-to-left override would disguise it).
const CONTROL = /\p{Cc}/u;
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
const email = z.email();

/** What is wrong with an account to store, one line per problem (empty: nothing). Names no password. */
export function accountProblems(account: PartnerAccount): string[] {
  const problems: string[] = [];
  const { title, password } = account;
  if (title.trim() === '') problems.push('the title is empty');
  else if (title !== title.trim()) problems.push('the title starts or ends with spaces');
  else if (title.length > PARTNER_LIMITS.title)
    problems.push(`the title is longer than ${PARTNER_LIMITS.title} characters`);
  else if (CONTROL_OR_FORMAT.test(title)) problems.push('the title holds control or invisible characters');
  if (account.email.length > PARTNER_LIMITS.email || !email.safeParse(account.email).success)
    problems.push(`${JSON.stringify(account.email.slice(0, 80))} is not an e-mail address`);
  if (password === '') problems.push('the password is empty');
  else if (password.length > PARTNER_LIMITS.password)
    problems.push(`the password is longer than ${PARTNER_LIMITS.password} characters`);
  else if (CONTROL.test(password))
    problems.push('the password holds control characters or more than one line');
  return problems;
}

/** An account that could not be opened: what a warning may say of it (no value). */
export interface SkippedAccount {
  profileId: number;
  accountId: number;
  keyId: string;
  reason: SealedValueError['reason'];
}

/** Authenticated data of a sealed field: the row's owner, title and field. */
const contextOf = (profileId: number, title: string, field: 'email' | 'password') =>
  `partner_accounts\0${profileId}\0${title}\0${field}`;

/**
 * Partner-site accounts of profiles: sealed when written, opened only to answer the profile's owner
 * (getProfile) or the operator (`partners:list`).
 */
export class PartnerAccounts {
  constructor(
    private readonly db: Db,
    private readonly keyring: PartnerKeyring,
  ) {}

  /** Stores the account (validate it first: accountProblems); one of the same title is replaced. */
  async set(profileId: number, account: PartnerAccount, now: Date): Promise<'added' | 'replaced'> {
    const { title } = account;
    const inserted = await q.upsertAccount(this.db, {
      profileId,
      title,
      keyId: this.keyring.currentId,
      email: this.keyring.seal(account.email, contextOf(profileId, title, 'email')),
      password: this.keyring.seal(account.password, contextOf(profileId, title, 'password')),
      now,
    });
    return inserted ? 'added' : 'replaced';
  }

  /** Deletes the profile's account of this title; false when it had none. */
  remove(profileId: number, title: string): Promise<boolean> {
    return q.deleteAccount(this.db, profileId, title);
  }

  /**
   * Re-seals under the current key every account sealed under another (after a rotation, so the old
   * key can leave PARTNER_ACCOUNTS_OLD_KEYS). One that does not open is left as it is and reported.
   */
  async reseal(now: Date, onSkip: (skipped: SkippedAccount) => void): Promise<number> {
    let resealed = 0;
    for (const row of await q.accountsNotUnder(this.db, this.keyring.currentId)) {
      const context = (field: 'email' | 'password') => contextOf(row.profileId, row.title, field);
      let email: string;
      let password: string;
      try {
        email = this.keyring.open(row.email, row.keyId, context('email'));
        password = this.keyring.open(row.password, row.keyId, context('password'));
      } catch (error) {
        if (!(error instanceof SealedValueError)) throw error;
        onSkip({ profileId: row.profileId, accountId: row.id, keyId: row.keyId, reason: error.reason });
        continue;
      }
      const written = await q.resealAccount(this.db, {
        id: row.id,
        fromKeyId: row.keyId,
        keyId: this.keyring.currentId,
        email: this.keyring.seal(email, context('email')),
        password: this.keyring.seal(password, context('password')),
        now,
      });
      if (written) resealed += 1;
    }
    return resealed;
  }

  /**
   * The profile's accounts in the clear, oldest first. One that does not open (altered in the database,
   * or sealed under a key no longer configured) is left out and reported to `onSkip`.
   */
  async open(profileId: number, onSkip: (skipped: SkippedAccount) => void): Promise<PartnerAccount[]> {
    const rows = await q.accountsOf(this.db, profileId);
    const accounts: PartnerAccount[] = [];
    for (const row of rows) {
      try {
        accounts.push({
          title: row.title,
          email: this.keyring.open(row.email, row.keyId, contextOf(profileId, row.title, 'email')),
          password: this.keyring.open(row.password, row.keyId, contextOf(profileId, row.title, 'password')),
        });
      } catch (error) {
        if (!(error instanceof SealedValueError)) throw error;
        onSkip({ profileId, accountId: row.id, keyId: row.keyId, reason: error.reason });
      }
    }
    return accounts;
  }
}
