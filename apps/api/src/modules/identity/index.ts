export { type IdentityDependencies, registerIdentity } from './module';
export { ProviderConfigurations, providerDirectory } from './providers';
export { insertLink } from './queries';
export { identityRoutes } from './routes';
export { IdentityService } from './service';
