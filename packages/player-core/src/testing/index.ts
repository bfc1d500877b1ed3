/** Test helpers: a scriptable fake of the video engine for controller and UI tests. */
export { createFakeAdapter, type FakeAdapterOptions, type FakeVideoAdapter } from './fake-adapter.js';
