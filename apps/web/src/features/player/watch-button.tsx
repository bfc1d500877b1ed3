import { Button, IconPlay } from '@kadr/ui-kit';
import type { ReactNode } from 'react';
import styles from './player.module.css';

/** Props of {@link WatchButton}. */
export interface WatchButtonProps {
  onClick: () => void;
  /** The word: «Смотреть». */
  children: ReactNode;
  /** A page's own adjustments (the content card's full-width button on a phone). */
  className?: string;
}

/** Watch: the play icon and the word, on the content card and over a channel's first-play image. */
export function WatchButton({ onClick, children, className }: WatchButtonProps) {
  return (
    <Button onClick={onClick} className={className ? `${styles.watch} ${className}` : styles.watch}>
      <IconPlay size={18} />
      {children}
    </Button>
  );
}
