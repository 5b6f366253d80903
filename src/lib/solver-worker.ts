/**
 * The Web Worker that solves a proof-of-work challenge (src/lib/proof-of-work.worker.ts), as
 * src/lib/proof-of-work.ts drives it: started as its challenge is asked for, so that on a slow
 * link its script arrives with the challenge, not a round trip after it
 * (docs/decisions/051-the-reservation-before-the-app.md). Bundled by Vite into our own origin
 * (never a CDN); it lives for one challenge only: terminating it is the surest way to stop a solve
 * that is no longer wanted.
 */

/** What the worker is asked to solve, and what it answers. */
export type SolveRequest = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
};
export type SolveResponse = { number: number | null } | { error: string };
/** The worker's first message: its script has arrived and runs. */
export type WorkerLoaded = { loaded: true };

export type SolverWorker = {
  worker: Worker;
  /** Settles once the worker's script has run (its first message) or could not be loaded. */
  loaded: Promise<void>;
};

/** Null where there is no Worker or it cannot start (a strict CSP): the page solves itself. */
export function startWorker(): SolverWorker | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const loaded = new Promise<void>((resolve) => {
    worker.addEventListener('message', () => resolve(), { once: true });
    worker.addEventListener('error', () => resolve(), { once: true });
  });
  return { worker, loaded };
}

/**
 * Ends a worker that is no longer wanted, once its script has arrived. Terminated while its
 * script is still on the way, Chromium never reports that request's end: DevTools, and with it
 * Playwright's "network idle", count it in flight for ever (a challenge refused at once on a cut
 * network did so: tests/e2e/public-pages.e2e.ts, docs/decisions/051-the-reservation-before-the-app.md).
 * A worker still loading does no work: letting its script arrive costs nothing more.
 */
export function release({ worker, loaded }: SolverWorker): void {
  void loaded.then(() => worker.terminate());
}

/** Solves in the Web Worker, so the page stays responsive on a slow phone. */
export function solveInWorker(
  request: SolveRequest,
  signal: AbortSignal,
  solver: SolverWorker,
): Promise<number | null> {
  const { worker } = solver;
  return new Promise((resolve, reject) => {
    const finish = () => {
      release(solver);
      signal.removeEventListener('abort', onAbort);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('Proof of work abandoned', 'AbortError'));
    };
    const onMessage = ({ data }: MessageEvent<SolveResponse | WorkerLoaded>) => {
      if ('loaded' in data) return;
      finish();
      if ('error' in data) reject(new Error(data.error));
      else resolve(data.number);
    };
    // The worker script could not be loaded or run (offline before it was cached, a strict CSP).
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      finish();
      reject(new Error(`Proof-of-work worker failed: ${event.message || 'could not start'}`));
    };
    signal.addEventListener('abort', onAbort);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage(request satisfies SolveRequest);
  });
}
