import { defineConfig } from 'vitest/config';

// One run over every package and app; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
