import { Button, Loader, Placeholder, VisuallyHidden } from '@kadr/ui-kit';
import { startTransition, useEffect, useState } from 'react';
import type { Collection } from '../../shared/catalogue-types';
import { useScrollRestoring } from '../../shared/navigation/scroll-restoration';
import styles from './catalogue.module.css';
import { CollectionRail } from './collection-rail';
import { catalogueMessages as m } from './messages';

/** Props of {@link CatalogueView}. */
export interface CatalogueViewProps {
  /** The page's heading (visually hidden on the home page). */
  title: string;
  /** Shows the heading on screen (the TV tab) or only to assistive technology (the home page). */
  showTitle?: boolean;
  /** Load status of the rails. */
  status: 'loading' | 'ready' | 'error';
  /** The rails in display order. */
  collections: readonly Collection[];
  /** The first rail is the lead rail (home page). */
  lead?: boolean;
  /** Arrow buttons on the rails (desktop). */
  arrows: boolean;
  /** Tries loading again after a failure. */
  onRetry: () => void;
}

/**
 * Rails rendered with the first paint; the rest follow in a transition, which React renders in slices
 * that yield to the browser (the home page's dozen rails in one go was a long task that held back its
 * first images and input: docs/benchmarks.md, web). Not when Back returns to the page: the scroll
 * position is restored in the first commit, which must then be as tall as the page was left.
 */
const FIRST_RAILS = 3;

/**
 * A page of rails: a loader while there are none (SPEC §2), then every rail with its title; a
 * failure offers a retry.
 */
export function CatalogueView({
  title,
  showTitle = false,
  status,
  collections,
  lead = false,
  arrows,
  onRetry,
}: CatalogueViewProps) {
  const heading = showTitle ? (
    <h1 className={styles.title}>{title}</h1>
  ) : (
    <VisuallyHidden as="h1">{title}</VisuallyHidden>
  );
  const [allRails, setAllRails] = useState(false);
  const restoring = useScrollRestoring();
  const deferred = !allRails && !restoring && collections.length > FIRST_RAILS;
  useEffect(() => {
    if (deferred) startTransition(() => setAllRails(true));
  }, [deferred]);
  if (status === 'error') {
    return (
      <div className={styles.page}>
        <Placeholder title={m.failed} text={m.failedText}>
          <Button onClick={onRetry}>{m.retry}</Button>
        </Placeholder>
      </div>
    );
  }
  if (collections.length === 0) {
    return (
      <div className={styles.page}>
        {heading}
        {status === 'loading' ? (
          <div className={styles.loading}>
            <Loader label={m.loading} size={40} />
          </div>
        ) : (
          <p className={styles.empty}>{m.emptyText}</p>
        )}
      </div>
    );
  }
  return (
    <div className={[styles.page, lead && styles.withLead].filter(Boolean).join(' ')}>
      {heading}
      {(deferred ? collections.slice(0, FIRST_RAILS) : collections).map((collection, index) => (
        <CollectionRail
          key={`${collection.RB_type}-${collection.RB_id}`}
          collection={collection}
          lead={lead && index === 0}
          arrows={arrows}
        />
      ))}
    </div>
  );
}
