import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('schedule-utils');
