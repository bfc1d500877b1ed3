export { registerProfile } from './module';
export { profileRoutes } from './routes';
export { ProfileService } from './service';
