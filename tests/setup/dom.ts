/**
 * Vitest setup file (component project): jest-dom matchers, DOM cleanup after each test, and
 * any console.error that a test did not expect fails it.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetPublicQueries } from '@/lib/public-query';

// Component tests talk to a real embedded backend, with integration files running beside them on
// two cores: findBy/waitFor get 5 s instead of 1 s before they give up.
configure({ asyncUtilTimeout: 5000 });

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // Each test opens the site as a new page load would: the public pages' answers are forgotten.
  resetPublicQueries();
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    const text = logged.map((args) =>
      args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '),
    );
    throw new Error(`Unexpected console.error during the test:\n${text.join('\n')}`);
  }
});
