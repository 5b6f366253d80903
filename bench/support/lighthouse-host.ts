/**
 * How the Lighthouse gate shares this 2-core host with the page it measures
 * (docs/measurements/lighthouse-gate.md, "Scheduling"). Lighthouse's simulated throttling takes
 * each main-thread task's wall time as the page's own work, so every millisecond the page's main
 * thread waits for a core counts against the page. Two things made it wait, measured with
 * /proc/<tid>/schedstat during audits:
 *
 * - Linux groups CPU time by session (autogroups). Chromium starts in a session of its own, so
 *   while the harness (Lighthouse's process, `vite preview`, the embedded backend) had work, all
 *   of Chromium's processes together got half of the machine. The gate runs in a session of its
 *   own whose group has the lowest weight (`/proc/self/autogroup`, nice 19: any user may lower
 *   its own priority), so Chromium comes first and the rest of CI is left as it was.
 * - Run as root, Chromium raises its browser, GPU and IO threads to nice -8, above the page's main
 *   thread (nice 0), and in an audit those threads are busy with Lighthouse's tracing and screenshots.
 *   As root, Chromium is started without CAP_SYS_NICE (`setpriv`), as it runs for any other user:
 *   every thread at the same priority.
 * - Even so, on two cores the page's main thread queued behind Chromium's other threads. The main
 *   thread of each renderer goes under SCHED_RR (`prioritiseRenderers`), so it runs whenever it
 *   has work.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const AUTOGROUP = '/proc/self/autogroup';
const OWN_SESSION = 'LIGHTHOUSE_OWN_SESSION';
/** The lowest weight a group can have: the harness yields to Chromium whenever both have work. */
export const HARNESS_GROUP_NICE = 19;

/**
 * Runs this script again in a session of its own (a new autogroup) and exits with its status;
 * returns false in that copy, or where the kernel has no autogroups, so the caller goes on.
 */
export function reexecInOwnSession(): Promise<never> | false {
  if (process.env[OWN_SESSION] === '1' || !existsSync(AUTOGROUP)) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true, // setsid(): a new session, so a new autogroup
    stdio: 'inherit',
    env: { ...process.env, [OWN_SESSION]: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise<never>(() => {
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}

/** Gives this session's group the lowest weight; says what was done, for the printout. */
export function yieldToChromium(): string {
  if (process.env[OWN_SESSION] !== '1') return 'harness and Chromium share the CPU as scheduled';
  try {
    writeFileSync(AUTOGROUP, String(HARNESS_GROUP_NICE));
    return `harness in its own session, ${readFileSync(AUTOGROUP, 'utf8').trim()}`;
  } catch (error) {
    return `harness in its own session (its group's weight unchanged: ${String(error)})`;
  }
}

/**
 * The command that starts Chromium: as root, through bench/support/chromium-unprivileged.sh, which drops
 * CAP_SYS_NICE; otherwise Chromium itself (it cannot raise thread priorities then anyway).
 */
export function chromiumCommand(
  chromiumPath: string,
  uid = process.getuid?.() ?? -1,
  hasSetpriv = () => spawnSync('setpriv', ['--version']).status === 0,
): { chromePath: string; env: Record<string, string>; note: string } {
  if (uid !== 0 || !hasSetpriv()) return { chromePath: chromiumPath, env: {}, note: 'as started' };
  return {
    chromePath: fileURLToPath(new URL('./chromium-unprivileged.sh', import.meta.url)),
    env: { LIGHTHOUSE_CHROMIUM: chromiumPath },
    note: 'without CAP_SYS_NICE (every thread at the same priority)',
  };
}

/** What prioritiseRenderers reads of the host and changes in it (tests replace it). */
export type ProcessTable = {
  pids(): number[];
  commandLine(pid: number): string | null;
  parent(pid: number): number | null;
  /** SCHED_RR priority 1, reset on fork, for this thread; an error message when refused. */
  makeRealtime(pid: number): string | null;
};

export const procfs: ProcessTable = {
  pids: () =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number),
  commandLine(pid) {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return null; // gone meanwhile
    }
  },
  parent(pid) {
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return null;
    }
  },
  makeRealtime(pid) {
    const result = spawnSync('chrt', ['--rr', '--reset-on-fork', '--pid', '1', String(pid)]);
    if (result.status === 0) return null;
    return (
      (result.stderr?.toString().trim() || result.error?.message) ?? `chrt exit ${result.status}`
    );
  },
};

/**
 * Puts the main thread of every renderer of the Chromium started by the gate (its page's main
 * thread: a renderer's main thread is its process's first thread) first in line for a core,
 * as soon as the renderer appears: SCHED_RR at the lowest real-time priority, reset on fork so
 * that the threads it starts later are ordinary ones. Lighthouse counts a task's wall time, and
 * on this 2-core host the page's main thread otherwise waited behind Chromium's other threads
 * (compositing, tracing, screenshots, background compilation) for as long as it ran: that wait
 * was measured as the page's blocking time (docs/measurements/lighthouse-gate.md, "Scheduling").
 * Needs CAP_SYS_NICE (root, as in CI); otherwise the note says it did not apply.
 */
export function prioritiseRenderers(
  browserPid: number,
  table: ProcessTable = procfs,
  everyMs = 20,
): { scan(): void; stop(): void; note(): string } {
  const seen = new Set<number>();
  let boosted = 0;
  let refused: string | null = null;
  const fromBrowser = (pid: number) => {
    for (let p: number | null = pid, depth = 0; p && p > 1 && depth < 8; depth++) {
      if (p === browserPid) return true;
      p = table.parent(p);
    }
    return false;
  };
  const scan = () => {
    for (const pid of table.pids()) {
      if (seen.has(pid)) continue;
      if (!fromBrowser(pid)) {
        seen.add(pid);
        continue;
      }
      // A renderer forked by the zygote shows the zygote's command line until it renames itself:
      // Chromium's other processes are looked at again on the next scan.
      if (!table.commandLine(pid)?.includes('--type=renderer')) continue;
      seen.add(pid);
      const error = table.makeRealtime(pid);
      if (error === null) boosted += 1;
      else refused ??= error;
    }
  };
  scan();
  const timer = setInterval(scan, everyMs);
  timer.unref();
  return {
    scan,
    stop: () => clearInterval(timer),
    note: () =>
      refused === null
        ? `page main threads first in line (SCHED_RR 1, ${boosted} renderer${boosted === 1 ? '' : 's'})`
        : `page main threads at ordinary priority (${boosted} boosted; chrt refused: ${refused})`,
  };
}
