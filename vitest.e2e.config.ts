import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';

/**
 * End-to-end suite (tests/e2e): Debian's Chromium driven by playwright-core against the production
 * build on `vite preview` with a fresh in-memory embedded backend (LOCAL_DB=memory). The global
 * setup builds if needed and starts the server once; files run one after the other in one fork.
 * Run with `npm run test:e2e` (or through `npm test`, which skips it when Chromium is missing).
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    restoreMocks: true,
  },
});
