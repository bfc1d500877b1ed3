import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; the layout's scroll restoration calls it on every navigation. (The build's
// tests run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// findBy…/waitFor give up after 1 s by default; the whole suite runs on 2 shared cores beside the other
// packages' suites, where a screen that renders in 200 ms alone can take longer. 3 s keeps a real failure
// quick to report and a slow machine from failing a correct screen.
configure({ asyncUtilTimeout: 3000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
