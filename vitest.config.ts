import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Five projects:
// - unit: pure functions, node, no backend.
// - smoke: the dev server of `npm run dev` with its embedded backend.
// - integration: node, each file gets its own database cloned from a migrated template on the
//   run's one PostgreSQL 17 cluster (tests/setup/postgres-global.ts, tests/setup/backend.ts).
// - component: jsdom + React Testing Library, each file gets its own database too.
// - integration-alone: the integration files listed in ALONE, one at a time after all others.
/**
 * Integration files that need the PostgreSQL cluster and the machine to themselves, run last,
 * alone: the door list's deltas start at the cluster's oldest running transaction (a file in
 * another database holding one open makes a delta send its rows again, by design), and two
 * files compare times (a known and an unknown phone answer alike; a statement cancelled at 3 s).
 */
const ALONE = [
  'tests/integration/night-party-door-list.test.ts',
  'tests/integration/send-messages-recover-and-rights.test.ts',
  'tests/integration/local-engine.test.ts',
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    restoreMocks: true,
    // Vitest's default is one worker less than the cores: one on this 2-core host, where an
    // integration or component file spends most of its time waiting on PostgreSQL and the HTTP
    // layer. Two workers keep both cores busy (.ci/run prints the step's time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      {
        // The README's quick start: the dev server with the embedded backend, as `npm run dev`.
        extends: true,
        test: { name: 'smoke', environment: 'node', include: ['tests/smoke/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          exclude: ALONE,
          globalSetup: ['tests/setup/postgres-global.ts'],
          setupFiles: ['tests/setup/backend.ts'],
        },
      },
      {
        // One worker: vitest runs these after every other file, with the cluster to themselves.
        extends: true,
        test: {
          name: 'integration-alone',
          environment: 'node',
          include: ALONE,
          maxWorkers: 1,
          globalSetup: ['tests/setup/postgres-global.ts'],
          setupFiles: ['tests/setup/backend.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/setup/postgres-global.ts'],
          setupFiles: ['tests/setup/backend.ts', 'tests/setup/dom.ts'],
        },
      },
    ],
  },
});
