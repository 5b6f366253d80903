import { getEnv } from '@/config/env';

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

export async function publicRpc(
  fn: string,
  args: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<{ data: unknown; error: RpcError | null }> {
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
  if (response.ok) return { data: body, error: null };
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
