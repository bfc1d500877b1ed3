// The entry of modules/viewing: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// The viewer's memory: watch progress, «Продолжить просмотр», «История просмотров», «Буду смотреть»
// (docs/decisions/055-viewing-memory.md). It asks the catalogue for film cards.
export { registerViewing } from './module';
export { moveAnonymousViewing } from './service';
