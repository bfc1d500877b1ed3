import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('web', { environment: 'jsdom', setupFiles: ['./src/test-setup.ts'] });
