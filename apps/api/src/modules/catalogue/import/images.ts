import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, normalize, resolve, sep } from 'node:path';
import {
  type ChannelImageEntry,
  generateChannelImages,
  generateTitleImages,
  type StickerImageEntry,
  stickerSvg,
  type TitleImageEntry,
  type TitleImages,
  widePosterSvg,
} from '../demo-images';
import type { Manifest, TitleImageKind } from './manifest';
import { isUrlRef, TITLE_IMAGE_KINDS } from './manifest';

/** Public URL prefix of DATA_DIR/media (served by the media module). */
export const MEDIA_URL_PREFIX = '/media/';

/** Where catalogue images go and how they are addressed. */
export interface ImageStore {
  /**
   * Stores `data` at `relativePath` (below the images folder) unless a file is there already, and
   * answers its public URL. Callers put a content hash in the name, so an existing file is the same.
   */
  put(relativePath: string, data: string | Uint8Array): Promise<string>;
}

/** Draws the images a manifest leaves out (SVG text); the demo generator by default. */
export interface ArtworkGenerator {
  title(entry: TitleImageEntry): TitleImages;
  channelLogo(entry: ChannelImageEntry): string;
  sticker(entry: StickerImageEntry): string;
  /** A package's wide poster and icon. */
  package(entry: { key: string; name: string }): { wide_poster: string; icon: string };
}

/** The project's generated artwork (apps/api/src/modules/catalogue/demo-images.ts). */
export const demoArtwork: ArtworkGenerator = {
  title: generateTitleImages,
  channelLogo: (entry) => generateChannelImages(entry).logo,
  sticker: stickerSvg,
  package: ({ key, name }) => ({
    wide_poster: widePosterSvg({ key: `package-${key}`, title: name, type: 'film', genres: [] }),
    icon: generateChannelImages({ key: `package-${key}`, name, genres: [] }).logo,
  }),
};

/**
 * Images in a local folder (DATA_DIR/media/images), served at /media/images/. Files are written to a
 * temporary name and renamed, so a crash never leaves a half-written image under its final name.
 */
export class LocalImageStore implements ImageStore {
  constructor(
    private readonly root: string,
    private readonly urlPrefix = `${MEDIA_URL_PREFIX}images/`,
  ) {}

  async put(relativePath: string, data: string | Uint8Array): Promise<string> {
    const clean = normalize(relativePath);
    if (isAbsolute(clean) || clean.startsWith('..') || clean.split(sep).includes('..'))
      throw new Error(`image path outside the images folder: ${relativePath}`);
    const file = join(this.root, clean);
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await mkdir(dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    }
    return this.urlPrefix + clean.split(sep).join('/');
  }
}

/** Every image file `manifest` names, as written there (what resolveImages copies; URLs left out). */
export function imageFileRefs(manifest: Manifest): string[] {
  const refs = [
    ...manifest.stickers.map((s) => s.image),
    ...manifest.packages.flatMap((p) => [p.icon, p.wide_poster]),
    ...manifest.channels.map((c) => c.logo),
    ...manifest.titles.flatMap((t) => [
      ...TITLE_IMAGE_KINDS.map((kind) => t.images[kind]),
      ...(t.seasons ?? []).flatMap((season) => season.episodes.map((e) => e.poster)),
    ]),
  ];
  return [...new Set(refs.filter((ref): ref is string => ref !== undefined && !isUrlRef(ref)))];
}

/** The public URLs of every image of a manifest, by entry key. */
export interface ResolvedImages {
  stickers: Map<string, string>;
  titles: Map<string, Record<TitleImageKind, string>>;
  channels: Map<string, string>;
  packages: Map<string, { icon: string; wide_poster: string }>;
  /** `${titleKey}/${seasonNumber}/${index}` → URL, for episodes that name a poster. */
  episodes: Map<string, string>;
}

const hashOf = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex').slice(0, 12);

