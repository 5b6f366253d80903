/**
 * src/lib/proof-of-work.ts against a mocked `pow_challenge` (msw): challenges are made by
 * altcha-lib's own v1 `createChallenge`, as the database's would be, and every `pow` produced must
 * pass altcha-lib's `verifySolution` with the same HMAC key. Node has no Worker: the module solves
 * on this thread, with the same altcha-lib code the worker runs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import { isNetworkFailure, toDataError } from '@/lib/errors';

const SUPABASE_URL = 'http://127.0.0.1:9';
const ANON_KEY = 'x'.repeat(30);
const CHALLENGE_URL = `${SUPABASE_URL}/rest/v1/rpc/pow_challenge`;
const HMAC_KEY = 'test-hmac-key';
// Small, so that solving on Node's main thread takes milliseconds.
const MAX_NUMBER = 2_000;

/** A challenge as the database would sign it, expiring `ttlSeconds` from now. */
const challenge = (ttlSeconds = 600) =>
  createChallenge({
    hmacKey: HMAC_KEY,
    maxnumber: MAX_NUMBER,
    expires: new Date(Date.now() + ttlSeconds * 1000),
  });

/** Each request to pow_challenge, with its headers and body. */
const requests: { apikey: string | null; contentType: string | null; body: string }[] = [];

const challengeEndpoint = (ttlSeconds = () => 600) =>
  http.post(CHALLENGE_URL, async ({ request }) => {
    requests.push({
      apikey: request.headers.get('apikey'),
      contentType: request.headers.get('content-type'),
      body: await request.text(),
    });
    return HttpResponse.json(await challenge(ttlSeconds()));
  });

const server = setupServer(challengeEndpoint());

// getEnv() caches its first answer: the environment is stubbed before the module is first loaded.
vi.stubEnv('VITE_SUPABASE_URL', SUPABASE_URL);
vi.stubEnv('VITE_SUPABASE_ANON_KEY', ANON_KEY);
const { startProofOfWork, challengeExpiry } = await import('@/lib/proof-of-work');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const decode = (pow: string) => JSON.parse(atob(pow)) as Payload;

