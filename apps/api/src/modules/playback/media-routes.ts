import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { allowAnyOrigin } from '../../http/any-origin';
import { segmentIndexOfKeyId, segmentKey } from '../../media/keys';
import { readAssetMeta } from '../../media/package';
import {
  INIT_SEGMENT,
  isMediaAssetId,
  type MediaAssetId,
  type MediaAssetMeta,
  type MediaStore,
  RENDITION_NAME_PATTERN,
  SEGMENT_NAME_PATTERN,
} from '../../media/store';
import type { ActiveStreams } from '../../metrics/active-streams';
import { admitGrant } from './grant-admission';
import type { GrantGuard } from './grant-guard';
import {
  assetOfGrant,
  FULL_SEGMENT_SECONDS,
  type Grant,
  type GrantSigner,
  PREVIEW_SEGMENT_MARGIN_SECONDS,
} from './grants';
import { mediaPaths, previewSegmentCountOf, rewriteMaster, rewriteMedia, segmentIndexOf } from './playlists';
import { checkSegmentSignature } from './secure-link';

/** What the media routes need. */
export interface MediaDeliveryOptions {
  store: MediaStore;
  signer: GrantSigner;
  /** Refuses grants whose session ended or whose package is no longer held. */
  guard: GrantGuard;
  /** MEDIA_SECRET: segment signatures. */
  secret: string;
  clock: Clock;
  /** Playbacks seen lately (the kadr_active_streams metric): touched by every playlist and key. */
  streams?: Pick<ActiveStreams, 'touch'>;
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
  const { store, signer, guard, secret, clock, streams } = options;
  // Signed URLs are the permission: a Cast receiver (another origin) may read them (decision 035).
  allowAnyOrigin(app);
  const keys = new AssetKeys(store);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const root = resolve(store.hlsRoot) + sep;

  /** The grant of a request, admitted (grant-admission.ts). */
  async function grantOf(request: FastifyRequest, token: string): Promise<Grant> {
    const grant = await admitGrant(app, request, signer.verify(token, nowSeconds()), guard);
    streams?.touch(`${grant.sessionId}:${grant.contentId}:${grant.episodeId}`);
    return grant;
  }

  async function metaOf(grant: Grant) {
    const meta = await readAssetMeta(store, assetOfGrant(grant));
    if (!meta) throw new AppError('media_not_ready', { retryAfter: 5 });
    return meta;
  }

