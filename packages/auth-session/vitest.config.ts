import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('auth-session');
