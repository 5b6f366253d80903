/**
 * Proof of work for public writes (reservation, registration, contact message).
 *
 * Every public write carries an ALTCHA (v1) solution in its `pow` field, verified inside
 * PostgreSQL: the database hands out a signed challenge (`rpc/pow_challenge`), the browser finds
 * the number whose SHA-256 matches it, and the write is accepted once per solution. A visitor pays
 * about a second of CPU, a spammer pays it for every message.
 *
 * A form calls `startProofOfWork()` as soon as it is shown, so the work is done while the visitor
 * types and `solution()` is usually already settled when they submit.
 */
import { solveChallenge } from 'altcha-lib/v1';
import { getEnv } from '@/config/env';
import { DataError } from '@/lib/errors';
import type { Database } from '../../supabase/database.types';
import {
  release,
  solveInWorker,
  startWorker,
  type SolveRequest,
  type SolverWorker,
} from './solver-worker';

/**
 * The public write a challenge is for. The database signs the action and its difficulty level
 * inside the challenge (docs/decisions/016-trusted-address-and-proof-of-work.md); a challenge
 * fetched without one serves any write, at the highest of their levels.
 */
export type PowAction = 'reserve' | 'register' | 'contact' | 'recover';

/** What `pow_challenge` answers (supabase/schemas/08_answer_types_people_outbox.sql). */
type PowAnswer = Database['public']['Functions']['pow_challenge']['Returns'];

/**
 * A challenge as `pow_challenge` returns it (ALTCHA v1), every field present. The salt: random
 * hex, then `?expires=<unix seconds>&`: the expiry is covered by the signature.
 */
type PowChallenge = {
  [K in 'algorithm' | 'challenge' | 'maxnumber' | 'salt' | 'signature']: NonNullable<PowAnswer[K]>;
};

export type ProofOfWork = {
  /**
   * The `pow` field of the next write: base64 of the ALTCHA payload. Waits for the work under way;
   * a solution that has expired, or will within 30 s, is replaced first. Rejects with a
   * `NetworkError` when the challenge cannot be fetched; calling it again retries.
   */
  solution(): Promise<string>;
  /**
   * Throws the current solution away and starts on a new challenge. A solution is single-use:
   * call this once the server has seen it (e.g. it answered "expired" or "already used").
   */
  renew(): void;
  /** Stops the work under way (terminates the worker); for the form's unmount. */
  dispose(): void;
};

/** Leave the server this much time to receive the write before the challenge expires. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * The challenge could not be fetched (offline, backend unreachable). Its name and message are
 * those `isNetworkFailure` (src/lib/errors.ts) recognises, so forms show their "network" message.
 */
class ProofOfWorkNetworkError extends Error {
  constructor(cause: unknown) {
    super('Network failure: the proof-of-work challenge could not be fetched', { cause });
    this.name = 'NetworkError';
  }
}

/** When the challenge stops being accepted (ms since epoch), or null when it never expires. */
export function challengeExpiry(salt: string): number | null {
  const query = salt.split('?')[1] ?? '';
  const expires = Number.parseInt(new URLSearchParams(query).get('expires') ?? '', 10);
  return Number.isFinite(expires) ? expires * 1000 : null;
}

/** A challenge, not a refusal nor a proxy's page (read as null). */
function isChallenge(c: PowAnswer | null): c is PowAnswer & PowChallenge {
  return (
    c !== null &&
    typeof c.algorithm === 'string' &&
    typeof c.challenge === 'string' &&
    typeof c.maxnumber === 'number' &&
    typeof c.salt === 'string' &&
    typeof c.signature === 'string'
  );
}

/**
 * Plain fetch, not supabase-js: public pages must not load the client just for this. Too many
 * challenges from this connection: a DataError 'limited' with the database's French message.
 */