  /**
   * metaOf for the key of every segment: kept KEY_META_SECONDS, so the hot path reads no file (a
   * repackaged asset keeps its key, and its segment count is checked again within seconds).
   */
  const keyMetas = new Map<MediaAssetId, { meta: Promise<MediaAssetMeta>; until: number }>();
  function keyMetaOf(grant: Grant): Promise<MediaAssetMeta> {
    const asset = assetOfGrant(grant);
    const now = clock.now().getTime();
    const cached = keyMetas.get(asset);
    if (cached && cached.until > now) return cached.meta;
    if (keyMetas.size >= ASSET_KEY_CAPACITY) keyMetas.clear();
    const meta = metaOf(grant);
    keyMetas.set(asset, { meta, until: now + KEY_META_SECONDS * 1000 });
    meta.catch(() => keyMetas.delete(asset));
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
          expires: segmentExpiry(grant),
          secret,
        }),
      );
    },
  );

  /** Segment URLs outlive the grant (a VOD playlist is read once); their keys need a live one. */
  const segmentExpiry = (grant: Grant) =>
    nowSeconds() +
    (grant.access === 'full' ? FULL_SEGMENT_SECONDS : grant.previewSeconds + PREVIEW_SEGMENT_MARGIN_SECONDS);

  // AES-128 key of one segment: 16 bytes, only with a live grant for that very asset and, for a
  // preview, only of a segment inside it — so a preview's keys open nothing past its end.
  app.get<{ Params: { grant: string; asset: string; index: string } }>(
    '/media/key/:grant/:asset/:index',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      const asset = assetOfGrant(grant);
      if (request.params.asset !== asset) throw new AppError('grant_foreign');
      const meta = await keyMetaOf(grant);
      const durations = meta.renditions[0]?.segments.map((s) => s.duration) ?? [];
      const index = /^\d{1,5}$/.test(request.params.index) ? Number(request.params.index) : -1;
      if (meta.encryption !== 'aes-128' || !meta.segmentKeys || index < 0 || index >= durations.length)
        throw new AppError('not_found');
      if (grant.access === 'preview' && index >= previewSegmentCountOf(durations, grant.previewSeconds))
        throw new AppError('past_preview');
      return sendKey(reply, segmentKey(await keys.of(asset), index));
    },
  );

  // The whole asset's key, for assets packaged before per-segment keys only (the key of the others
  // derives every segment key), and to full grants only: it opens every segment.
  app.get<{ Params: { grant: string; asset: string } }>(
    '/media/key/:grant/:asset',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      if (request.params.asset !== assetOfGrant(grant)) throw new AppError('grant_foreign');
      const meta = await metaOf(grant);
      if (meta.encryption !== 'aes-128' || meta.segmentKeys) throw new AppError('not_found');
      if (grant.access !== 'full') throw new AppError('past_preview');
      return sendKey(reply, await keys.of(assetOfGrant(grant)));
    },
  );

  const sendKey = (reply: FastifyReply, key: Buffer) =>
    reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'private, no-store')
      .send(key);

  // W3C ClearKey licence: {kids: [base64url]} → {keys: [{kty, kid, k}]}, for cenc-clearkey assets. Each
  // segment has its own key id (cenc.ts key rotation): a full grant gets the key of every segment key id
  // asked for, a preview only those of segments inside it (the rule of the AES-128 keys); other kids
  // are left out, as ClearKey allows, and a request left with none is refused.
  await app.register(async (licence) => {
    licence.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    licence.post<{ Params: { grant: string } }>('/media/license/:grant', noSchema, async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      const meta = await keyMetaOf(grant);
      if (meta.encryption !== 'cenc-clearkey') throw new AppError('not_found');
      const kids = kidsOf(request.body);
      const assetKey = await keys.of(assetOfGrant(grant));
      const keysOut = meta.segmentKeys
        ? segmentLicenceKeys(grant, meta, assetKey, kids)
        : wholeAssetLicenceKey(grant, meta, assetKey, kids);
      return reply.header('cache-control', 'private, no-store').send({ keys: keysOut, type: 'temporary' });
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

/** Asset keys (and metas) kept at most in memory (a key never changes: repackaging keeps it). */
const ASSET_KEY_CAPACITY = 10_000;
/** How long the key route trusts an asset's meta.json (seconds). */
const KEY_META_SECONDS = 10;

/** Asset keys read once and kept: every segment asks for its key. */
class AssetKeys {
  private readonly read = new Map<MediaAssetId, Promise<Buffer>>();

  constructor(private readonly store: MediaStore) {}

  of(asset: MediaAssetId): Promise<Buffer> {
    let key = this.read.get(asset);
    if (!key) {
      if (this.read.size >= ASSET_KEY_CAPACITY) this.read.clear();
      key = readFile(this.store.keyFile(asset)).then((bytes) => {
        if (bytes.length !== KEY_BYTES) throw new Error(`${asset}: the key file is not ${KEY_BYTES} bytes`);
        return bytes;
      });
      this.read.set(asset, key);
      // A key not there yet (or unreadable) is read again next time.
      key.catch(() => this.read.delete(asset));
    }
    return key.catch(() => {
      throw new AppError('media_not_ready', { retryAfter: 5 });
    });
  }
}

/** One key of a ClearKey licence (a JWK). */
interface LicenceKey {
  kty: 'oct';
  kid: string;
  k: string;
}

/**
 * The JWKs of the segment key ids in `kids` that `grant` may have: all of the asset's for a full grant,
 * those of segments before the preview's end for a preview. Throws when none remain: past_preview when
 * only later segments were asked for, grant_foreign when no kid is one of this asset's.
 */
function segmentLicenceKeys(grant: Grant, meta: MediaAssetMeta, assetKey: Buffer, kids: string[]) {
  const durations = meta.renditions[0]?.segments.map((s) => s.duration) ?? [];
  const allowed =
    grant.access === 'preview' ? previewSegmentCountOf(durations, grant.previewSeconds) : durations.length;
  const out: LicenceKey[] = [];
  let pastPreview = false;
  for (const kid of kids) {
    const index = segmentIndexOfKeyId(assetKey, Buffer.from(kid, 'base64url'));
    if (index === undefined || index >= durations.length) continue;
    if (index >= allowed) pastPreview = true;
    else out.push({ kty: 'oct', kid, k: segmentKey(assetKey, index).toString('base64url') });
  }
  if (out.length === 0) throw new AppError(pastPreview ? 'past_preview' : 'grant_foreign');
  return out;
}

/**
 * Assets packaged before per-segment keys: one key id, whose key opens every segment, so only a full
 * grant gets it (a preview of such an asset needs it repackaged, as AES-128 ones do).
 */
function wholeAssetLicenceKey(grant: Grant, meta: MediaAssetMeta, assetKey: Buffer, kids: string[]) {
  const kid = hexToBase64url(meta.keyId);
  if (!kids.includes(kid)) throw new AppError('grant_foreign');
  if (grant.access !== 'full') throw new AppError('past_preview');
  return [{ kty: 'oct', kid, k: assetKey.toString('base64url') }] satisfies LicenceKey[];
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
