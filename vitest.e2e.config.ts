import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath, URL } from 'node:url';

/**
 * Every e2e file talks to one backend from 127.0.0.1 and one seeded database, so the order of
 * the files that change shared state is fixed, whatever vitest's own order (which follows past
 * durations and differs on a clean clone):
 * - workspace-messages.e2e.ts sends a contact message and expects it stored: it keeps its place
 *   after every other journey that sends one, before contact-rate-limit.e2e.ts;
 * - workspace.e2e.ts changes the edition's settings (it schedules a purge); any settings change
 *   fills free places from the waitlist, which confirms the seed's waitlisted demo pass that
 *   door.e2e.ts and readable-export.e2e.ts expect waitlisted: it runs after them;
 * - public-vote.e2e.ts needs the seed's edition as it is (reservations open, the door window
 *   open, so the pass page polls) and opens a round (one at a time): before workspace.e2e.ts
 *   changes the settings, and it puts the stage screen back to rest when it ends;
 *   stage-screen.e2e.ts, right after it, reserves five passes and opens, reveals and puts to
 *   rest a round of its own the same way;
 * - messages.e2e.ts makes the places full (the seed's waitlist is confirmed by it), so it runs
 *   after door.e2e.ts and readable-export.e2e.ts, and after public-vote.e2e.ts (the seed's
 *   edition as it is); it puts the capacity back when it ends;
 * - contact-rate-limit.e2e.ts sends many contact messages (it spends the contact quota), so it
 *   runs after the journeys that send one message and expect it stored;
 * - other-year.e2e.ts moves the whole edition to another year (registration not open yet,
 *   reservations not open yet): last of all, and it puts the settings back afterwards.
 */
const LATE = [
  'public-vote.e2e.ts',
  'stage-screen.e2e.ts',
  'messages.e2e.ts',
  'workspace-messages.e2e.ts',
  'workspace.e2e.ts',
  'contact-rate-limit.e2e.ts',
  'other-year.e2e.ts',
];
class StatefulFilesLast extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => LATE.findIndex((name) => f.moduleId.endsWith(name));
    return [
      ...sorted.filter((f) => rank(f) < 0),
      ...LATE.flatMap((_, i) => sorted.filter((f) => rank(f) === i)),
    ];
  }
}

/**
 * The suite runs as two shards at once (scripts/run-e2e.mjs), each with its own server and its
 * own seeded database: E2E_SHARD=stateful runs the BALANCE files below, then the LATE files above
 * in their order, on a fresh seed; E2E_SHARD=independent runs every other file. No file of one shard sees what the other
 * changes. Without E2E_SHARD (a file named on the command line), whatever is asked runs in one.
 */
const shard = process.env.E2E_SHARD;
/**
 * Files that change nothing the LATE ones read, run first in the stateful shard to even the two
 * out: there they meet a fresh seed, as at the start of the other shard, and the LATE files still
 * come after them. contrast.e2e.ts (it only looks: no click, no form) joined them when the other
 * shard had grown to 1,437 s of files against 1,000 (a loaded host; docs/decisions/059).
 */
const BALANCE = ['reflow.e2e.ts', 'journeys.e2e.ts', 'contrast.e2e.ts'];
const lateFiles = LATE.map((name) => `tests/e2e/${name}`);
const statefulFiles = [...BALANCE.map((name) => `tests/e2e/${name}`), ...lateFiles];

/**
 * End-to-end suite (tests/e2e): Debian's Chromium driven by playwright-core against the production
 * build on `vite preview` with a fresh in-memory embedded backend (LOCAL_DB=memory). The global
 * setup builds if needed and starts the server once per shard; a shard's files run one after the
 * other in one fork. Run with `npm run test:e2e` (or through `npm test`, which skips it when
 * Chromium is missing).
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: shard === 'stateful' ? statefulFiles : ['tests/e2e/**/*.e2e.ts'],
    exclude: shard === 'independent' ? statefulFiles : [],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    restoreMocks: true,
    sequence: { sequencer: StatefulFilesLast },
  },
});
