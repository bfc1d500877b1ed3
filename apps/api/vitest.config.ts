import { kadrProject } from '@kadr/vitest-preset';

// API suites share one machine's PostgreSQL and Redis: files run one at a time to keep them apart.
const project = kadrProject('api', {
  extra: { test: { fileParallelism: false, testTimeout: 20_000, hookTimeout: 30_000 } },
});
// Vitest hands the server conditions to Node (`--conditions`) for the modules it leaves to Node.
// `module` is a bundler's condition: under it Node picks @opentelemetry/api's (prom-client's
// dependency) build for bundlers, whose imports name no file extension, and fails. The api runs on
// Node, so its tests resolve as Node does.
const server = project.ssr?.resolve;
if (server?.conditions) server.conditions = server.conditions.filter((c) => c !== 'module');
export default project;
