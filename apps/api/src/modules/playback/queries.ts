import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, episodes } from '../../db/schema';

/** What a release needs to know about a title. */
export interface PlayableTitle {
  id: number;
  type: 'film' | 'series' | 'tvshow' | 'channel';
  vendorId: string | null;
  isPreview: boolean;
  previewTimer: number | null;
  packageId: number | null;
  /** The channel a channel-type title stands for. */
  channelId: number | null;
}

/** The title behind a release, or undefined. */
export async function playableTitle(db: Db, id: number): Promise<PlayableTitle | undefined> {
  const [row] = await db
    .select({
      id: contents.id,
      type: contents.type,
      vendorId: contents.vendorId,
      isPreview: contents.isPreview,
      previewTimer: contents.previewTimer,
      packageId: contents.packageId,
      channelId: contents.channelId,
    })
    .from(contents)
    .where(eq(contents.id, id));
  return row;
}

/** What a release needs to know about an episode or trailer. */
export interface PlayableEpisode {
  id: number;
  contentId: number;
  isTrailer: boolean;
  isAnnounce: boolean;
}

/** The episode (or trailer) behind a release, or undefined. */
export async function playableEpisode(db: Db, id: number): Promise<PlayableEpisode | undefined> {
  const [row] = await db
    .select({
      id: episodes.id,
      contentId: episodes.contentId,
      isTrailer: episodes.isTrailer,
      isAnnounce: episodes.isAnnounce,
    })
    .from(episodes)
    .where(eq(episodes.id, id));
  return row;
}
