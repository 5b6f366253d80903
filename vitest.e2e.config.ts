import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath, URL } from 'node:url';

/**
 * Every e2e file talks to one backend from 127.0.0.1, so they share the per-address rate
 * limits: public-pages.e2e.ts sends many contact messages (it spends the contact quota), so it
 * runs last, after the journeys that send one message and expect it stored.
 */
class PublicPagesLast extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('public-pages.e2e.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

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
    sequence: { sequencer: PublicPagesLast },
  },
});
