import { IconBack, IconButton, SearchField, SearchResults, VisuallyHidden } from '@kadr/ui-kit';
import { useEffect, useRef } from 'react';
import { useRailArrows } from '../../shared/device';
import { KitLink, useBack } from '../../shared/navigation/query-link';
import { searchMessages as m } from './messages';
import styles from './search-page.module.css';
import { useSearch } from './use-search';

/**
 * The search page (SPEC §2 Mobile search page, /search): a field with the placeholder «Поиск» and a
 * back button, then the same results, recommendations and links as the desktop box.
 */
export function SearchPage() {
  const railArrows = useRailArrows();
  const back = useBack();
  const search = useSearch({ screen: true });
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <div className={styles.page}>
      <VisuallyHidden as="h1">{m.title}</VisuallyHidden>
      <div className={styles.bar}>
        <IconButton label={m.back} onClick={back}>
          <IconBack />
        </IconButton>
        <SearchField
          value={search.query}
          onChange={search.setQuery}
          label={m.title}
          placeholder={m.placeholder}
          inputRef={inputRef}
          className={styles.field}
        />
      </div>
      <div className={styles.results} aria-busy={search.status === 'loading'}>
        <SearchResults
          status={search.status}
          results={search.results}
          recommendations={search.recommendations}
          arrows={railArrows}
          LinkComponent={KitLink}
        />
      </div>
    </div>
  );
}
