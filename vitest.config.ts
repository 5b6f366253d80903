import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Three projects:
// - unit: pure functions, node, no backend.
// - integration: node, each file gets a fresh in-memory embedded backend (tests/setup/backend.ts).
// - component: jsdom + React Testing Library, each file gets a fresh embedded backend too.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  define: { __LOCAL_BACKEND__: 'true' },
  test: {
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/backend.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/backend.ts', 'tests/setup/dom.ts'],
        },
      },
    ],
  },
});
