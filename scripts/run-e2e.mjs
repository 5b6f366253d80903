#!/usr/bin/env node
/* global process, console, URL */
/**
 * `npm test` runs this after the unit/integration/component tests: the end-to-end suite runs when
 * Debian's Chromium is installed (/usr/bin/chromium, or CHROMIUM_PATH) and is skipped otherwise,
 * saying so plainly. REQUIRE_E2E=1 (CI) turns a missing Chromium into a failure.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));

let present = true;
try {
  accessSync(chromium, constants.X_OK);
} catch {
  present = false;
}

if (!present) {
  const message = `End-to-end tests SKIPPED: no Chromium at ${chromium} (install it with: apt-get install chromium).`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`${message}\nREQUIRE_E2E=1: failing.`);
    process.exit(1);
  }
  console.log(`\n${message}\n`);
  process.exit(0);
}

const result = spawnSync(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)),
    'run',
    '-c',
    'vitest.e2e.config.ts',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
