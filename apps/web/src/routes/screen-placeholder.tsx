import { Button, Placeholder } from '@kadr/ui-kit';
import type { ReactNode } from 'react';
import { QueryLink, useBack } from '../shared/navigation/query-link';
import { screenMessages } from './messages';
import styles from './screen-placeholder.module.css';

/** Props of {@link ScreenPlaceholder}. */
export interface ScreenPlaceholderProps {
  /** The screen's name. */
  title: string;
  /** What will be here (default: coming soon). */
  text?: ReactNode;
  /** Shows the back and home actions (default true). */
  withActions?: boolean;
}

/** A screen that is not built yet: its name, «coming soon», and ways back. */
export function ScreenPlaceholder({ title, text, withActions = true }: ScreenPlaceholderProps) {
  const back = useBack();
  return (
    <div className={styles.screen}>
      <Placeholder title={title} text={text}>
        {withActions && (
          <>
            <Button variant="secondary" onClick={back}>
              {screenMessages.back}
            </Button>
            <QueryLink to="/" className={styles.home}>
              {screenMessages.home}
            </QueryLink>
          </>
        )}
      </Placeholder>
    </div>
  );
}
