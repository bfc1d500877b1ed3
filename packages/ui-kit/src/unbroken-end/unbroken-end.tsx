import type { ReactNode } from 'react';
import styles from './unbroken-end.module.css';

/**
 * A title with its last two words kept on one line, so «так :(» never breaks before or inside the
 * glyph on a narrow phone. The accessible name stays the plain text.
 */
export function unbrokenEnd(title: string): ReactNode {
  const words = title.split(' ');
  if (words.length < 2) return <span className={styles.nowrap}>{title}</span>;
  const end = words.splice(-2).join(' ');
  return (
    <>
      {words.join(' ')} <span className={styles.nowrap}>{end}</span>
    </>
  );
}
