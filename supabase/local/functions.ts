/**
 * Edge Functions on the embedded backend (docs/decisions/033-messages-outbox.md): each folder of
 * supabase/functions runs under Deno, the binary the `deno` npm package installs (npm ci brings
 * it), with the environment the hosted runtime gives (SUPABASE_URL, the keys) plus the local
 * sink (SEND_MESSAGES_SINK=1) unless a provider is configured in the shell. /functions/v1/<name>
 * is checked as Supabase's gateway checks it (a valid JWT in Authorization) and forwarded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { ANON_KEY, SERVICE_ROLE_KEY } from './constants.ts';
import { headerValue, HttpError, type Reply } from './http.ts';
import { verifyJwt } from './jwt.ts';
import { repoRoot } from './paths.ts';

export const functionsDir = path.join(repoRoot, 'supabase', 'functions');

/** The Deno executable of the `deno` npm package (its own resolver: the platform's package). */
export function denoBinary(): string {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const api = require('deno/install_api.cjs') as { runInstall(): string };
  return api.runInstall();
}

type Running = { child: ChildProcess; url: Promise<string> };

export type EdgeFunctionsOptions = {
  /** Where the function reaches the API (PostgREST): the backend's own URL, once known. */
  apiUrl: () => string;
  /** Added to (and over) the environment: providers, SEND_MESSAGES_* settings. */
  env?: Record<string, string | undefined>;
  /** Each line the function prints (default: the console, prefixed). */
  log?: (line: string) => void;
  /**
   * Where the local sink's lines (a message's full text each) are appended instead of the
   * console: a dev server's console keeps one count per batch (startSendTimer).
   */
  sinkFile?: string;
};

/** The default file of the local sink's messages (one per run of the dev server or backend). */
export const defaultSinkFile = (): string =>
  path.join(tmpdir(), 'booster-challenge', `sent-messages-${process.pid}.log`);

export class EdgeFunctions {
  private readonly running = new Map<string, Running>();
  constructor(private readonly options: EdgeFunctionsOptions) {}

  /** The function's local URL, starting it under Deno the first time. */
  url(name: string): Promise<string> {
    if (
      !/^[a-z0-9][a-z0-9-]*$/.test(name) ||
      !existsSync(path.join(functionsDir, name, 'index.ts'))
    )
      return Promise.reject(
        new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' }),
      );
    let run = this.running.get(name);
    if (!run) {
      run = this.start(name);
      this.running.set(name, run);
      run.url.catch(() => this.running.delete(name));
    }
    return run.url;
  }

  private start(name: string): Running {
    const log = this.options.log ?? ((line: string) => console.info(`[${name}] ${line}`));
    const sinkFile = this.options.sinkFile;
    const keep = (line: string) => {
      if (!sinkFile) return;
      mkdirSync(path.dirname(sinkFile), { recursive: true });
      appendFileSync(sinkFile, `${new Date().toISOString()} ${line}\n`);
    };
    const child = spawn(
      denoBinary(),
      [
        'run',
        '--allow-net',
        '--allow-env',
        '--no-prompt',
        // The function's own deno.json, as the Supabase CLI bundles it (not the app's tsconfig).
        '--config',
        path.join(functionsDir, name, 'deno.json'),
        path.join(functionsDir, name, 'index.ts'),
      ],
      {
        cwd: path.join(functionsDir, name),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          SEND_MESSAGES_SINK: process.env.SEND_MESSAGES_SINK ?? '1',
          DENO_DIR: process.env.DENO_DIR ?? path.join(tmpdir(), 'booster-deno'),
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
          ...this.options.env,
          SUPABASE_URL: this.options.apiUrl(),
          SUPABASE_ANON_KEY: ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
          SEND_MESSAGES_PORT: '0',
        },
      },
    );
    const url = new Promise<string>((resolve, reject) => {
      let pending = '';
      const lines = (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        for (const line of parts) {
          const port = line.match(/listening on (\d+)/)?.[1];
          if (port) resolve(`http://127.0.0.1:${port}`);
          else if (sinkFile && line.startsWith('local sink ')) keep(line);
          else if (line.trim()) log(line);
        }
      };
      child.stdout?.on('data', lines);
      child.stderr?.on('data', lines);
      child.once('error', reject);
      child.once('exit', (code) => {
        this.running.delete(name);
        reject(new Error(`Edge Function ${name} stopped (exit ${code})`));
      });
    });
    return { child, url };
  }

  /** The gateway: a valid JWT (any role) in Authorization, then the function answers. */
  async handle(req: IncomingMessage, pathname: string, body: string): Promise<Reply> {
    const bearer = headerValue(req, 'authorization')
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim();
    if (!bearer) throw new HttpError(401, { code: 401, message: 'Missing authorization header' });
    if (!(await verifyJwt(bearer)).ok)
      throw new HttpError(401, { code: 401, message: 'Invalid JWT' });
    const [, name = '', ...rest] = pathname.split('/');
    const base = await this.url(name);
    const response = await fetch(`${base}/${[name, ...rest].join('/')}`, {
      method: req.method,
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': headerValue(req, 'content-type') ?? 'application/json',
      },
      body: ['GET', 'HEAD'].includes(req.method ?? '') ? undefined : body,
    });
    return {
      status: response.status,
      headers: { 'Content-Type': response.headers.get('content-type') ?? 'application/json' },
      body: await response.text(),
    };
  }

  async close(): Promise<void> {
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(
      all.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

/** One line for a run of send-messages: its counts, and where the sink keeps the texts. */
function batchLine(answer: string, sinkFile?: string): string {
  let run: { sent?: number; failed?: number; retried?: number };
  try {
    run = JSON.parse(answer) as typeof run;
  } catch {
    return `send-messages: ${answer}`;
  }
  const parts = [`${run.sent ?? 0} sent`];
  if (run.failed) parts.push(`${run.failed} failed`);
  if (run.retried) parts.push(`${run.retried} to retry`);
  return `Messages: ${parts.join(', ')}${sinkFile ? ` (full texts: ${sinkFile})` : ''}`;
}

/**
 * The dev servers' stand-in for the hosted schedule: POSTs to send-messages with the service key
 * every `ms` (SEND_MESSAGES_INTERVAL_MS, 30 s by default; 0: never). Returns the stop.
 */
export function startSendTimer(
  apiUrl: () => string,
  ms = Number(process.env.SEND_MESSAGES_INTERVAL_MS ?? 30_000),
  sinkFile?: string,
): () => void {
  if (!(ms > 0)) return () => undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    fetch(`${apiUrl()}/functions/v1/send-messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      body: '{}',
    })
      .then(async (r) => {
        const text = await r.text();
        if (!r.ok) console.warn(`send-messages: HTTP ${r.status} ${text}`);
        else if (!/"claimed":0/.test(text)) console.info(`  ➜  ${batchLine(text, sinkFile)}`);
      })
      .catch((error: unknown) => console.warn(`send-messages: ${String(error)}`))
      .finally(() => {
        busy = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}
