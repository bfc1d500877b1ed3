import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('ui-kit', { environment: 'jsdom', setupFiles: ['./src/test-setup.ts'] });
