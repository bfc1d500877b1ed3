// The entry of modules/profile: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// getProfile (SPEC §7).
export { registerProfile } from './module';
