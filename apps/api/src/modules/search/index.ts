// The entry of modules/search: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Search and its hints over the catalogue (in-process index, the database as fallback).
export { registerSearch } from './module';
