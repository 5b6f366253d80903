/**
 * The page bench/pow-solve-time.ts measures in Chromium, and the throwaway server that serves it
 * with the challenges the run prepares.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Challenge } from 'altcha-lib/v1/types';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The page: the site's module (which brings its worker) and altcha-lib's solver, exposed to
 * page.evaluate. Plain JS, bundled by Vite exactly as the site is, into a temporary folder.
 */
const HARNESS = `
import { startProofOfWork } from '@/lib/proof-of-work';
window.powApp = async () => {
  const t0 = performance.now();
  const pow = startProofOfWork();
  try {
    const payload = await pow.solution();
    return { ms: performance.now() - t0, payload };
  } finally {
    pow.dispose();
  }
};

window.powMain = async (c) => {
  // Loaded as the module's fallback loads it; timed after the import.
  const { solveChallenge } = await import('altcha-lib/v1');
  const t0 = performance.now();
  const solved = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return { ms: performance.now() - t0, number: solved ? solved.number : null };
};
`;

export async function buildHarness(dir: string): Promise<string> {
  writeFileSync(join(dir, 'harness.js'), HARNESS);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><title>pow</title><script type="module" src="./harness.js"></script></html>',
  );
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    // No VITE_* variable of the shell reaches the bundle: getEnv() then targets the page's own
    // origin (the embedded-backend convention), i.e. the throwaway server below.
    envDir: dir,
    envPrefix: 'POW_HARNESS_',
    resolve: {
      alias: [
        { find: '@', replacement: join(ROOT, 'src') },
        {
          find: /^altcha-lib\/v1$/,
          replacement: join(ROOT, 'node_modules/altcha-lib/dist/esm/v1/index.js'),
        },
      ],
    },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/** Serves the bundle and answers pow_challenge with the challenge the run set up next. */
export function serve(outDir: string, nextChallenge: () => Challenge | null): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method === 'POST' && path === '/rest/v1/rpc/pow_challenge') {
      const challenge = nextChallenge();
      res.writeHead(challenge ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(challenge ?? { message: 'no challenge prepared' }));
      return;
    }
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
