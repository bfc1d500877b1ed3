import { CatalogueView } from '../../features/catalogue/catalogue-view';
import { catalogueMessages } from '../../features/catalogue/messages';
import { leadFirst } from '../../features/catalogue/order';
import { CollectionTab, useCollections } from '../../shared/data/collections';
import { useRailArrows } from '../../shared/device';

/** `/`: the catalogue home — the Main2 rails, the first banner or teaser rail leading (SPEC §2). */
export function HomeRoute() {
  const arrows = useRailArrows();
  const { status, collections, retry } = useCollections(CollectionTab.home);
  return (
    <CatalogueView
      title={catalogueMessages.home}
      status={status}
      collections={leadFirst(collections)}
      lead
      arrows={arrows}
      onRetry={retry}
    />
  );
}
