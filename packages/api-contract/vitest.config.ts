import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('api-contract');