async function fetchChallenge(
  signal: AbortSignal,
  action: PowAction | undefined,
): Promise<PowChallenge> {
  const { supabaseUrl, supabaseAnonKey } = getEnv();
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/pow_challenge`, {
      method: 'POST',
      headers: { apikey: supabaseAnonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(action ? { action } : {}),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ProofOfWorkNetworkError(error);
  }
  const body = (await response.json().catch(() => null)) as PowAnswer | null;
  if (response.status === 429 && typeof body?.message === 'string') {
    throw new DataError('limited', body.message, {
      code: body.code ?? undefined,
      reason: body.hint ?? undefined,
      details: body,
    });
  }
  if (!response.ok || !isChallenge(body)) {
    throw new Error(`pow_challenge answered HTTP ${response.status} without a usable challenge`);
  }
  return body;
}

function abortError(): DOMException {
  return new DOMException('Proof of work abandoned', 'AbortError');
}

/**
 * Where there is no Worker (tests, Node, very old browsers): the same code on this thread.
 * altcha-lib's solver is a static import (0.5 kB): imported on demand it made the early
 * reservation's chunk share Vite's preload helper with the entry, which then moved out of the
 * home page's entry into a file of its own (docs/decisions/051-the-reservation-before-the-app.md).
 */
async function solveHere(request: SolveRequest, signal: AbortSignal): Promise<number | null> {
  if (signal.aborted) throw abortError();
  const { challenge, salt, algorithm, maxnumber } = request;
  const { promise, controller } = solveChallenge(challenge, salt, algorithm, maxnumber);
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort);
  try {
    const solved = await promise;
    if (signal.aborted) throw abortError();
    return solved?.number ?? null;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

async function solve(
  challenge: PowChallenge,
  signal: AbortSignal,
  worker: SolverWorker | null,
): Promise<string> {
  const request: SolveRequest = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    maxnumber: challenge.maxnumber,
    salt: challenge.salt,
  };
  let number: number | null;
  if (!worker) {
    number = await solveHere(request, signal);
  } else {
    try {
      number = await solveInWorker(request, signal, worker);
    } catch (error) {
      if (signal.aborted) throw error;
      number = await solveHere(request, signal);
    }
  }
  if (number === null) throw new Error('The proof-of-work challenge has no solution');
  const { algorithm, salt, signature } = challenge;
  return btoa(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
  );
}

type Attempt = {
  /** Settles with the `pow` payload and its expiry. */
  result: Promise<{ pow: string; expiresAt: number | null }>;
  /** Aborted when the attempt is superseded (renew) or the form goes away (dispose). */
  controller: AbortController;
};

function beginAttempt(action: PowAction | undefined): Attempt {
  const controller = new AbortController();
  const worker = startWorker();
  const result = fetchChallenge(controller.signal, action).then(async (challenge) => ({
    pow: await solve(challenge, controller.signal, worker),
    expiresAt: challengeExpiry(challenge.salt),
  }));
  // The visitor may never submit: a failure nobody asked for is not an unhandled rejection. A
  // challenge that never came leaves no worker behind (once its script is there: release).
  result.catch(() => {
    if (worker) release(worker);
  });
  return { result, controller };
}

/**
 * Fetches a challenge (for `action`, or for any public write) and starts solving it right away;
 * see `ProofOfWork`.
 */
export function startProofOfWork(action?: PowAction): ProofOfWork {
  let current: Attempt | null = beginAttempt(action);
  let disposed = false;

  const restart = (): Attempt => {
    current?.controller.abort();
    current = beginAttempt(action);
    return current;
  };

  return {
    async solution() {
      let replacedExpired = false;
      for (;;) {
        if (disposed) throw new Error('The proof of work was disposed');
        const attempt: Attempt = current ?? restart();
        let solved: Awaited<Attempt['result']>;
        try {
          solved = await attempt.result;
        } catch (error) {
          // Superseded by renew() while we waited: wait for its replacement instead.
          if (attempt.controller.signal.aborted) continue;
          // Forget the failed attempt so that the next call starts over (retry after offline).
          if (current === attempt) current = null;
          throw error;
        }
        if (attempt.controller.signal.aborted) continue;
        // Replaced once at most: with a client clock far ahead of the server's, every challenge
        // looks expired; the server, whose clock decides, then answers and the form renews.
        const expiresSoon =
          solved.expiresAt !== null && solved.expiresAt - Date.now() < EXPIRY_MARGIN_MS;
        if (expiresSoon && !replacedExpired) {
          replacedExpired = true;
          restart();
          continue;
        }
        return solved.pow;
      }
    },
    renew() {
      if (!disposed) restart();
    },
    dispose() {
      disposed = true;
      current?.controller.abort();
      current = null;
    },
  };
}
