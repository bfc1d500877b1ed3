import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { accessTokenOf } from '../../http/register-call';
import {
  INIT_SEGMENT,
  isMediaAssetId,
  type MediaAssetId,
  type MediaStore,
  RENDITION_NAME_PATTERN,
  SEGMENT_NAME_PATTERN,
} from '../../media/store';
import { assetOfGrant, type Grant, type GrantSigner } from './grants';
import { mediaPaths, rewriteMaster, rewriteMedia, segmentIndexOf } from './playlists';
import { checkSegmentSignature } from './secure-link';
import { readAssetMeta } from './service';

/** What the media routes need. */
export interface MediaDeliveryOptions {
  store: MediaStore;
  signer: GrantSigner;
  /** MEDIA_SECRET: segment signatures. */
  secret: string;
  clock: Clock;
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPES: Record<string, string> = {
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};
const KEY_BYTES = 16;

const hexToBase64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

/**
 * Playback delivery (docs/decisions/005): playlists per grant, signed segments, AES-128 keys and the
 * ClearKey licence. Every path part is matched against the store's name patterns before any file
 * is touched, and the resolved path must stay inside the store: `..`, encoded slashes and absolute
 * paths never reach the file system.
 */
export const mediaDeliveryRoutes: FastifyPluginAsync<MediaDeliveryOptions> = async (app, options) => {
  const { store, signer, secret, clock } = options;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const root = resolve(store.hlsRoot) + sep;

  /**
   * The grant of a request. A player sends no access token with media requests, so the grant is a
   * bearer capability; when a token is sent (the api-client does for licences) it must be the
   * grant's profile's.
   */
  async function grantOf(request: FastifyRequest, token: string): Promise<Grant> {
    const grant = signer.verify(token, nowSeconds());
    if (grant === 'invalid') throw new AppError('grant_invalid');
    if (grant === 'expired') throw new AppError('grant_expired');
    const access = accessTokenOf(request);
    if (access !== undefined) {
      const session = await app.authenticateToken(access).catch(() => null);
      if (session && session.profileId !== grant.profileId) throw new AppError('grant_foreign');
    }
    return grant;
  }

  async function metaOf(grant: Grant) {
    const meta = await readAssetMeta(store, assetOfGrant(grant));
    if (!meta) throw new AppError('media_not_ready', { retryAfter: 5 });
    return meta;
  }

  const sendPlaylist = (reply: FastifyReply, text: string) =>
    reply.header('content-type', PLAYLIST_TYPE).header('cache-control', 'private, no-store').send(text);

  /** A store file inside the served tree, or 404 (never a path outside it). */
  function inside(path: string): string {
    const absolute = resolve(path);
    if (!absolute.startsWith(root)) throw new AppError('not_found');
    return absolute;
  }

  const noSchema = { schema: { hide: true } };

  app.get<{ Params: { grant: string } }>(
    '/media/play/:grant/master.m3u8',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      await metaOf(grant);
      const text = await readFile(inside(store.masterPlaylist(assetOfGrant(grant))), 'utf8');
      return sendPlaylist(reply, rewriteMaster(text, request.params.grant));
    },
  );

  app.get<{ Params: { grant: string; rendition: string } }>(
    '/media/play/:grant/:rendition/index.m3u8',
    noSchema,
    async (request, reply) => {
      const { rendition } = request.params;
      const grant = await grantOf(request, request.params.grant);
      if (!RENDITION_NAME_PATTERN.test(rendition)) throw new AppError('not_found');
      const meta = await metaOf(grant);
      if (!meta.renditions.some((r) => r.name === rendition)) throw new AppError('not_found');
      const asset = assetOfGrant(grant);
      const text = await readFile(inside(store.mediaPlaylist(asset, rendition)), 'utf8');
      return sendPlaylist(
        reply,
        rewriteMedia(text, {
          grant: request.params.grant,
          asset,
          rendition,
          previewSeconds: grant.access === 'preview' ? grant.previewSeconds : null,
          expires: grant.expires,
          secret,
        }),
      );
    },
  );

  // AES-128 key of the grant's asset: 16 bytes, only with a valid grant for that very asset.
  app.get<{ Params: { grant: string; asset: string } }>(
    '/media/key/:grant/:asset',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      if (request.params.asset !== assetOfGrant(grant)) throw new AppError('grant_foreign');
      const key = await readKey(store, assetOfGrant(grant));
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'private, no-store')
        .send(key);
    },
  );

  // W3C ClearKey licence: {kids: [base64url]} → {keys: [{kty, kid, k}]}, for cenc-clearkey assets.
  await app.register(async (licence) => {
    licence.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    licence.post<{ Params: { grant: string } }>('/media/license/:grant', noSchema, async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      const meta = await metaOf(grant);
      if (meta.encryption !== 'cenc-clearkey') throw new AppError('not_found');
      const kids = kidsOf(request.body);
      const kid = hexToBase64url(meta.keyId);
      if (!kids.includes(kid)) throw new AppError('grant_foreign');
      const key = await readKey(store, assetOfGrant(grant));
      return reply
        .header('cache-control', 'private, no-store')
        .send({ keys: [{ kty: 'oct', kid, k: key.toString('base64url') }], type: 'temporary' });
    });
  });

  // Signed segments (the same signature nginx's secure_link checks, secure-link.ts).
  app.get<{
    Params: { asset: string; rendition: string; file: string };
    Querystring: Record<string, unknown>;
  }>('/media/hls/:asset/:rendition/:file', noSchema, async (request, reply) => {
    const { asset, rendition, file } = request.params;
    if (
      !isMediaAssetId(asset) ||
      !RENDITION_NAME_PATTERN.test(rendition) ||
      !(SEGMENT_NAME_PATTERN.test(file) || file === INIT_SEGMENT)
    )
      throw new AppError('not_found');
    const problem = checkSegmentSignature(
      secret,
      mediaPaths.segment(asset, rendition, file),
      request.query,
      segmentIndexOf(file),
      nowSeconds(),
    );
    if (problem === 'invalid') throw new AppError('signature_invalid');
    if (problem === 'expired') throw new AppError('signature_expired');
    if (problem === 'past_preview') throw new AppError('past_preview');
    const path = inside(store.segment(asset, rendition, file));
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new AppError('not_found');
    return reply
      .header(
        'content-type',
        SEGMENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      )
      .header('content-length', info.size)
      .header('cache-control', 'private, max-age=3600')
      .send(createReadStream(path));
  });

  // The poster frame is an image: public, like the catalogue's.
  app.get<{ Params: { asset: string } }>('/media/hls/:asset/poster.jpg', noSchema, async (request, reply) => {
    if (!isMediaAssetId(request.params.asset)) throw new AppError('not_found');
    const path = inside(store.poster(request.params.asset));
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new AppError('not_found');
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=3600')
      .send(createReadStream(path));
  });
};

async function readKey(store: MediaStore, asset: MediaAssetId): Promise<Buffer> {
  const key = await readFile(store.keyFile(asset)).catch(() => null);
  if (!key || key.length !== KEY_BYTES) throw new AppError('media_not_ready', { retryAfter: 5 });
  return key;
}

/** The kids of a ClearKey licence request (a JSON body, as bytes or parsed); [] when malformed. */
function kidsOf(body: unknown): string[] {
  let value: unknown = body;
  if (Buffer.isBuffer(body)) {
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError('bad_request');
    }
  }
  const kids = (value as { kids?: unknown } | null)?.kids;
  if (!Array.isArray(kids) || kids.length > 16 || !kids.every((k) => typeof k === 'string'))
    throw new AppError('bad_request');
  return kids as string[];
}
