import { z } from 'zod';

/**
 * The frame player's config (docs/decisions/033-embed-configs.md), served by the api at
 * `/embed/v1/config/{film|series|channel}/{id}.json` and read by the frame page (apps/web/src/embed/):
 * what the frame needs to start the app's own playback flow for one title or channel. Streams, DRM,
 * preview and paywall come from the usual calls with the frame's own session, never from here: they
 * are per viewer (signed, short-lived), and a config is public and cached.
 */
export const embedConfig = z.object({
  version: z.literal(1),
  kind: z.enum(['vod', 'live']),
  // `type` first: the compiled serializer writes required fields before optional ones.
  content: z.object({
    type: z.enum(['film', 'series', 'tvshow', 'channel']),
    /** Films and series: the catalogue id. */
    EK_id: z.number().int().optional(),
    /** Channels: the channel id (getReleaseChannel's `stream_id`). */
    tv_channel_id: z.number().int().optional(),
  }),
  title: z.string(),
  /** Absolute URL of the poster (a channel's logo). */
  poster: z.string(),
  live: z.boolean(),
});
export type EmbedConfig = z.infer<typeof embedConfig>;

/** The light service's status answer (the SDK's `vlunbeat`). */
export const embedStatusAnswer = z.object({ result: z.object({ lock: z.boolean() }) });
/** The light service's flag answer (the SDK's `vlbeat`): a reserve config URL, or null. */
export const embedFlagAnswer = z.object({ result: z.object({ vlight_url: z.string().nullable() }) });
