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
export { mediaRoutes } from './media';
export { type CatalogueDependencies, registerCatalogue } from './module';
export { foldCompatibility, type NormalizedNames, normalize, normalizedNames, wordsOf } from './normalize';
export { catalogueRoutes } from './routes';
export { CatalogueService } from './service';
export { CatalogueChanges, CatalogueVersion, VERSION_CHECK_MS } from './version';
