import { kadrProject } from '@kadr/vitest-preset';

// jsdom: the SDK makes the frame in a page and talks to it with postMessage.
export default kadrProject('embed-player', { environment: 'jsdom' });
