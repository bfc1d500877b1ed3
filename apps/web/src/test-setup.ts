import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; the layout's scroll restoration calls it on every navigation. (The build's
// tests run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// findBy…/waitFor give up after 1 s by default; the whole suite runs on 2 shared cores beside the other
// packages' suites, where a screen that renders in 200 ms alone took over 3 s at a load average of 12
// (home's rails, CI of 2026-11-27). 6 s keeps a real failure reasonably quick to report and a slow
// machine from failing a correct screen; the tests' own time-out is raised with it (vitest.config.ts).
configure({ asyncUtilTimeout: 6000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
