/**
 * How the Lighthouse gate shares this 2-core host with the page it measures
 * (docs/decisions/014-lighthouse-gate.md, "Scheduling"). Lighthouse's simulated throttling takes
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
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
 * The command that starts Chromium: as root, through scripts/chromium-unprivileged.sh, which drops
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
