#!/usr/bin/env node
/* global process, console, URL, Buffer */
/**
 * `npm test`: vitest (unit, integration, component and smoke files), then the end-to-end suite
 * (scripts/run-e2e.mjs). Stops at the first part that fails.
 *
 * LIGHTHOUSE_ALONGSIDE=1 (CI, .ci/run): the Lighthouse gate (`npm run lighthouse`) runs at the same
 * time as vitest, not before it (docs/decisions/059-lighthouse-beside-vitest.md). The gate's
 * page gets a core whenever it has work (its main thread under SCHED_RR, Chromium's group ahead
 * of the harness: bench/support/lighthouse-host.ts); vitest runs in a session of its own whose
 * group has the lowest weight, the same as the gate's harness, so the two share what the page
 * leaves. Lighthouse's output is printed once it ends, after vitest's.
 *
 * CI_STEP_TIMES=<file>: each part's time is appended to it as "<seconds> <name>" (.ci/run prints
 * them with its own steps).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
const alongside = process.env.LIGHTHOUSE_ALONGSIDE === '1';
/** The lowest weight a scheduling group can have (as the Lighthouse harness's own group). */
const LOWEST_GROUP_NICE = 19;

function record(name, started) {
  const seconds = Math.round((Date.now() - started) / 1000);
  if (process.env.CI_STEP_TIMES) appendFileSync(process.env.CI_STEP_TIMES, `${seconds} ${name}\n`);
  return seconds;
}

/**
 * Runs a command; resolves to its exit code. `quiet` collects its output to print later;
 * `ownLowGroup` starts it in a new session (so a new autogroup) whose weight it lowers first.
 */
function run(args, { quiet = false, ownLowGroup = false } = {}) {
  return new Promise((resolve) => {
    const lowGroup = ownLowGroup && existsSync('/proc/self/autogroup');
    const [command, ...rest] = lowGroup
      ? [
          'sh',
          '-c',
          `echo ${LOWEST_GROUP_NICE} > /proc/self/autogroup 2>/dev/null; exec "$@"`,
          'sh',
          ...args,
        ]
      : args;
    const child = spawn(command, rest, {
      cwd: root,
      env: process.env,
      detached: lowGroup,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    if (quiet)
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => output.push(c));
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? 1, output: Buffer.concat(output).toString() });
    });
  });
}

async function timed(name, args, options) {
  const started = Date.now();
  const result = await run(args, options);
  return { ...result, name, seconds: record(name, started) };
}

const unitRun = timed(
  'vitest (unit, integration, component, smoke)',
  [process.execPath, vitest, 'run'],
  {
    ownLowGroup: alongside,
  },
);
const lighthouseRun = alongside
  ? timed(
      `Lighthouse gate (median of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs), alongside vitest`,
      [process.execPath, tsx, 'bench/lighthouse.ts'],
      { quiet: true },
    )
  : null;

const first = await Promise.all([unitRun, lighthouseRun].filter(Boolean));
for (const part of first.filter((p) => p.output)) {
  console.log(`\n=== ${part.name}: exit ${part.code}, ${part.seconds} s ===\n${part.output}`);
}
for (const part of first) console.log(`${part.name}: exit ${part.code} in ${part.seconds} s`);
if (first.some((p) => p.code !== 0)) process.exit(1);

const e2e = await timed('End to end (scripts/run-e2e.mjs)', [
  process.execPath,
  fileURLToPath(new URL('./run-e2e.mjs', import.meta.url)),
]);
process.exit(e2e.code);
