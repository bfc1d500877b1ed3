export { registerSearch } from './module';
export { searchRoutes } from './routes';
export { SearchService } from './service';
