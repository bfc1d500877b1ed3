import { SearchBox } from '@kadr/ui-kit';
import { useCallback, useState } from 'react';
import { KitLink } from '../../shared/navigation/query-link';
import { useSearch } from './use-search';

/**
 * The desktop header search (SPEC §2 Desktop search box): expands on click, searches from 3
 * characters, shows the recommendations while idle or when nothing is found; a click outside (or a
 * followed result) closes it and clears the text.
 */
export function HeaderSearch({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const search = useSearch({ active: open });
  const { clear } = search;
  const close = useCallback(() => {
    setOpen(false);
    clear();
  }, [clear]);
  return (
    // `display: contents`: the box stays the header's flex item. While open, a TV remote's back key closes
    // it as Escape does instead of leaving the screen (data-back-closes, decision 040).
    <div data-back-closes={open ? '' : undefined} style={{ display: 'contents' }}>
      <SearchBox
        open={open}
        onOpen={() => setOpen(true)}
        onClose={close}
        value={search.query}
        onChange={search.setQuery}
        status={search.status}
        results={search.results}
        recommendations={search.recommendations}
        LinkComponent={KitLink}
      />
    </div>
  );
}
