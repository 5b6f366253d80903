/**
 * Another revision of this repository, checked out beside it (`git worktree add --detach`) with
 * its dependencies: this checkout's node_modules linked in when every package the revision's
 * lockfile names is installed here at the same version, `npm ci` otherwise. The tree is kept for
 * the next run (its build then counts as fresh: tests/e2e/support/server.ts) until removed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

type Lockfile = { packages?: Record<string, { version?: string; integrity?: string }> };

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full commit hash of `revision` in the repository at `root`. */
export const commitOf = (root: string, revision: string) =>
  git(root, 'rev-parse', '--verify', `${revision}^{commit}`);

const readLock = (dir: string): Lockfile =>
  JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lockfile;

/** Packages of the revision's lockfile that `root`'s lockfile lacks or pins to another version. */
function missingPackages(root: string, dir: string): string[] {
  const installed = readLock(root).packages ?? {};
  return Object.entries(readLock(dir).packages ?? {})
    .filter(([path]) => path !== '')
    .filter(([path, p]) => {
      const here = installed[path];
      return !here || here.version !== p.version || here.integrity !== p.integrity;
    })
    .map(([path]) => path);
}

/**
 * Checks `revision` out at `dir` (reusing it when it already holds that commit) with its
 * dependencies; returns the commit's hash.
 */
export function checkoutRevision(
  root: string,
  revision: string,
  dir: string,
  log: (line: string) => void,
): string {
  const commit = commitOf(root, revision);
  if (existsSync(join(dir, '.git')) && git(dir, 'rev-parse', 'HEAD') === commit) {
    log(`${revision}: reusing the checkout in ${dir}`);
    return commit;
  }
  removeRevision(root, dir);
  log(`${revision}: git worktree add ${dir}`);
  git(root, 'worktree', 'add', '--detach', dir, commit);
  const missing = missingPackages(root, dir);
  if (missing.length === 0) {
    log(`${revision}: its lockfile is covered by this checkout's: node_modules linked`);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } else {
    log(`${revision}: ${missing.length} packages differ (${missing[0]}…): npm ci`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  return commit;
}

/** Removes the checkout at `dir` and its worktree entry, if there is one. */
export function removeRevision(root: string, dir: string): void {
  // The link first: nothing may reach into this checkout's own node_modules.
  const modules = join(dir, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) unlinkSync(modules);
  if (existsSync(join(dir, '.git'))) git(root, 'worktree', 'remove', '--force', dir);
  rmSync(dir, { recursive: true, force: true });
}
