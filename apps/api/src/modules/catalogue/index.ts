// The entry of modules/catalogue: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// The catalogue: rails, content cards, collections, their images; the manifest import and the demo
// catalogue's artwork; how names are normalized where they are stored (search reads them).
export { hashString, type Rng, seeded } from './demo-images';
export { imageFileRefs, LocalImageStore } from './import/images';
export {
  formatSummary,
  importManifestFile,
  importPrepared,
  type PreparedManifest,
  prepareManifestFile,
} from './import/import';
export { isUrlRef } from './import/manifest';
export { seedCatalogue } from './import/seed';
export { ManifestError, validateManifest } from './import/validate';
export { type CatalogueDependencies, registerCatalogue } from './module';
export { foldCompatibility, type NormalizedNames, normalize, normalizedNames, wordsOf } from './normalize';
export { filmCardsByIds } from './service';
export { CatalogueChanges, CatalogueVersion, VERSION_CHECK_MS } from './version';
