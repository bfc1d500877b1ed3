import { CatalogueView } from '../../features/catalogue/catalogue-view';
import { catalogueMessages } from '../../features/catalogue/messages';
import { tvRails } from '../../features/catalogue/order';
import { CollectionTab, useCollections } from '../../shared/data/collections';
import { useRailArrows } from '../../shared/device';

/** `/tv`: the TV tab — queue rails of channel-type content and channel rails (SPEC §2 TV tab). */
export function TvRoute() {
  const arrows = useRailArrows();
  const { status, collections, retry } = useCollections(CollectionTab.tv);
  return (
    <CatalogueView
      title={catalogueMessages.tv}
      showTitle
      status={status}
      collections={tvRails(collections)}
      arrows={arrows}
      onRetry={retry}
    />
  );
}
