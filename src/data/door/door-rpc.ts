import { getSupabase, type Supabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

/**
 * The door's RPCs (src/data/door/*): a request that does not answer in time is a network failure
 * (the door queues the scan), a session that may no longer check in is 'forbidden', and outside
 * the door window is 'closed' with the database's French message.
 */

const DOOR_SESSION_EXPIRED =
  'Votre connexion a expiré ou ne permet pas le contrôle : reconnectez-vous.';

/**
 * The database's refusals at the door, each with its French message: outside the door window
 * (door_not_open, door_closed: DataError 'closed') and too many phone look-ups from this account
 * (door_lookup_limited: 'limited'). Nothing was recorded.
 */
const DOOR_CLOSED_REASONS = ['door_not_open', 'door_closed'] as const;

/** A request that has not answered after this long is treated as a network failure (queued). */
const REQUEST_TIMEOUT_MS = 10_000;

type Functions = Database['public']['Functions'];

/** What a door function answers, as supabase/database.types.ts declares it (ADR 054). */
export type DoorReturns<F extends keyof Functions> = Functions[F]['Returns'];

/** One door function called on the client, its answer typed by the function's name. */
type DoorRequest<T> = (
  supabase: Supabase,
  signal: AbortSignal,
) => PromiseLike<{ data: T | null; error: unknown }>;

/** An RPC that gives up after `timeoutMs`, reported as a network failure. */
export async function callDoorRpc<T>(
  request: DoorRequest<T>,
  fallback: string,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<T | null> {
  const supabase = await getSupabase();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const { data, error } = await request(supabase, abort.signal);
    if (abort.signal.aborted) throw new DataError('network', fallback);
    if (error) {
      const failure = toDataError(error, fallback);
      if (failure.kind === 'forbidden') throw new DataError('forbidden', DOOR_SESSION_EXPIRED);
      if (DOOR_CLOSED_REASONS.some((r) => r === failure.reason))
        throw new DataError('closed', failure.message, {
          code: failure.code,
          reason: failure.reason,
        });
      throw failure;
    }
    return data;
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw abort.signal.aborted ? new DataError('network', fallback) : toDataError(e, fallback);
  } finally {
    clearTimeout(timer);
  }
}
