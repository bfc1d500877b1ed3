export { EMBED_PAGE, WEB_BASE, webRoutes } from './routes';
