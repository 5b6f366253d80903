import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../supabase/local/paths.ts';

/**
 * The night rehearsal at the smoke test's scale (`BENCH_NIGHT=tiny npm run bench:night`: 60
 * passes, 3 lanes with one offline, a vote round, the outbox, PostgreSQL stopped 3 s in the
 * middle), run as the command runs: it must stop by itself, print every invariant as holding and
 * exit 0 (it exits 1 when one breaks; docs/decisions/050-the-night-with-a-cut.md).
 */
function run(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'bench/night/run.ts'], {
      cwd: repoRoot,
      env: { ...process.env, BENCH_NIGHT: 'tiny' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the night rehearsal, small, with a cut', () => {
  it('holds every invariant through a PostgreSQL restart', { timeout: 90_000 }, async () => {
    const { code, output } = await run();
    expect(output).toContain('PostgreSQL stopped');
    expect(output).toContain('PostgreSQL accepting connections again');
    const invariants = output.split('\n').filter((l) => /^ {2}(ok {4}|BROKEN) /.test(l));
    expect(invariants.length, output).toBe(8);
    expect(
      invariants.filter((l) => l.includes('BROKEN')),
      output,
    ).toEqual([]);
    // The doors judged offline during the cut: no steward saw "Réessayez".
    expect(output, output).toMatch(/errors shown 0,/);
    expect(code, output).toBe(0);
  });
});
