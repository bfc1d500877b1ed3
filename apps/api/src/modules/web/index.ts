// The entry of modules/web: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// The built web app and its paths.

export { registerWeb } from './module';
export { EMBED_PAGE, WEB_BASE } from './routes';
