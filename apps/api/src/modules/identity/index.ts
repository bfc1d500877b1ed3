// The entry of modules/identity: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Sign-in through OpenID Connect providers, the api as their client (docs/decisions/041).
export { type IdentityDependencies, registerIdentity } from './module';
export { insertLink } from './queries';
