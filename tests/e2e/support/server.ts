/**
 * The site under test: the production build served by `vite preview`, with the embedded backend
 * (supabase/local) mounted on the same origin and a fresh seeded in-memory database
 * (LOCAL_DB=memory). Shared by the end-to-end suite and bench/lighthouse.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_ANON_KEY } from '../../../src/config/local-backend';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Vite as installed in a checkout (this one, or another revision's: scripts/route-screenshots.ts). */
const vite = (root: string) => join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/**
 * The build must talk to the local backend (an explicit opt-in: a production build otherwise
 * needs VITE_SUPABASE_URL) and must not send real e-mail, whatever .env says.
 */
const BLANKED_ENV = {
  VITE_LOCAL_BACKEND: 'true',
  VITE_SUPABASE_URL: '',
  VITE_SUPABASE_ANON_KEY: '',
  VITE_EMAILJS_PUBLIC_KEY: '',
  VITE_EMAILJS_SERVICE_ID: '',
  VITE_EMAILJS_CONTACT_TEMPLATE_ID: '',
};

/** This process's environment without NODE_ENV (vitest sets it to "test": React's dev build). */
function processEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

const SOURCES = ['src', 'public', 'build', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/**
 * The folder to serve: test-artifacts/e2e-dist of `root` (this checkout by default), built now if
 * missing or older than the sources (E2E_REBUILD=1 forces it). Not dist/: a `npm run build` run meanwhile in the same tree would
 * replace the hashed chunks under the running server. Built with the hosted Supabase and EmailJS
 * variables blanked, whatever .env says, so it talks to the embedded backend and sends no e-mail.
 */
export function ensureBuild(log: (line: string) => void = console.log, root = ROOT): string {
  const outDir = join(root, 'test-artifacts', 'e2e-dist');
  const manifest = join(outDir, '.vite', 'manifest.json');
  const sourcesTime = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  const stale = !existsSync(manifest) || statSync(manifest).mtimeMs < sourcesTime;
  if (stale || process.env.E2E_REBUILD === '1') {
    log(`Building the site into ${relative(ROOT, outDir)}/ ...`);
    const result = spawnSync(
      process.execPath,
      [vite(root), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: root,
        env: { ...processEnv(), ...BLANKED_ENV, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) throw new Error('vite build failed');
  } else {
    log(`Using the existing build in ${relative(ROOT, outDir)}/`);
  }
  return outDir;
}

/** A port nothing listens on now, chosen by the system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type PreviewServer = { url: string; backend: boolean; stop: () => Promise<void> };

/**
 * Starts `vite preview` of `root` (this checkout by default) on `port` (a free one by default);
 * resolves once the site (and, if mounted, the backend) answers.
 */
export async function startPreview(
  outDir: string,
  { root = ROOT, port }: { root?: string; port?: number } = {},
): Promise<PreviewServer> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      vite(root),
      'preview',
      '--outDir',
      outDir,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    {
      cwd: root,
      // No 30-second sender in the background (supabase/local/functions.ts, startSendTimer): the
      // tests that send messages run the sender themselves and read what that run did, which a
      // timer firing in between made a race (messages.e2e.ts, with both shards at once).
      env: {
        ...processEnv(),
        ...BLANKED_ENV,
        LOCAL_DB: 'memory',
        SEND_MESSAGES_INTERVAL_MS: process.env.SEND_MESSAGES_INTERVAL_MS ?? '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited:\n${output}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`vite preview did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, backend: await waitForBackend(url), stop };
}

/** True when the embedded backend answers a public RPC (it may take a few seconds to boot). */
async function waitForBackend(url: string): Promise<boolean> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/rest/v1/rpc/registration_status`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY,
          authorization: `Bearer ${LOCAL_ANON_KEY}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      const json = (res.headers.get('content-type') ?? '').includes('json');
      if (res.ok && json) return true;
      if (res.status === 404 && !json) return false; // nothing mounted at /rest/v1
    } catch {
      // retry
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 300));
  }
}
