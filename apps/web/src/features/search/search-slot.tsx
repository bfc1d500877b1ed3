import { IconButton, IconSearch } from '@kadr/ui-kit';
import { lazy, Suspense, useState } from 'react';
import { searchMessages } from './messages';

const load = () => import('./header-search');
const HeaderSearch = lazy(() => load().then((module) => ({ default: module.HeaderSearch })));

/**
 * The header's search button. The search box (and its rails and cards) is loaded on first use, so it
 * stays out of the first page's JavaScript; hovering or focusing the button fetches it ahead.
 */
export function SearchSlot() {
  const [wanted, setWanted] = useState(false);
  const button = (onClick?: () => void) => (
    <IconButton
      label={searchMessages.title}
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    >
      <IconSearch />
    </IconButton>
  );
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <HeaderSearch defaultOpen />
    </Suspense>
  );
}
