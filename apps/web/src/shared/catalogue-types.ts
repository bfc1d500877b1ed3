// Shapes the catalogue screens render, named once from the contract (types only: no zod in the bundle).
import type { CallResponse } from '@kadr/api-contract';

/** A rail of the home page, the TV tab or the search recommendations (SPEC §3 Collection). */
export type Collection = CallResponse<'getCollections'>['collections'][number];
/** A rail type: teaser, banner, queue or tv_channels. */
export type CollectionType = Collection['RB_type'];
/** A film card (SPEC §3 EK). */
export type FilmCardData = CallResponse<'getSimilar'>['items'][number];
/** A channel item of a tv_channels rail. */
export type ChannelItem = Extract<Collection, { RB_type: 'tv_channels' }>['EKs'][number];
/** A content item (SPEC §3 Movie/content). */
export type Content = CallResponse<'getContent'>;
/** The goods of a content item. */
export type Goods = Content['goods'];
/** An episode. */
export type Episode = Content['episodes'][number];
/** A season with its episodes. */
export type Season = CallResponse<'getSeasonEpisodes'>;
/** A search hint (SPEC §3 Search hint result item). */
export type SearchHint = CallResponse<'searchHint'>['items'][number];

/** Path of a content card (SPEC §2): `/movie/{EK_id}/`, or an episode's `/movie/{EK_id}/{EP_id}/`. */
export function moviePath(ekId: number, epId?: number): string {
  return epId === undefined ? `/movie/${ekId}/` : `/movie/${ekId}/${epId}/`;
}

/** Path of a channel from the TV tab (SPEC §2 TV tab): `/tv/{tv_channel_id}/`. */
export function channelPath(channelId: number): string {
  return `/tv/${channelId}/`;
}

/** Path of a channel found by search (SPEC §2 Desktop search box): `/tv/{id}`. */
export function channelPathFromSearch(channelId: number): string {
  return `/tv/${channelId}`;
}
