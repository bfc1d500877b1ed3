import { formatPhone } from '@kadr/auth-session';
import type { MenuItem } from '@kadr/ui-kit';
import { accountMessages as m } from './messages';

/** A partner-site account of the profile (SPEC §3 Profile.external_accounts). */
export interface ExternalAccount {
  title: string;
  email: string;
  password: string;
}

/** Navigation state the partners page needs (SPEC §2 Partners). */
export interface PartnersState {
  externalAccounts: readonly ExternalAccount[];
}

/** Everything the account menu is built from. */
export interface AccountMenuInput {
  loggedIn: boolean;
  /** The signed-in phone ('7XXXXXXXXXX'). */
  phone: string | null;
  profileId: number | null;
  externalAccounts: readonly ExternalAccount[];
  supportEmail: string;
  /** «Соглашения»: the legal documents. */
  termsUrl: string;
  /** Key of the section open now (desktop). */
  activeKey?: string;
  onLogin: () => void;
  onLogout: () => void;
}

/** A mailto link to support with the profile id filled into the message. */
export function supportMailto(email: string, profileId: number | null): string {
  const subject = encodeURIComponent(m.supportSubject);
  const body = encodeURIComponent(m.supportBody(profileId));
  return `mailto:${email}?subject=${subject}&body=${body}`;
}

/**
 * The account menu of SPEC §2: login only for guests; phone, and logout, only when logged in;
 * Сайты-партнёры only when the profile has external accounts.
 */
export function buildAccountMenuItems(input: AccountMenuInput): MenuItem[] {
  const items: MenuItem[] = [];
  const link = (key: string, label: string, href: string, state?: unknown): MenuItem => ({
    kind: 'link',
    key,
    label,
    href,
    state,
    active: input.activeKey === key,
  });
  if (!input.loggedIn)
    items.push({ kind: 'action', key: 'login', label: m.login, onClick: input.onLogin, tone: 'accent' });
  if (input.loggedIn && input.phone) {
    items.push({ kind: 'text', key: 'phone', label: m.phone, value: formatPhone(input.phone) });
  }
  items.push(link('packages', m.packages, '/account/packages'));
  if (input.externalAccounts.length > 0) {
    const state: PartnersState = { externalAccounts: input.externalAccounts };
    items.push(link('partners', m.partners, '/account/partners', state));
  }
  items.push(link('cards', m.cards, '/account/cards'), link('receipts', m.receipts, '/account/receipts'));
  items.push({ kind: 'external', key: 'terms', label: m.terms, href: input.termsUrl });
  items.push({
    kind: 'external',
    key: 'support',
    label: m.support,
    description: input.supportEmail,
    href: supportMailto(input.supportEmail, input.profileId),
  });
  if (input.loggedIn)
    items.push({ kind: 'action', key: 'logout', label: m.logout, onClick: input.onLogout, tone: 'danger' });
  return items;
}

/** The menu key of an account path ('/account/cards' → 'cards'), or undefined on the account home. */
export function accountSectionOf(pathname: string): string | undefined {
  const match = /^\/account\/(packages|partners|cards|receipts)(?:\/|$)/.exec(pathname);
  return match?.[1];
}
