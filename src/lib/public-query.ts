import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { afterFirstPaint } from './after-first-paint';
import { onReconnect } from './use-online';

/*
 * The public pages' one way to read the database (docs/decisions/029-public-query-layer.md): a
 * keyed cache shared by every component that shows the same answer, one request for simultaneous
 * readers, a stale time, retries after a network failure only, and a new reading when the page
 * comes back to the foreground, when the network returns or every few seconds. The administration
 * uses TanStack Query, which a public page must not load (build/bundle-budget.ts).
 */

/** A question the public pages ask: its key names the answer in the cache. */
export type PublicQuery<T> = {
  key: string;
  fetch: () => Promise<T>;
  /** How long an answer serves a new reader, a focus or `fetchQuery` without asking again. */
  staleMs?: number;
  /** How many times a network failure is tried again (never a refusal); RETRIES by default. */
  retries?: number;
  /** Logged with console.error when a reading fails (after its retries). */
  label?: string;
};

type QueryState<T> = {
  /** The last answer, kept when a later reading fails; undefined until the first one. */
  data: T | undefined;
  /** The last reading's failure, cleared by the next answer. */
  error: unknown;
  /** How the last reading ended ('pending' before any). */
  status: 'pending' | 'success' | 'error';
  /** Whether a reading is on its way (retries included). */
  fetching: boolean;
};

export type WatchOptions = {
  /** Read while watched: false waits (e.g. no code yet). Default true. */
  enabled?: boolean;
  /** Read again every `ms` plus a random 0 to `jitterMs` (readers do not ask in step); the page hidden, a tick is skipped. */
  interval?: { ms: number; jitterMs?: number };
  /** Read again, if stale, when the window regains focus or the page is shown again. Default true. */
  refetchOnFocus?: boolean;
  /** Read again, if stale, when the network comes back. Default true. */
  refetchOnReconnect?: boolean;
};

const RETRIES = 2;
/** The first retry's delay; each next one waits twice as long (1 s, 2 s). */
export const RETRY_BASE_MS = 1000;

type Entry<T> = {
  query: PublicQuery<T>;
  state: QueryState<T>;
  answeredAt: number;
  inFlight?: Promise<T>;
  /** Readings started and shown, numbered: an older answer never replaces a newer one. */
  started: number;
  shown: number;
  /** Forgotten by resetPublicQueries(): its late answers are dropped, its retries stop. */
  retired: boolean;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
  snapshot: () => QueryState<T>;
};

const EMPTY: QueryState<never> = {
  data: undefined,
  error: undefined,
  status: 'pending',
  fetching: false,
};
const serverSnapshot = () => EMPTY;
let cache = new Map<string, Entry<unknown>>();

function entryOf<T>(query: PublicQuery<T>): Entry<T> {
  let entry = cache.get(query.key) as Entry<T> | undefined;
  if (!entry) {
    const created: Entry<T> = {
      query,
      state: EMPTY,
      answeredAt: Number.NEGATIVE_INFINITY,
      started: 0,
      shown: 0,
      retired: false,
      listeners: new Set(),
      subscribe: (listener) => {
        created.listeners.add(listener);
        return () => created.listeners.delete(listener);
      },
      snapshot: () => created.state,
    };
    cache.set(query.key, created as Entry<unknown>);
    entry = created;
  }
  entry.query = query; // the latest definition asks (one key, one question: only tests differ)
  return entry;
}

function update<T>(entry: Entry<T>, patch: Partial<QueryState<T>>) {
  entry.state = { ...entry.state, ...patch };
  entry.listeners.forEach((listener) => listener());
}

/** A network failure (DataError 'network', a fetch or a chunk import that failed), not a refusal. */
function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return (error as { kind?: unknown } | null)?.kind === 'network';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request<T>(entry: Entry<T>): Promise<T> {
  const { fetch, retries = RETRIES, label } = entry.query;
  const number = ++entry.started;
  const attempt = (n: number): Promise<T> =>
    fetch().catch((error: unknown) =>
      n < retries && isNetworkError(error) && !entry.retired
        ? wait(RETRY_BASE_MS * 2 ** n).then(() =>
            entry.retired ? Promise.reject(error) : attempt(n + 1),
          )
        : Promise.reject(error),
    );
  const settle = (patch: Partial<QueryState<T>>) => {
    if (entry.retired) return;
    if (entry.inFlight === promise) entry.inFlight = undefined;
    const newer = number > entry.shown;
    if (newer) {
      entry.shown = number;
      if (patch.status === 'success') entry.answeredAt = Date.now();
    }
    update(entry, { ...(newer ? patch : {}), fetching: entry.inFlight !== undefined });
  };
  const promise: Promise<T> = attempt(0).then(
    (data) => {
      settle({ data, error: undefined, status: 'success' });
      return data;
    },
    (error: unknown) => {
      if (label && !entry.retired) console.error(`${label} failed`, error);
      settle({ error, status: 'error' });
      throw error;
    },
  );
  entry.inFlight = promise;
  update(entry, { fetching: true });
  return promise;
}

