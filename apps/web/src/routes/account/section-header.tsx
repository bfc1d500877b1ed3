import { IconBack, IconButton } from '@kadr/ui-kit';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../shared/device';
import { useBack } from '../../shared/navigation/query-link';
import styles from './account.module.css';
import { accountMessages as m } from './messages';

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
