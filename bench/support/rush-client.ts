/**
 * The client side of a rush (bench/rush.ts): many anonymous visitors submitting at the same
 * moment, through the HTTP layer of the local backend.
 *
 * The requests are fired from a child process (this file, forked with `--rush-client`): the
 * server runs on the benchmark's event loop, and 200 clients' callbacks on that same loop would
 * both slow the server down and delay the clients' own clocks. The child sends every request at
 * once over an http.Agent that holds one keep-alive socket per request, opened beforehand, so
 * the requests overlap on the wire instead of waiting for a socket or a TCP handshake.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { runInChild, serveInChild } from './child-client';

/** One request of a rush; `id` is the row's id, chosen by the client as the app does. */
export type RushRequest = { id: string; path: string; body: string };

type RushOutcome = {
  id: string;
  status: number;
  /** From the request's start to the end of its response, in ms. */
  ms: number;
  /** PostgREST's error (code, hint, message) when refused; '' when accepted. */
  error: string;
};

export type RushResult = {
  outcomes: RushOutcome[];
  /** From the first request's start to the last response's end, in ms. */
  wallMs: number;
};

type ClientJob = { baseUrl: string; anonKey: string; requests: RushRequest[] };

const CLIENT_FLAG = '--rush-client';
/** A rush that has not finished after this long is stuck: the benchmark must stop anyway. */
const RUSH_TIMEOUT_MS = 120_000;

/** Run one rush from a child process and return what every request got. */
export function runRush(job: ClientJob): Promise<RushResult> {
  return runInChild(import.meta.url, CLIENT_FLAG, job, 'the rush', RUSH_TIMEOUT_MS);
}

type Reply = { status: number; body: string };

function send(
  agent: Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function describeError(reply: Reply): string {
  try {
    const e = JSON.parse(reply.body) as { code?: string; hint?: string; message?: string };
    return [e.code, e.hint, e.message].filter(Boolean).join(' ');
  } catch {
    return `HTTP ${reply.status} ${reply.body.slice(0, 120)}`;
  }
}

async function clientMain(job: ClientJob): Promise<RushResult> {
  const n = job.requests.length;
  const agent = new Agent({ keepAlive: true, maxSockets: n, maxFreeSockets: n });
  // Open the n sockets first with a request the server answers without the database (a path
  // outside the API), so the rush below measures the requests, not n TCP handshakes.
  await Promise.all(
    Array.from({ length: n }, () => send(agent, new URL('/bench-warm-up', job.baseUrl), 'GET', {})),
  );
  const headers = {
    apikey: job.anonKey,
    authorization: `Bearer ${job.anonKey}`,
    'content-type': 'application/json',
    'x-client-info': 'booster-bench-rush',
  };
  const start = performance.now();
  const outcomes = await Promise.all(
    job.requests.map(async (r): Promise<RushOutcome> => {
      const t = performance.now();
      try {
        const reply = await send(agent, new URL(r.path, job.baseUrl), 'POST', headers, r.body);
        const ok = reply.status >= 200 && reply.status < 300;
        return {
          id: r.id,
          status: reply.status,
          ms: performance.now() - t,
          error: ok ? '' : describeError(reply),
        };
      } catch (error) {
        return { id: r.id, status: 0, ms: performance.now() - t, error: String(error) };
      }
    }),
  );
  const wallMs = performance.now() - start;
  agent.destroy();
  return { outcomes, wallMs };
}

serveInChild(CLIENT_FLAG, clientMain);