/**
 * Whatever the stale time, an answer this young serves a reader: components that mount together
 * each ask once the page has painted, and the first answer may come before the last of them asks.
 */
export const DEDUPE_MS = 1000;

const isFresh = (entry: Entry<unknown>) =>
  entry.state.data !== undefined &&
  Date.now() - entry.answeredAt < Math.max(entry.query.staleMs ?? 0, DEDUPE_MS);

/**
 * The answer: the reading on its way, or the last answer while it is fresh, else a new reading;
 * `fresh` reads anew whatever the last answer (after the database refused a write on stale facts).
 */
export function fetchQuery<T>(query: PublicQuery<T>, { fresh = false } = {}): Promise<T> {
  const entry = entryOf(query);
  if (!fresh && entry.inFlight) return entry.inFlight;
  if (!fresh && isFresh(entry)) return Promise.resolve(entry.state.data as T);
  return request(entry);
}

/** The answer a write gave back (a cancelled pass): shown at once, older readings dropped. */
export function setQueryData<T>(query: PublicQuery<T>, data: T): void {
  const entry = entryOf(query);
  entry.shown = entry.started;
  entry.answeredAt = Date.now();
  update(entry, { data, error: undefined, status: 'success' });
}

const quietly = (promise: Promise<unknown>) => void promise.catch(() => undefined);

/**
 * Keeps `query` read while watched: once the page has painted (a download started before would
 * compete with the first paint, docs/decisions/011-prerendered-public-pages.md), then as
 * `options` say. Returns the function that stops watching.
 */
export function watchQuery<T>(query: PublicQuery<T>, options: WatchOptions = {}): () => void {
  const { enabled = true, interval, refetchOnFocus = true, refetchOnReconnect = true } = options;
  if (!enabled) return () => undefined;
  const entry = entryOf(query);
  const read = () => quietly(fetchQuery(entry.query));
  const stops = [afterFirstPaint(read)];
  const on = (target: EventTarget, type: string, listener: () => void) => {
    target.addEventListener(type, listener);
    stops.push(() => target.removeEventListener(type, listener));
  };
  if (refetchOnFocus) {
    on(window, 'focus', read);
    on(document, 'visibilitychange', () => !document.hidden && read());
  }
  if (refetchOnReconnect) stops.push(onReconnect(read));
  if (interval) {
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          // A tick reads whatever the stale time (joining a reading on its way).
          if (!document.hidden) quietly(entry.inFlight ?? request(entry));
          next();
        },
        interval.ms + Math.random() * (interval.jitterMs ?? 0),
      );
    };
    next();
    stops.push(() => clearTimeout(timer));
  }
  return () => stops.forEach((stop) => stop());
}

/** The state of `query`'s answer, watched while the component is mounted (see watchQuery). */
export function usePublicQuery<T>(query: PublicQuery<T>, options: WatchOptions = {}) {
  const entry = entryOf(query);
  const { enabled, interval, refetchOnFocus, refetchOnReconnect } = options;
  const ms = interval?.ms;
  const jitterMs = interval?.jitterMs;
  useEffect(
    () =>
      watchQuery(entry.query, {
        enabled,
        interval: ms === undefined ? undefined : { ms, jitterMs },
        refetchOnFocus,
        refetchOnReconnect,
      }),
    [entry, enabled, ms, jitterMs, refetchOnFocus, refetchOnReconnect],
  );
  // The server's snapshot (what a prerendered page holds) has no answer: hydration matches it.
  return useSyncExternalStore(entry.subscribe, entry.snapshot, serverSnapshot);
}

/**
 * The answer as this component asked for it, once the page has painted and again on `refresh`
 * (`fresh`), never replaced by another reader's reading: a page that holds a form keeps the facts
 * it showed while the visitor fills it in (the database decides on submission), as the Night Party
 * and registration pages do. `undefined` while asking, `null` when it failed. Set with
 * startTransition: the answer brings the whole form, which React then renders in slices of a few
 * milliseconds instead of one long task (docs/decisions/011-prerendered-public-pages.md).
 */
export function usePinnedQuery<T>(query: PublicQuery<T>) {
  const [data, setData] = useState<T | null | undefined>(undefined);
  const entry = entryOf(query);
  const ask = useCallback(
    (fresh: boolean) => {
      let live = true;
      const cancel = afterFirstPaint(() =>
        fetchQuery(entry.query, { fresh }).then(
          (answer) => live && startTransition(() => setData(answer)),
          () => live && startTransition(() => setData(null)),
        ),
      );
      return () => {
        live = false;
        cancel();
      };
    },
    [entry],
  );
  useEffect(() => ask(false), [ask]);
  const refresh = useCallback(() => void ask(true), [ask]);
  return { data, refresh };
}

/** Tests: forget every answer, as a new page load would. */
export function resetPublicQueries(): void {
  cache.forEach((entry) => (entry.retired = true));
  cache = new Map();
}
