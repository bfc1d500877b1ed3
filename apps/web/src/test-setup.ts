import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; the layout's scroll restoration calls it on every navigation. (The build's
// tests run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
