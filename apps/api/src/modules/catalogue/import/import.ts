import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Db } from '../../../db/client';
import { type ArtworkGenerator, type ImageStore, resolveImages } from './images';
import type { Manifest } from './manifest';
import type { ImportCounts } from './table-sync-queries';
import {
  formatOfPath,
  ManifestError,
  type ManifestFormat,
  parseManifestText,
  validateManifest,
} from './validate';
import { type Counted, catalogueIsEmpty, noCounts, writeCatalogue } from './write-queries';

/** How to import. */
export interface ImportOptions {
  /** Where copied and generated images go. */
  images: ImageStore;
  /** Draws missing images; the demo artwork by default. */
  artwork?: ArtworkGenerator;
  /** Delete catalogue rows whose keys the manifest no longer lists. */
  prune?: boolean;
  /** Only import into an empty catalogue (first start); checked again under the import lock. */
  onlyIfEmpty?: boolean;
  /** Time written to created_at/updated_at. */
  now?: Date;
}

/** What an import did. */
export interface ImportSummary {
  /** True when `onlyIfEmpty` found titles or channels already there and nothing was written. */
  skipped: boolean;
  counts: Record<Counted, ImportCounts>;
  /** Wall time of validation, images and the transaction, milliseconds. */
  durationMs: number;
}

/** A validated manifest and the folder its image paths are relative to. */
export interface PreparedManifest {
  manifest: Manifest;
  baseDir: string;
}

/**
 * Writes a validated manifest: copies or generates images, then writes the catalogue in one
 * transaction (see writeCatalogue).
 */
export async function importPrepared(
  db: Db,
  { manifest, baseDir }: PreparedManifest,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  if (options.onlyIfEmpty && !(await catalogueIsEmpty(db))) {
    return { skipped: true, counts: noCounts(), durationMs: performance.now() - started };
  }
  const images = await resolveImages(manifest, baseDir, options.images, options.artwork);
  const result = await writeCatalogue(db, manifest, images, {
    now: options.now ?? new Date(),
    prune: options.prune,
    onlyIfEmpty: options.onlyIfEmpty,
  });
  return { ...result, durationMs: performance.now() - started };
}

/**
 * Imports parsed manifest data (an object as JSON or YAML would give): validates it (ManifestError
 * listing every problem; nothing is written), then imports it. Image paths are relative to `baseDir`.
 */
export async function importManifest(
  db: Db,
  raw: unknown,
  baseDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const summary = await importPrepared(db, { manifest: validateManifest(raw, baseDir), baseDir }, options);
  return { ...summary, durationMs: performance.now() - started };
}

/** Parses manifest text of the given format and imports it (see importManifest). */
export async function importManifestText(
  db: Db,
  text: string,
  format: ManifestFormat,
  baseDir: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  return importManifest(db, parseManifestText(text, format), baseDir, options);
}

/** Reads, parses and validates a `.json`, `.yaml` or `.yml` manifest file (ManifestError if it is not valid). */
export async function prepareManifestFile(file: string): Promise<PreparedManifest> {
  const path = resolve(file);
  const format = formatOfPath(path);
  if (!format) throw new ManifestError([`(manifest): ${file}: expected a .json, .yaml or .yml file`]);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestError([
      code === 'ENOENT'
        ? `(manifest): file not found: ${file}`
        : `(manifest): cannot read ${file}: ${code ?? error}`,
    ]);
  }
  const baseDir = dirname(path);
  return { manifest: validateManifest(parseManifestText(text, format), baseDir), baseDir };
}

/** Reads a manifest file and imports it; image paths are relative to the file. */
export async function importManifestFile(
  db: Db,
  file: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const summary = await importPrepared(db, await prepareManifestFile(file), options);
  return { ...summary, durationMs: performance.now() - started };
}

/** One line per kind: `titles: 3 new, 1 updated, 40 unchanged, 2 deleted`. */
export function formatSummary(summary: ImportSummary): string[] {
  return Object.entries(summary.counts).map(([kind, c]) => {
    const parts = [`${c.created} new`, `${c.updated} updated`, `${c.unchanged} unchanged`];
    if (c.deleted > 0) parts.push(`${c.deleted} deleted`);
    return `${kind}: ${parts.join(', ')}`;
  });
}
