import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';

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

export type Json = Record<string, unknown>;
export const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
export const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

type DoorRpc =
  'check_in' | 'check_in_by_phone' | 'door_count' | 'door_list' | 'door_sync' | 'door_phone_search';

/** An RPC that gives up after `timeoutMs`, reported as a network failure. */
export async function callDoorRpc(
  name: DoorRpc,
  args: Json,
  fallback: string,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<unknown> {
  const supabase = await getSupabase();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const { data, error } = await supabase.rpc(name, args as never).abortSignal(abort.signal);
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
