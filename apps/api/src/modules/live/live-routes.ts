import { createCipheriv } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { allowAnyOrigin } from '../../http/any-origin';
import { ensureChannelKey, liveSegmentKey } from '../../media/keys';
import { LOOKS } from '../../media/live-loops';
import { liveLoop, RENDITION_NAME_PATTERN, segmentName } from '../../media/store';
import type { MediaDeliveryOptions } from '../playback';
import {
  admitGrant,
  checkSegmentSignature,
  FULL_SEGMENT_SECONDS,
  PREVIEW_SEGMENT_MARGIN_SECONDS,
} from '../playback';
import type { ChannelGrant, ChannelGrantSigner } from './channel-grants';
import type { ChannelPlayout } from './channel-playout';
import { dvrSegmentsOf, LIVE_PREVIEW_GRANT_MARGIN_SECONDS, type LiveSettings } from './channel-service';
import {
  type AiredProgramme,
  allowedSegments,
  LIVE_WINDOW_SEGMENTS,
  liveEdge,
  looksOf,
  loopIndexOf,
  type StreamAccess,
  type StreamScope,
  type StreamWindow,
  segmentStart,
  windowAt,
} from './live-clock';
import { livePaths, writeLiveMaster, writeLiveMedia } from './live-playlists';

/** What the live routes need. */
export interface LiveDeliveryOptions extends Omit<MediaDeliveryOptions, 'signer'> {
  signer: ChannelGrantSigner;
  playout: ChannelPlayout;
  settings: LiveSettings;
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** Full live playlists' segment signatures expire on these boundaries, so their bodies are shared. */
const EXPIRY_STEP_SECONDS = 600;
/** Bodies, channel keys and loop segments kept at most; a full map is emptied. */
const CAPACITY = 512;
/**
 * Characters of shared playlist bodies kept at most (about as many bytes): a day's archive playlist is
 * 4.3 MB, a live one 87 KB; past this the bodies are emptied, as a full map is.
 */
const BODY_CHARACTERS = 64 * 1024 * 1024;
/** Encrypted segments kept (about 100 KB each): the few at each channel's edge. */
const ENCRYPTED_CAPACITY = 64;
/** How long a loop segment read from disk is kept (a repackaged loop is seen within it), ms. */
const LOOP_FILE_MS = 60_000;

const CHANNEL_ID = /^[1-9]\d{0,9}$/;
const SEGMENT_FILE = /^(0|[1-9]\d{0,11})\.ts$/;
const SEGMENT_NUMBER = /^(0|[1-9]\d{0,11})$/;

/** IV of segment n: its media sequence number, 128-bit big-endian (what a key line without IV means). */
function ivOf(n: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(n), 8);
  return iv;
}

/**
 * A channel's stream (docs/decisions/029): master and media playlists computed from the clock and the
 * guide per grant, a key per segment of the timeline, and segments cut from the channel's loops,
 * encrypted as they are served with the key of their place in the timeline. A grant is checked as a
 * title's is (signature, expiry, the viewer's token, the guard); every key and playlist is held to what
 * the grant may play — the DVR window, the programme, the preview — and the api signs no segment URL
 * outside it, so a segment without a grant, or past a preview, is never served.
 */
