import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, extname, isAbsolute, resolve } from 'node:path';

/**
 * What importing a manifest file reads: the file (its format, from the name, and its bytes) and the
 * image files it names. The same fingerprint means the same import, given the same code: a database
 * template seeded at build time stands for an import at first start only under this condition
 * (db/seeded-template.ts, docs/decisions/028-first-start-template.md).
 */
export interface SeedFingerprint {
  /** sha256 of the manifest's format and bytes. */
  manifest: string;
  /** sha256 of each image file the manifest names, by its reference as written there. */
  images: Record<string, string>;
}

/**
 * The manifest's format as the catalogue import reads it from the name (its validate.ts formatOfPath;
 * kept here so the database layer needs nothing from the catalogue module).
 */
const formatOf = (path: string) => {
  const ext = extname(path).toLowerCase();
  return ext === '.json' ? 'json' : ext === '.yaml' || ext === '.yml' ? 'yaml' : undefined;
};

const sha256 = (...parts: Array<string | Uint8Array>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/**
 * The fingerprint of `manifestFile` and of the images `imageRefs` (references as written in it,
 * relative to its folder unless absolute; images.ts imageFileRefs). Undefined when a file cannot be read.
 */
export function seedFingerprint(
  manifestFile: string,
  imageRefs: readonly string[],
): SeedFingerprint | undefined {
  const path = resolve(manifestFile);
  try {
    const images: Record<string, string> = {};
    for (const ref of imageRefs) {
      images[ref] = sha256(readFileSync(isAbsolute(ref) ? ref : resolve(dirname(path), ref)));
    }
    return { manifest: sha256(`${formatOf(path)}\n`, readFileSync(path)), images };
  } catch {
    return undefined;
  }
}

/** Whether `manifestFile` is now what `stamped` was taken from: the same manifest and image files. */
export function matchesFingerprint(stamped: SeedFingerprint, manifestFile: string): boolean {
  // Read from a stamp file: its shape is checked, not assumed.
  if (typeof stamped?.manifest !== 'string' || typeof stamped.images !== 'object' || !stamped.images)
    return false;
  const refs = Object.keys(stamped.images);
  const current = seedFingerprint(manifestFile, refs);
  return (
    current !== undefined &&
    current.manifest === stamped.manifest &&
    refs.every((ref) => current.images[ref] === stamped.images[ref])
  );
}
