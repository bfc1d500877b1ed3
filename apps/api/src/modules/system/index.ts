// The entry of modules/system: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Liveness, readiness and the drain state (docs/decisions/020, 025).
export { registerSystem } from './module';