export const liveDeliveryRoutes: FastifyPluginAsync<LiveDeliveryOptions> = async (app, options) => {
  // Signed URLs are the permission: a Cast receiver (another origin) may read them (decision 035).
  allowAnyOrigin(app);
  const { store, signer, guard, secret, clock, playout, settings, streams } = options;
  const nowMs = () => clock.now().getTime();
  const noSchema = { schema: { hide: true } };

  /** The grant of a request, admitted as a title's is (grant-admission.ts). */
  async function grantOf(request: FastifyRequest, token: string): Promise<ChannelGrant> {
    const grant = await admitGrant(app, request, signer.verify(token, Math.floor(nowMs() / 1000)), guard);
    streams?.touch(`${grant.sessionId}:ch${grant.channelId}`);
    return grant;
  }

  /** What a grant plays, with the programme's look; a programme gone from the guide is not found. */
  async function scopeOf(grant: ChannelGrant): Promise<{ scope: StreamScope; programme?: AiredProgramme }> {
    if (grant.scope === 'live') return { scope: { kind: 'live' } };
    const programme = await playout.programme(grant.channelId, grant.start * 1000);
    if (!programme) throw new AppError('not_found');
    return { scope: { kind: 'programme', startMs: programme.startMs, endMs: programme.endMs }, programme };
  }

  const accessOf = (grant: ChannelGrant): StreamAccess =>
    grant.access === 'full'
      ? { preview: false }
      : { preview: true, seconds: grant.previewSeconds, fromMs: grant.start * 1000 };

  async function dvrSegments(grant: ChannelGrant): Promise<number> {
    const channel = await playout.channel(grant.channelId);
    if (!channel) throw new AppError('not_found');
    return dvrSegmentsOf(channel, settings);
  }

  async function loopsOf(channelId: number) {
    const loops = await playout.channelLoops(channelId);
    if (!loops) throw new AppError('media_not_ready', { retryAfter: 5 });
    return loops;
  }

  const sendPlaylist = (reply: FastifyReply, text: string) =>
    reply.header('content-type', PLAYLIST_TYPE).header('cache-control', 'private, no-store').send(text);

  app.get<{ Params: { grant: string } }>(
    '/media/channel/:grant/master.m3u8',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      return sendPlaylist(reply, writeLiveMaster((await loopsOf(grant.channelId)).renditions));
    },
  );

  // A full grant's playlist — live, or a programme's EVENT or VOD — is the same for every viewer of it at
  // a moment (relative key URIs, signatures expiring on shared boundaries): written once per channel,
  // rendition, programme and window, whatever the kind. One body is kept per slot (a channel's live, or
  // one programme of it) and rendition — the newest: an older edge's is never asked for again. A
  // preview's (its own expiry) is written per request.
  const bodies = new Map<string, { key: string; body: string }>();
  let bodyCharacters = 0;

  /** The look of every segment of the window. */
  async function looksIn(grant: ChannelGrant, window: StreamWindow, programme?: AiredProgramme) {
    if (programme) return Array<number>(window.last - window.first + 1).fill(programme.look);
    const aired = await playout.aired(
      grant.channelId,
      segmentStart(window.first),
      segmentStart(window.last + 1),
    );
    return looksOf(window.first, window.last, aired);
  }

  app.get<{ Params: { grant: string; rendition: string } }>(
    '/media/channel/:grant/:rendition/index.m3u8',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      const { rendition } = request.params;
      if (!RENDITION_NAME_PATTERN.test(rendition)) throw new AppError('not_found');
      if (!(await loopsOf(grant.channelId)).renditions.some((r) => r.name === rendition))
        throw new AppError('not_found');
      const { scope, programme } = await scopeOf(grant);
      const access = accessOf(grant);
      const now = nowMs();
      const segments = await dvrSegments(grant);
      const first = allowedSegments(scope, access, now, segments).first;
      // Nothing has aired yet (a programme's first segment, a preview granted by an instance whose clock
      // runs ahead): a playlist without segments, for now, of the type it will have.
      const window = windowAt(scope, access, now, segments) ?? {
        first,
        last: first - 1,
        type: scope.kind === 'live' ? ('live' as const) : ('event' as const),
        ended: false,
      };
      const looks = await looksIn(grant, window, programme);
      const nowSeconds = Math.floor(now / 1000);
      const expires = !access.preview
        ? Math.ceil((nowSeconds + FULL_SEGMENT_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS
        : scope.kind === 'live'
          ? grant.start + grant.previewSeconds + LIVE_PREVIEW_GRANT_MARGIN_SECONDS
          : nowSeconds + grant.previewSeconds + PREVIEW_SEGMENT_MARGIN_SECONDS;
      const input = { channelId: grant.channelId, rendition, window, looks, secret, expires };
      if (access.preview) return sendPlaylist(reply, writeLiveMedia(input));
      // A programme's segments all have its look; a live window's are the guide's around the edge.
      const slot = `${grant.channelId}|${rendition}|${programme ? programme.startMs : 'live'}`;
      const key = `${window.type}|${window.first}|${window.last}|${window.ended}|${expires}|${programme ? programme.look : looks.join('')}`;
      let kept = bodies.get(slot);
      if (kept?.key !== key) {
        const replaced = kept?.body.length ?? 0;
        kept = { key, body: writeLiveMedia(input) };
        bodyCharacters += kept.body.length - replaced;
        if ((replaced === 0 && bodies.size >= CAPACITY) || bodyCharacters > BODY_CHARACTERS) {
          bodies.clear();
          bodyCharacters = kept.body.length;
        }
        bodies.set(slot, kept);
      }
      return sendPlaylist(reply, kept.body);
    },
  );

  const channelKeys = new Map<number, Promise<Buffer>>();
  function channelKey(channelId: number): Promise<Buffer> {
    let key = channelKeys.get(channelId);
    if (!key) {
      if (channelKeys.size >= CAPACITY) channelKeys.clear();
      key = ensureChannelKey(store, channelId);
      channelKeys.set(channelId, key);
      key.catch(() => channelKeys.delete(channelId));
    }
    return key;
  }

  // The key of segment n: only with a live grant, and only of a segment the grant may play — the DVR
  // window (with a live window's slack for a playlist read a moment ago), the programme, the preview.
  app.get<{ Params: { grant: string; n: string } }>(
    '/media/channel/:grant/key/:n',
    noSchema,
    async (request, reply) => {
      const grant = await grantOf(request, request.params.grant);
      if (!SEGMENT_NUMBER.test(request.params.n)) throw new AppError('not_found');
      const n = Number(request.params.n);
      const { scope } = await scopeOf(grant);
      const access = accessOf(grant);
      const now = nowMs();
      const allowed = allowedSegments(scope, access, now, await dvrSegments(grant));
      if (access.preview && (n < allowed.first || n > allowed.last)) throw new AppError('past_preview');
      const fullLive = scope.kind === 'live' && !access.preview;
      const slack = fullLive ? LIVE_WINDOW_SEGMENTS : 0;
      // Full live: up to the segment after the edge, as the segment route serves, so a playlist from an
      // instance whose clock runs a little ahead still finds its last key on another.
      const last = fullLive ? liveEdge(now) + 1 : Math.min(allowed.last, liveEdge(now) + 1);
      if (n < allowed.first - slack || n > last) throw new AppError('not_found');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'private, no-store')
        .send(liveSegmentKey(await channelKey(grant.channelId), n));
    },
  );

  const loopFiles = new Map<string, { bytes: Promise<Buffer>; until: number }>();
  function loopFile(path: string): Promise<Buffer> {
    const now = nowMs();
    const hit = loopFiles.get(path);
    if (hit && hit.until > now) return hit.bytes;
    if (loopFiles.size >= CAPACITY) loopFiles.clear();
    const bytes = readFile(path);
    loopFiles.set(path, { bytes, until: now + LOOP_FILE_MS });
    bytes.catch(() => loopFiles.delete(path));
    return bytes;
  }
  // Viewers of a channel fetch the same few segments at the edge: each is encrypted once.
  const encrypted = new Map<string, Promise<Buffer>>();

  // Segment n of a channel, cut from loop segment n mod 5 of the look its URL names and encrypted with
  // the key of n. The URL is signed like a title's segment (secure-link.ts): the api signs only what a
  // grant may play, so the signature is the grant here, and nothing in the path can be changed.
  app.get<{
    Params: { channel: string; look: string; rendition: string; file: string };
    Querystring: Record<string, unknown>;
  }>('/media/live/:channel/:look/:rendition/:file', noSchema, async (request, reply) => {
    // A refusal is never kept by a cache (a segment asked a moment before its edge exists a moment later).
    reply.header('cache-control', 'no-store');
    const { channel, look, rendition, file } = request.params;
    const m = SEGMENT_FILE.exec(file);
    if (
      !CHANNEL_ID.test(channel) ||
      !/^\d$/.test(look) ||
      Number(look) >= LOOKS ||
      !RENDITION_NAME_PATTERN.test(rendition) ||
      !m
    )
      throw new AppError('not_found');
    const n = Number(m[1]);
    const channelId = Number(channel);
    const path = livePaths.segment(channelId, Number(look), rendition, n);
    const nowSeconds = Math.floor(nowMs() / 1000);
    const problem = checkSegmentSignature(secret, path, request.query, null, nowSeconds);
    if (problem === 'invalid') throw new AppError('signature_invalid');
    if (problem === 'expired') throw new AppError('signature_expired');
    if (n > liveEdge(nowMs()) + 1) throw new AppError('not_found');
    let bytes = encrypted.get(path);
    if (!bytes) {
      const source = store.segment(
        liveLoop(channelId, Number(look)),
        rendition,
        segmentName(loopIndexOf(n), 'none'),
      );
      bytes = Promise.all([loopFile(source), channelKey(channelId)]).then(([clear, key]) => {
        const cipher = createCipheriv('aes-128-cbc', liveSegmentKey(key, n), ivOf(n));
        return Buffer.concat([cipher.update(clear), cipher.final()]);
      });
      if (encrypted.size >= ENCRYPTED_CAPACITY) encrypted.clear();
      encrypted.set(path, bytes);
      bytes.catch(() => encrypted.delete(path));
    }
    const body = await bytes.catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new AppError('not_found');
      throw error;
    });
    return reply
      .header('content-type', 'video/mp2t')
      .header('content-length', body.length)
      .header('cache-control', segmentCacheControl(Number(request.query.expires), nowSeconds))
      .send(body);
  });
};

/** How long a shared cache may keep a live or archive segment at most, seconds. */
export const SEGMENT_CACHE_SECONDS = 3600;

/**
 * Cache-Control of a served live or archive segment (docs/decisions/029, docs/media.md "Caching"): its
 * bytes are a function of its path (channel, look, rendition, n: the loop segment encrypted with the key
 * of n, IV n), the same for every viewer, and useless without its key, which only a grant gets — so a
 * CDN or nginx may keep it and answer everyone presenting the same signed URL (full live URLs are shared:
 * their expiries fall on 10-minute boundaries). Never past the URL's expiry: a cache must not serve a
 * URL the api would refuse. Keys and playlists stay `private, no-store`.
 */
export function segmentCacheControl(expires: number, nowSeconds: number): string {
  return `public, max-age=${Math.max(0, Math.min(SEGMENT_CACHE_SECONDS, expires - nowSeconds))}`;
}
