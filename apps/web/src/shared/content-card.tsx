import { FilmCard } from '@kadr/ui-kit';
import { type FilmCardData, moviePath } from './catalogue-types';
import { KitLink } from './navigation/query-link';

/** What a poster card shows of a content item (a rail item, a similar item). */
export type ContentCardItem = Pick<
  FilmCardData,
  'EK_id' | 'EK_title' | 'thumb_poster_url' | 'genre' | 'year' | 'sticker_image_url'
>;

/** Props of {@link ContentCard}. */
export interface ContentCardProps {
  item: ContentCardItem;
  /** Loads the poster at once (the first screen). */
  priority?: boolean;
}

/** A content item as a poster card linking to its content card (SPEC §2, §3), with the query string kept. */
export function ContentCard({ item, priority }: ContentCardProps) {
  return (
    <FilmCard
      href={moviePath(item.EK_id)}
      title={item.EK_title}
      imageUrl={item.thumb_poster_url}
      genre={item.genre}
      year={item.year}
      stickerUrl={item.sticker_image_url}
      priority={priority}
      LinkComponent={KitLink}
    />
  );
}
