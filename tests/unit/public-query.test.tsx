// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@/lib/errors';
import {
  DEDUPE_MS,
  fetchQuery,
  resetPublicQueries,
  RETRY_BASE_MS,
  setQueryData,
  usePublicQuery,
  watchQuery,
  type PublicQuery,
} from '@/lib/public-query';

/**
 * The public pages' query layer (src/lib/public-query.ts, docs/decisions/029-public-query-layer.md),
 * with fake timers: the first reading waits for the first paint (a frame and a timeout), retries
 * and intervals are timeouts.
 */

/** A question whose answers are numbered: 1, 2, 3… in the order the requests were made. */
function counted(extra: Partial<PublicQuery<number>> = {}) {
  let calls = 0;
  const fetch = vi.fn(async () => ++calls);
  return { query: { key: 'counted', fetch, ...extra } satisfies PublicQuery<number>, fetch };
}

const afterPaint = () => vi.advanceTimersByTimeAsync(50);

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-12T18:00:00Z'));
  resetPublicQueries();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('de-duplication', () => {
  it('two components mounted together make one request and show the same answer', async () => {
    const { query, fetch } = counted();
    function Reader({ name }: { name: string }) {
      const { data } = usePublicQuery(query);
      return <p>{`${name}: ${data ?? 'rien'}`}</p>;
    }
    render(
      <>
        <Reader name="pied de page" />
        <Reader name="contact" />
      </>,
    );
    expect(screen.getByText('contact: rien')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled(); // not before the first paint
    await act(afterPaint);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByText('pied de page: 1')).toBeTruthy();
    expect(screen.getByText('contact: 1')).toBeTruthy();
  });

  it('a question asked while one is on its way joins it; `fresh` asks anew', async () => {
    const { query, fetch } = counted();
    const [a, b] = await Promise.all([fetchQuery(query), fetchQuery(query)]);
    expect([a, b]).toEqual([1, 1]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await fetchQuery(query, { fresh: true })).toBe(2);
  });
});

describe('stale time', () => {
  it('serves the answer without a request while it is fresh, and asks again once stale', async () => {
    const { query, fetch } = counted({ staleMs: 10_000 });
    expect(await fetchQuery(query)).toBe(1);
    vi.advanceTimersByTime(9_999);
    expect(await fetchQuery(query)).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await fetchQuery(query)).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('with no stale time, a reader asks again once the answer is DEDUPE_MS old', async () => {
    const { query, fetch } = counted();
    expect(await fetchQuery(query)).toBe(1);
    vi.advanceTimersByTime(DEDUPE_MS - 1);
    expect(await fetchQuery(query)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await fetchQuery(query)).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('retry', () => {
  it('tries a network failure again after 1 s then 2 s, and answers', async () => {
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new DataError('network', 'Réseau indisponible');
      return 'ouvert';
    });
    const answer = fetchQuery({ key: 'status', fetch });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * RETRY_BASE_MS - 1); // twice as long the second time
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(answer).resolves.toBe('ouvert');
  });

  it('does not try a refusal again: the failure is the answer at once', async () => {
    const refusal = new DataError('closed', 'Les inscriptions sont closes.');
    const fetch = vi.fn(async () => {
      throw refusal;
    });
    const answer = fetchQuery({ key: 'refused', fetch });
    await expect(answer).rejects.toBe(refusal);
    await vi.advanceTimersByTimeAsync(10 * RETRY_BASE_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after its retries, keeps the last answer and says the reading failed', async () => {
    let down = false;
    const fetch = vi.fn(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return 'salle A';
    });
    const query = { key: 'venue', fetch, retries: 1 };
    function Venue() {
      const { data, status } = usePublicQuery(query, { refetchOnFocus: false });
      return <p>{`${data ?? 'rien'} (${status})`}</p>;
    }
    render(<Venue />);
    await act(afterPaint);
    expect(screen.getByText('salle A (success)')).toBeTruthy();

    down = true;
    let failure: unknown;
    await act(async () => {
      fetchQuery(query, { fresh: true }).catch((error: unknown) => (failure = error));
      await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    });
    expect(fetch).toHaveBeenCalledTimes(3); // the first reading, the fresh one and its one retry
    expect(failure).toBeInstanceOf(TypeError);
    expect(screen.getByText('salle A (error)')).toBeTruthy();
  });
});

describe('refetch on focus', () => {
  it('reads again when the window regains focus or the page becomes visible, once stale', async () => {
    const { query, fetch } = counted({ staleMs: 5_000 });
    const stop = watchQuery(query);
    await afterPaint();
    expect(fetch).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('focus')); // still fresh: nothing asked
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(5_000);
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);

    stop();
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event('focus')); // no longer watched
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not when told not to', async () => {
    const { query, fetch } = counted();
    const stop = watchQuery(query, { refetchOnFocus: false });
    await afterPaint();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('interval with jitter', () => {
  it('reads every `ms` plus a random part of `jitterMs`, skipping the ticks of a hidden page', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { query, fetch } = counted({ staleMs: 60_000 }); // a tick reads whatever the stale time
    const stop = watchQuery(query, {
      interval: { ms: 10_000, jitterMs: 5_000 },
      refetchOnFocus: false,
    });
    await afterPaint();
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(12_500 - 51);
    expect(fetch).toHaveBeenCalledTimes(1); // 10 s is not enough: the jitter adds 2.5 s
    await vi.advanceTimersByTimeAsync(2);
    expect(fetch).toHaveBeenCalledTimes(2);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(12_500);
    expect(fetch).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(12_500);
    expect(fetch).toHaveBeenCalledTimes(3);

    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('answers in order', () => {
  it('an answer written by a write (setQueryData) is not replaced by a reading started before it', async () => {
    let answer: (value: string) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const query = { key: 'pass:ABC', fetch };
    const reading = fetchQuery(query);
    setQueryData(query, 'annulé');
    answer('confirmé');
    await reading;
    expect(await fetchQuery({ ...query, staleMs: 1_000 })).toBe('annulé');
  });

  it('forgets a reading on its way when reset: no late answer, no retry, nothing logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    void fetchQuery({ key: 'late', fetch, label: 'late' }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    resetPublicQueries();
    await vi.advanceTimersByTimeAsync(10 * RETRY_BASE_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
  });
});
