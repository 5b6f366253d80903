import type { SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from '@/config/env';
import type { Database } from '../../../supabase/database.types';

export type Supabase = SupabaseClient<Database>;

/** localStorage key of the Supabase Auth session (kept by the error page's refresh). */
export const SUPABASE_AUTH_STORAGE_KEY = 'sb-booster-auth-token';

let client: Promise<Supabase> | undefined;

/**
 * The single Supabase client. supabase-js is loaded on first use, so public pages only download
 * it when a visitor submits a form. Only src/data calls this (ADR 003).
 */
export function getSupabase(): Promise<Supabase> {
  client ??= import('@supabase/supabase-js').then(
    ({ createClient }) => {
      const env = getEnv();
      return createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
        auth: {
          storageKey: SUPABASE_AUTH_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: true,
        },
      });
    },
    (error: unknown) => {
      // Offline while downloading the chunk: forget the failure so the next submit retries.
      client = undefined;
      throw error;
    },
  );
  return client;
}