describe('startProofOfWork', () => {
  it('fetches a challenge at once and yields a pow that altcha-lib verifies', async () => {
    const pow = startProofOfWork();
    try {
      // Started before anyone asked: the honest visitor never waits for it.
      await vi.waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]).toEqual({
        apikey: ANON_KEY,
        contentType: 'application/json',
        body: '{}',
      });

      const solution = await pow.solution();
      expect(await verifySolution(solution, HMAC_KEY)).toBe(true);
      expect(Object.keys(decode(solution)).sort()).toEqual([
        'algorithm',
        'challenge',
        'number',
        'salt',
        'signature',
      ]);
      // A tampered number is refused: the pow is a real proof, not an echo of the challenge.
      const forged = btoa(JSON.stringify({ ...decode(solution), number: MAX_NUMBER + 1 }));
      expect(await verifySolution(forged, HMAC_KEY)).toBe(false);

      // Asked again without renew(): the same solution, no new challenge.
      expect(await pow.solution()).toBe(solution);
      expect(requests).toHaveLength(1);
    } finally {
      pow.dispose();
    }
  });

  it('replaces a challenge that has expired or expires within 30 s', async () => {
    for (const staleTtl of [-5, 10]) {
      requests.length = 0;
      const ttls = [staleTtl, 600];
      server.use(challengeEndpoint(() => ttls.shift() ?? 600));
      const pow = startProofOfWork();
      try {
        const solution = await pow.solution();
        expect(requests).toHaveLength(2);
        expect(await verifySolution(solution, HMAC_KEY)).toBe(true);
        const expiry = challengeExpiry(decode(solution).salt);
        expect(expiry).toBeGreaterThan(Date.now() + 500_000);
      } finally {
        pow.dispose();
      }
    }
  });

  it('renew() starts over on a new challenge', async () => {
    const pow = startProofOfWork();
    try {
      const first = await pow.solution();
      pow.renew();
      const second = await pow.solution();
      expect(requests).toHaveLength(2);
      expect(decode(second).challenge).not.toBe(decode(first).challenge);
      expect(decode(second).salt).not.toBe(decode(first).salt);
      expect(await verifySolution(second, HMAC_KEY)).toBe(true);
    } finally {
      pow.dispose();
    }
  });

  it('renew() while a solution is awaited answers with the new challenge', async () => {
    const pow = startProofOfWork();
    try {
      const pending = pow.solution();
      pow.renew();
      const solution = await pending;
      expect(await verifySolution(solution, HMAC_KEY)).toBe(true);
      expect(await pow.solution()).toBe(solution);
    } finally {
      pow.dispose();
    }
  });

  it('rejects with a network error when the challenge cannot be fetched, then retries', async () => {
    server.use(http.post(CHALLENGE_URL, () => HttpResponse.error(), { once: true }));
    const pow = startProofOfWork();
    try {
      const error = await pow.solution().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('NetworkError');
      expect(isNetworkFailure(error)).toBe(true);
      // What a form shows: its "network" message.
      expect(toDataError(error, 'fallback', { network: 'Connexion impossible' })).toMatchObject({
        kind: 'network',
        message: 'Connexion impossible',
      });

      const solution = await pow.solution();
      expect(await verifySolution(solution, HMAC_KEY)).toBe(true);
    } finally {
      pow.dispose();
    }
  });

  it('a worker still loading when the challenge fails is ended once its script has arrived, not before', async () => {
    // Terminated mid-load, Chromium never reports the script's request as ended: Playwright's
    // "network idle" never came on a cut network (tests/e2e/public-pages.e2e.ts).
    const workers: FakeWorker[] = [];
    class FakeWorker extends EventTarget {
      terminated = false;
      posted: unknown[] = [];
      constructor() {
        super();
        workers.push(this);
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    server.use(http.post(CHALLENGE_URL, () => HttpResponse.error(), { once: true }));
    const pow = startProofOfWork();
    try {
      await expect(pow.solution()).rejects.toMatchObject({ name: 'NetworkError' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(workers).toHaveLength(1);
      expect(workers[0]!.terminated).toBe(false);
      workers[0]!.dispatchEvent(new MessageEvent('message', { data: { loaded: true } }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(workers[0]!.terminated).toBe(true);
      expect(workers[0]!.posted).toEqual([]);
    } finally {
      pow.dispose();
      vi.unstubAllGlobals();
    }
  });

  it('a refused challenge request is an error, not a network failure', async () => {
    server.use(
      http.post(CHALLENGE_URL, () => HttpResponse.json({ message: 'boom' }, { status: 500 }), {
        once: true,
      }),
    );
    const pow = startProofOfWork();
    try {
      const error = await pow.solution().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(isNetworkFailure(error)).toBe(false);
      expect(await verifySolution(await pow.solution(), HMAC_KEY)).toBe(true);
    } finally {
      pow.dispose();
    }
  });

  it('asks for a challenge of one action when given one', async () => {
    const pow = startProofOfWork('reserve');
    try {
      expect(await verifySolution(await pow.solution(), HMAC_KEY)).toBe(true);
      expect(requests.map((r) => r.body)).toEqual(['{"action":"reserve"}']);
    } finally {
      pow.dispose();
    }
  });

  it('reports too many challenges from this connection with the database’s French message', async () => {
    const message = 'Trop de demandes depuis votre connexion. Réessayez dans 7 minutes.';
    server.use(
      http.post(CHALLENGE_URL, () =>
        HttpResponse.json(
          { code: 'P429', message, hint: 'rate_limited', details: '400' },
          { status: 429 },
        ),
      ),
    );
    const pow = startProofOfWork();
    try {
      const error = await pow.solution().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'DataError', kind: 'limited', message });
      expect(toDataError(error, 'Erreur')).toBe(error);
    } finally {
      pow.dispose();
    }
  });

  it('dispose() stops the work and later calls reject', async () => {
    const pow = startProofOfWork();
    const pending = pow.solution();
    pow.dispose();
    await expect(pending).rejects.toThrow(/disposed/);
    await expect(pow.solution()).rejects.toThrow(/disposed/);
  });
});

describe('challengeExpiry', () => {
  it('reads the signed expiry of the salt', () => {
    expect(challengeExpiry('abcdef?expires=1700000000&')).toBe(1_700_000_000_000);
    expect(challengeExpiry('abcdef?foo=1&expires=42&')).toBe(42_000);
    expect(challengeExpiry('abcdef')).toBeNull();
    expect(challengeExpiry('abcdef?expires=soon&')).toBeNull();
  });
});
