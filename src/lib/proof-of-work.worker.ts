/**
 * The proof-of-work solver off the main thread (see proof-of-work.ts): altcha-lib's own v1
 * brute force, bundled by Vite with the site. One challenge per worker; the page terminates it
 * when the answer is no longer wanted, once this script has said it runs (solver-worker.ts, release).
 */
import { solveChallenge } from 'altcha-lib/v1';
import type { SolveRequest, SolveResponse, WorkerLoaded } from './solver-worker';

self.onmessage = async ({ data }: MessageEvent<SolveRequest>) => {
  let response: SolveResponse;
  try {
    const { challenge, salt, algorithm, maxnumber } = data;
    const solved = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
    response = { number: solved?.number ?? null };
  } catch (error) {
    // e.g. an algorithm WebCrypto does not know: say so rather than never answering.
    response = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};

self.postMessage({ loaded: true } satisfies WorkerLoaded);
