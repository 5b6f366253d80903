import { getEnv } from '@/config/env';
import type { Database } from '../../../supabase/database.types';

type Functions = Database['public']['Functions'];

/**
 * A database function called with plain fetch, as PostgREST serves it, for the public pages
 * that need one answer early (the proof-of-work challenge, the Night Party's availability, a
 * pass): supabase-js is not loaded just for that. The result has supabase-js's `{ data, error }`
 * shape; a network failure is an error with an empty code and a "fetch" message, as supabase-js
 * reports it (src/lib/errors.ts reads both alike).
 */
export type RpcError = {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
};

/**
 * `data` is typed as supabase/database.types.ts declares the function's answer: the database
 * checks that shape (a declared return type, docs/decisions/054-typed-answers.md); a function
 * still answering `Json` is decoded by its caller.
 */
export async function publicRpc<F extends keyof Functions>(
  fn: F,
  args: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<{ data: Functions[F]['Returns'] | null; error: RpcError | null }> {
  const { supabaseUrl, supabaseAnonKey } = getEnv();
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: supabaseAnonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      data: null,
      error: {
        code: '',
        message: `TypeError: fetch failed (${String(error)})`,
        details: null,
        hint: null,
      },
    };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { data: body as Functions[F]['Returns'], error: null };
  const e = (body ?? {}) as Partial<RpcError>;
  return {
    data: null,
    error: {
      code: e.code ?? `HTTP${response.status}`,
      message: e.message ?? `HTTP ${response.status}`,
      details: e.details ?? null,
      hint: e.hint ?? null,
    },
  };
}