/**
 * Copies the manifest's image files (paths relative to the manifest) and generates the missing ones,
 * all under content-hashed names; `http(s)://` references are kept as they are. Runs before the import
 * transaction: a failed import leaves at most unreferenced files behind, never a broken reference.
 */
export async function resolveImages(
  manifest: Manifest,
  baseDir: string,
  store: ImageStore,
  artwork: ArtworkGenerator = demoArtwork,
): Promise<ResolvedImages> {
  const fileCache = new Map<string, Promise<Uint8Array>>();
  const copy = async (ref: string, name: string): Promise<string> => {
    if (isUrlRef(ref)) return ref;
    const file = isAbsolute(ref) ? ref : resolve(baseDir, ref);
    let data = fileCache.get(file);
    if (!data) {
      data = readFile(file);
      fileCache.set(file, data);
    }
    const bytes = await data;
    return store.put(`${name}-${hashOf(bytes)}${extname(file).toLowerCase()}`, bytes);
  };
  const svg = (text: string, name: string) => store.put(`${name}-${hashOf(text)}.svg`, text);

  const genreName = new Map(manifest.genres.map((g) => [g.key, g.name]));
  const result: ResolvedImages = {
    stickers: new Map(),
    titles: new Map(),
    channels: new Map(),
    packages: new Map(),
    episodes: new Map(),
  };
  const jobs: Promise<void>[] = [];

  for (const s of manifest.stickers) {
    const name = `stickers/${s.key}`;
    jobs.push(
      (s.image
        ? copy(s.image, name)
        : svg(artwork.sticker({ key: s.key, title: s.title, color: s.color }), name)
      ).then((url) => {
        result.stickers.set(s.key, url);
      }),
    );
  }

  for (const p of manifest.packages) {
    const urls = { icon: '', wide_poster: '' };
    const drawn = p.icon && p.wide_poster ? undefined : artwork.package({ key: p.key, name: p.name });
    for (const kind of ['icon', 'wide_poster'] as const) {
      const name = `packages/${p.key}-${kind.replace('_', '-')}`;
      const ref = p[kind];
      jobs.push(
        (ref ? copy(ref, name) : svg(drawn![kind], name)).then((url) => {
          urls[kind] = url;
        }),
      );
    }
    result.packages.set(p.key, urls);
  }

  for (const c of manifest.channels) {
    const name = `channels/${c.key}-logo`;
    const genres = c.genres.map((k) => genreName.get(k) ?? k);
    jobs.push(
      (c.logo
        ? copy(c.logo, name)
        : svg(artwork.channelLogo({ key: c.key, name: c.name, genres }), name)
      ).then((url) => {
        result.channels.set(c.key, url);
      }),
    );
  }

  for (const t of manifest.titles) {
    const missing = TITLE_IMAGE_KINDS.filter((kind) => !t.images[kind]);
    const generated =
      missing.length > 0
        ? artwork.title({
            key: t.key,
            title: t.title,
            type: t.type,
            year: t.year,
            genres: t.genres.map((k) => genreName.get(k) ?? k),
            age_rating: t.age_rating,
          })
        : undefined;
    const urls = {} as Record<TitleImageKind, string>;
    for (const kind of TITLE_IMAGE_KINDS) {
      const name = `titles/${t.key}-${kind.replace('_', '-')}`;
      const ref = t.images[kind];
      const put = ref ? copy(ref, name) : svg(generated![kind], name);
      jobs.push(
        put.then((url) => {
          urls[kind] = url;
        }),
      );
    }
    result.titles.set(t.key, urls);
    for (const season of t.seasons ?? []) {
      season.episodes.forEach((e, i) => {
        if (!e.poster) return;
        const name = `episodes/${t.key}-s${season.number}-e${i + 1}`;
        jobs.push(
          copy(e.poster, name).then((url) => {
            result.episodes.set(`${t.key}/${season.number}/${i}`, url);
          }),
        );
      });
    }
  }

  await Promise.all(jobs);
  return result;
}
