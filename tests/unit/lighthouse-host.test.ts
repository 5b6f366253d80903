import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromiumCommand,
  prioritiseRenderers,
  procfs,
  type ProcessTable,
} from '../../bench/support/lighthouse-host';

const WRAPPER = fileURLToPath(
  new URL('../../bench/support/chromium-unprivileged.sh', import.meta.url),
);
const CAP_SYS_NICE = 23n;

/** Whether the capability set `line` of `status` (/proc/<pid>/status) holds CAP_SYS_NICE. */
function hasSysNice(status: string, line: 'CapEff' | 'CapBnd'): boolean {
  const hex = new RegExp(`^${line}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1];
  if (!hex) throw new Error(`no ${line} in /proc/self/status`);
  return ((BigInt(`0x${hex}`) >> CAP_SYS_NICE) & 1n) === 1n;
}

describe('chromiumCommand', () => {
  it('starts Chromium itself for a user who cannot raise priorities anyway', () => {
    expect(chromiumCommand('/usr/bin/chromium', 1000, () => true)).toEqual({
      chromePath: '/usr/bin/chromium',
      env: {},
      note: 'as started',
    });
  });

  it('starts Chromium through the wrapper as root, naming the real binary', () => {
    expect(chromiumCommand('/opt/chromium', 0, () => true)).toEqual({
      chromePath: WRAPPER,
      env: { LIGHTHOUSE_CHROMIUM: '/opt/chromium' },
      note: 'without CAP_SYS_NICE (every thread at the same priority)',
    });
  });

  it('starts Chromium itself as root when setpriv is missing', () => {
    expect(chromiumCommand('/usr/bin/chromium', 0, () => false).chromePath).toBe(
      '/usr/bin/chromium',
    );
  });
});

const rootWithSetpriv =
  process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

describe.runIf(rootWithSetpriv)('bench/support/chromium-unprivileged.sh (as root)', () => {
  it('runs the program it names without CAP_SYS_NICE, which root otherwise has', () => {
    const direct = spawnSync('cat', ['/proc/self/status'], { encoding: 'utf8' });
    expect(hasSysNice(direct.stdout, 'CapEff')).toBe(true);

    const wrapped = spawnSync(WRAPPER, ['/proc/self/status'], {
      encoding: 'utf8',
      env: { ...process.env, LIGHTHOUSE_CHROMIUM: '/bin/cat' },
    });
    expect(wrapped.status).toBe(0);
    expect(hasSysNice(wrapped.stdout, 'CapEff')).toBe(false);
    expect(hasSysNice(wrapped.stdout, 'CapBnd')).toBe(false);
  });

  it('refuses to start without the binary named', () => {
    const env = { ...process.env };
    delete env.LIGHTHOUSE_CHROMIUM;
    expect(spawnSync(WRAPPER, [], { env }).status).not.toBe(0);
  });
});

describe.runIf(existsSync('/proc/self/autogroup'))('the gate in a session of its own', () => {
  it('runs again in a new session whose group has the lowest weight, forwarding the exit status', () => {
    const host = fileURLToPath(new URL('../../bench/support/lighthouse-host.ts', import.meta.url));
    const script = join(mkdtempSync(join(tmpdir(), 'lighthouse-host-')), 'gate.ts');
    writeFileSync(
      script,
      [
        `import { readFileSync } from 'node:fs';`,
        `import { reexecInOwnSession, yieldToChromium } from ${JSON.stringify(host)};`,
        `if (!reexecInOwnSession()) {`,
        `  const note = yieldToChromium();`,
        `  const session = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[3];`,
        `  console.log(JSON.stringify({ note, group: readFileSync('/proc/self/autogroup', 'utf8').trim(), session }));`,
        `  process.exit(3);`,
        `}`,
      ].join('\n'),
    );
    const before = readFileSync('/proc/self/autogroup', 'utf8');
    const ran = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(ran.status).toBe(3);
    const copy = JSON.parse(ran.stdout.trim().split('\n').pop() ?? '{}') as Record<string, string>;
    expect(copy.group).toMatch(/nice 19$/);
    expect(copy.note).toBe(`harness in its own session, ${copy.group}`);
    // A new session and a new group: the test runner's own group keeps its weight.
    expect(copy.group).not.toBe(before.trim());
    const ownSession = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[3];
    expect(copy.session).not.toBe(ownSession);
    expect(readFileSync('/proc/self/autogroup', 'utf8')).toBe(before);
  });
});

/** A process table: pid -> [parent, command line]; records whom makeRealtime was asked for. */
function fakeTable(processes: Map<number, [number, string]>, refuse?: string) {
  const realtime: number[] = [];
  const table: ProcessTable = {
    pids: () => [...processes.keys()],
    commandLine: (pid) => processes.get(pid)?.[1] ?? null,
    parent: (pid) => processes.get(pid)?.[0] ?? null,
    makeRealtime: (pid) => {
      if (refuse) return refuse;
      realtime.push(pid);
      return null;
    },
  };
  return { table, realtime };
}

describe('prioritiseRenderers', () => {
  const chromium = (): Map<number, [number, string]> =>
    new Map([
      [1, [0, '/sbin/init']],
      [100, [1, '/usr/lib/chromium/chromium\0--headless=new']],
      [101, [100, '/usr/lib/chromium/chromium\0--type=zygote']],
      [102, [101, '/usr/lib/chromium/chromium\0--type=renderer\0--lang=fr']],
      [104, [100, '/usr/lib/chromium/chromium\0--type=gpu-process']],
      [200, [1, '/usr/lib/chromium/chromium']], // another Chromium (an e2e run, say)
      [201, [200, '/usr/lib/chromium/chromium\0--type=renderer']],
    ]);

  it("boosts each renderer of the gate's Chromium once, including one started later", () => {
    const processes = chromium();
    const { table, realtime } = fakeTable(processes);
    const renderers = prioritiseRenderers(100, table, 60_000);
    expect(realtime).toEqual([102]);
    processes.set(105, [101, '/usr/lib/chromium/chromium\0--type=renderer']);
    renderers.scan();
    renderers.scan();
    renderers.stop();
    expect(realtime).toEqual([102, 105]);
    expect(renderers.note()).toBe('page main threads first in line (SCHED_RR 1, 2 renderers)');
  });

  it("boosts a renderer first seen with the zygote's command line, once it renames itself", () => {
    const processes = chromium();
    const { table, realtime } = fakeTable(processes);
    processes.set(106, [101, '/usr/lib/chromium/chromium\0--type=zygote']);
    const renderers = prioritiseRenderers(100, table, 60_000);
    expect(realtime).toEqual([102]);
    processes.set(106, [101, '/usr/lib/chromium/chromium\0--type=renderer']);
    renderers.scan();
    renderers.stop();
    expect(realtime).toEqual([102, 106]);
  });

  it('says so when the host refuses (no CAP_SYS_NICE)', () => {
    const { table } = fakeTable(chromium(), "chrt: failed to set pid 102's policy");
    const renderers = prioritiseRenderers(100, table, 60_000);
    renderers.stop();
    expect(renderers.note()).toBe(
      "page main threads at ordinary priority (0 boosted; chrt refused: chrt: failed to set pid 102's policy)",
    );
  });
});

describe.runIf(process.getuid?.() === 0)('prioritiseRenderers on this host (as root)', () => {
  it('puts a renderer started by this process under SCHED_RR, reset on fork', async () => {
    const child = spawn(process.execPath, [
      '-e',
      'setTimeout(() => {}, 20000)',
      '--',
      '--type=renderer',
    ]);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const pid = child.pid as number;
      await expect.poll(() => procfs.commandLine(pid)?.includes('--type=renderer')).toBe(true);
      const renderers = prioritiseRenderers(process.pid, procfs, 60_000);
      renderers.stop();
      // Still a renderer after the scan: a child that exits leaves its command line empty, and the
      // scan skips it (node -e … without '--' exited at once on '--type=renderer').
      expect(procfs.commandLine(pid)).toContain('--type=renderer');
      const policy = spawnSync('chrt', ['--pid', String(pid)], { encoding: 'utf8' }).stdout;
      expect(policy).toMatch(/SCHED_RR\|SCHED_RESET_ON_FORK/);
      expect(policy).toMatch(/priority: 1$/m);
      expect(renderers.note()).toMatch(/^page main threads first in line/);
    } finally {
      child.kill();
    }
  });
});
