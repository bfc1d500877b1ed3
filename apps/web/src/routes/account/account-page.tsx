import { Button, IconBack, IconButton } from '@kadr/ui-kit';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../shared/device';
import { useBack } from '../../shared/navigation/query-link';
import styles from './account-page.module.css';
import { accountMessages as m } from './messages';

/** The class of an account page's card or row that opens something (a package, a receipt). */
export const accountOpensClass = styles.opens;

/** Props of {@link SectionHeader}. */
export interface SectionHeaderProps {
  /** The section's heading. */
  title: ReactNode;
  /** Id of the heading, for a region it names. */
  id?: string;
}

/**
 * The heading of an account section. On mobile, where sections are pages of their own, a back button
 * precedes it (SPEC §2: package detail and cards have a back header); on desktop the menu stays beside.
 */
export function SectionHeader({ title, id }: SectionHeaderProps) {
  const mobile = useIsMobile();
  const back = useBack();
  return (
    <div className={styles.sectionHeader}>
      {mobile && (
        <IconButton label={m.back} onClick={back}>
          <IconBack />
        </IconButton>
      )}
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
    </div>
  );
}

/** Props of {@link AccountPage}. */
export interface AccountPageProps {
  /** The section's heading (with a back button on a phone). */
  title: ReactNode;
  /** The page's data is loading (`aria-busy`). */
  busy?: boolean;
  /** A column of rows, at most 720px wide (cards, receipts); default: the panel's width. */
  narrow?: boolean;
  /** More room between the page's sections (packages). */
  spacious?: boolean;
  /** The page's own class (what its content's styles hang from). */
  className?: string;
  children: ReactNode;
}

/**
 * The layout of an account section's page (SPEC §2: cards, packages, receipts, partner sites): its
 * header, then its content, one under another.
 */
export function AccountPage({ title, busy, narrow, spacious, className, children }: AccountPageProps) {
  const classes = [styles.page, narrow && styles.narrow, spacious && styles.spacious, className];
  return (
    <div className={classes.filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      <SectionHeader title={title} />
      {children}
    </div>
  );
}

/** An account page's list of rows (cards, receipts, accounts); `hidden` for a loading skeleton's. */
export function AccountList({
  label,
  hidden,
  children,
}: {
  /** The list's accessible name. */
  label?: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <ul className={styles.list} aria-label={label} aria-hidden={hidden || undefined}>
      {children}
    </ul>
  );
}

/** What an account page says instead of its content: nothing to list yet. */
export function AccountPageEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.state}>{children}</p>;
}

/** An account page whose data failed to load: the text and the button that loads it again. */
export function AccountPageFailed({
  text,
  retry,
  onRetry,
}: {
  text: string;
  /** The button's label («Повторить»). */
  retry: string;
  onRetry: () => void;
}) {
  return (
    <div className={styles.state} role="alert">
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
