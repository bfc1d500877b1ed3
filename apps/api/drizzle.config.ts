import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @kadr/api db:generate` writes SQL migrations to ./drizzle; the app applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
