import {
  id as catalogueId,
  embedConfig,
  errorEnvelope,
  embedFlagAnswer as flagAnswer,
  embedStatusAnswer as statusAnswer,
} from '@kadr/api-contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { allowAnyOrigin } from '../../http/any-origin';
import { channelConfigRow, titleConfigRow } from './queries';
import { isContentName, switchState } from './switches';

/** Seconds a config may be kept: it changes with the catalogue, rarely; a title taken down goes within a minute. */
export const CONFIG_MAX_AGE = 60;
/**
 * Seconds a status or flag answer may be kept: the SDK asks every 60 s from every open player, so a
 * CDN or browser cache takes most of that load; an operator's switch reaches every player within
 * 30 s (cache) + 60 s (the SDK's period).
 */
export const SWITCH_MAX_AGE = 30;

const configFile = z.string().regex(/^[1-9]\d{0,9}\.json$/, 'expected {id}.json');
const switchQuery = z.object({
  content: z.string().refine(isContentName, 'expected film-{id}, series-{id} or channel-{id}').optional(),
});
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** The id of `{id}.json`, or undefined when it is not a catalogue id (over 32 bits: such an item cannot exist). */
function idOf(file: string): number | undefined {
  const parsed = catalogueId.safeParse(Number(file.slice(0, -'.json'.length)));
  return parsed.success ? parsed.data : undefined;
}

/** `url` made absolute against the request's own origin (catalogue images are `/media/images/…`). */
function absolute(url: string, request: FastifyRequest): string {
  return new URL(url, `${request.protocol}://${request.host}`).toString();
}

/**
 * The embed calls for partner pages (docs/decisions/033-embed-configs.md): configs of a film, a series
 * and a channel, and the light service's status and flag. Readable from any origin
 * (`Access-Control-Allow-Origin: *`, these routes only: registered in their own scope), cacheable,
 * answering the usual error envelope.
 */
export const embedRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Public, credential-free data: any page may read it, errors included (so a partner sees the envelope).
  // Simple GETs without custom headers: browsers send no preflight, so there is no OPTIONS route.
  allowAnyOrigin(app);
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
  });

  const title = (kind: 'film' | 'series', types: Array<'film' | 'series' | 'tvshow'>) =>
    app.get(
      `/embed/v1/config/${kind}/:file`,
      {
        schema: {
          summary: `The embed frame's config of a ${kind}: {EK_id}.json`,
          tags: ['embed'],
          params: z.object({ file: configFile }),
          response: { 200: embedConfig, ...errors },
        },
      },
      async (request, reply) => {
        const id = idOf(request.params.file);
        if (id === undefined) throw new AppError('no_content');
        const row = await titleConfigRow(db, id, types);
        if (!row) throw new AppError('no_content');
        // No vendor: "no content" everywhere in the catalogue (SPEC §5, §8 code 900).
        if (row.vendorId === null) throw new AppError('no_vendor');
        reply.header('cache-control', `public, max-age=${CONFIG_MAX_AGE}`);
        return {
          version: 1 as const,
          kind: 'vod' as const,
          content: { type: row.type, EK_id: row.id },
          title: row.title,
          poster: absolute(row.posterUrl, request),
          live: false,
        };
      },
    );
  title('film', ['film']);
  title('series', ['series', 'tvshow']);

  app.get(
    '/embed/v1/config/channel/:file',
    {
      schema: {
        summary: "The embed frame's config of a TV channel: {tv_channel_id}.json",
        tags: ['embed'],
        params: z.object({ file: configFile }),
        response: { 200: embedConfig, ...errors },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.file);
      if (id === undefined) throw new AppError('channel_not_found');
      // As playback sees it (playback/channel-queries.ts): a channel whose title has no vendor is no channel.
      const row = await channelConfigRow(db, id);
      if (!row || (row.sold && row.vendor_id === null)) throw new AppError('channel_not_found');
      reply.header('cache-control', `public, max-age=${CONFIG_MAX_AGE}`);
      return {
        version: 1 as const,
        kind: 'live' as const,
        content: { type: 'channel' as const, tv_channel_id: row.id },
        title: row.name,
        poster: absolute(row.logo_url, request),
        live: true,
      };
    },
  );

  app.get(
    '/embed/v1/status',
    {
      schema: {
        summary: 'The light service status (SDK vlunbeat): whether the player keeps to its main config',
        tags: ['embed'],
        querystring: switchQuery,
        response: { 200: statusAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { lock } = await switchState(db, request.query.content);
      reply.header('cache-control', `public, max-age=${SWITCH_MAX_AGE}`);
      return { result: { lock } };
    },
  );

  app.get(
    '/embed/v1/flag',
    {
      schema: {
        summary: 'The light service flag (SDK vlbeat): the reserve config URL to switch to, if any',
        tags: ['embed'],
        querystring: switchQuery,
        response: { 200: flagAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { reserveUrl } = await switchState(db, request.query.content);
      reply.header('cache-control', `public, max-age=${SWITCH_MAX_AGE}`);
      return { result: { vlight_url: reserveUrl } };
    },
  );
};
