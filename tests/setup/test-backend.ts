import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ACCESS_TOKEN_TTL, ANON_KEY } from '../../supabase/local/constants.ts';
import type { LocalDatabase } from '../../supabase/local/database.ts';
import type { ApiSettings } from '../../supabase/local/rest.ts';
import { solveProofOfWork, type PowAction } from './proof-of-work.ts';
import { signJwt, type Claims } from '../../supabase/local/jwt.ts';

/** Staff roles of private.admins (docs/decisions/009-night-party-operations.md). */
type StaffRole = 'admin' | 'lecteur' | 'controle' | 'regie' | 'jury';

/** Columns of public.edition_settings a test may set (dates as Date or ISO text). */
type EditionSettings = {
  concert_starts_at: Date | string;
  doors_open_at: Date | string;
  venue_name: string;
  venue_address: string;
  map_url: string;
  capacity: number;
  overbooking_percent: number;
  reservations_open_at: Date | string;
  reservations_close_at: Date | string | null;
  contact_phone: string;
  contact_email: string;
};

/** Rows of a superuser query; also reachable as `.rows`, like a driver's result. */
type SqlRows<T> = T[] & { rows: T[] };

export type TestBackend = {
  /** Base URL of the embedded API (http://127.0.0.1:<port>). */
  url: string;
  anonKey: string;
  /** Put back the proof-of-work difficulty and rate limits of the migrations (relaxed per file). */
  restoreAbuseSettings(): Promise<void>;
  /**
   * A proof-of-work solution for one public write (the `pow` field), solved here: for `action`,
   * or for any write when none is given.
   */
  proofOfWork(action?: PowAction, headers?: Record<string, string>): Promise<string>;
  /** The API's live settings (Supabase's `max_rows`…): a test may change them. */
  settings: ApiSettings;
  /** The database itself: `admin` pool (superuser, bypasses RLS) and `api` pool. */
  db: LocalDatabase;
  /** Run SQL as superuser. Without params, several statements may be given (rows of the last). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<SqlRows<T>>;
  /**
   * Create a confirmed e-mail/password user (and list it in private.admins when admin, or with
   * `role`); returns its id.
   */
  createUser(
    email: string,
    password: string,
    options?: { admin?: boolean; role?: StaffRole },
  ): Promise<string>;
  /** Change the edition's settings as superuser (tests/setup/backend.ts opens reservations). */
  setEdition(values: Partial<EditionSettings>): Promise<void>;
  /** Mint an access token signed with the local secret; claims override Supabase-like defaults. */
  signAccessToken(claims?: Claims): Promise<string>;
  /** A supabase-js client with the anon key. */
  anonClient(): SupabaseClient;
  /** A supabase-js client signed in with e-mail and password (throws when sign-in fails). */
  signedInClient(email: string, password: string): Promise<SupabaseClient>;
};

type State = { url: string; db: LocalDatabase; settings: ApiSettings; abuseSettingsSql: string };

const STATE_KEY = Symbol.for('booster.test-backend');
type Holder = { [STATE_KEY]?: State };

/** Called by tests/setup/backend.ts once the server of the current test file is up. */
export function registerTestBackend(state: State | undefined): void {
  (globalThis as Holder)[STATE_KEY] = state;
}

/** The embedded backend of the current test file (started by tests/setup/backend.ts). */
export function testBackend(): TestBackend {
  const state = (globalThis as Holder)[STATE_KEY];
  if (!state)
    throw new Error('The embedded backend is not running: is tests/setup/backend.ts a setupFile?');
  const { url, db, settings, abuseSettingsSql } = state;

  const client = (accessToken?: string) =>
    createClient(url, ANON_KEY, {
      realtime: { transport: ws as unknown as typeof WebSocket },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
    });

  const sql = async <T>(query: string, params?: unknown[]): Promise<SqlRows<T>> => {
    const result = await db.admin.query(query, params);
    const last = Array.isArray(result)
      ? (result as { fields: unknown[]; rows: T[] }[]).filter((r) => r.fields.length > 0).at(-1)
      : result;
    const rows = (last?.rows ?? []) as T[];
    // `.rows` is non-enumerable so that `toEqual([...])` compares the rows alone.
    return Object.defineProperty([...rows], 'rows', {
      value: rows,
      enumerable: false,
    }) as SqlRows<T>;
  };

  return {
    url,
    anonKey: ANON_KEY,
    settings,
    async restoreAbuseSettings() {
      await db.admin.query(abuseSettingsSql);
    },
    proofOfWork: (action, headers) => solveProofOfWork(url, { action, headers }),
    db,
    sql,
    async createUser(email, password, options = {}) {
      const [{ id }] = await sql<{ id: string }>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at)
         values ($1, extensions.crypt($2, extensions.gen_salt('bf', 4)), now())
         returning id::text`,
        [email, password],
      );
      await sql(
        `insert into auth.identities (provider_id, user_id, identity_data, provider)
         values ($1, $2::uuid, jsonb_build_object('sub', $1::text, 'email', $3::text), 'email')`,
        [id, id, email],
      );
      if (options.admin || options.role) {
        const [{ exists }] = await sql<{ exists: boolean }>(
          `select to_regclass('private.admins') is not null as exists`,
        );
        if (!exists) throw new Error('createUser({ admin: true }) needs the private.admins table');
        if (options.role) {
          await sql('insert into private.admins (user_id, role) values ($1, $2)', [
            id,
            options.role,
          ]);
        } else {
          await sql('insert into private.admins (user_id) values ($1)', [id]);
        }
      }
      return id;
    },
    async setEdition(values) {
      const entries = Object.entries(values);
      if (entries.length === 0) return;
      const set = entries.map(([column], i) => `"${column.replace(/"/g, '""')}" = $${i + 1}`);
      await sql(`update public.edition_settings set ${set.join(', ')}, updated_at = now()`, [
        ...entries.map(([, value]) => (value instanceof Date ? value.toISOString() : value)),
      ]);
    },
    signAccessToken(claims = {}) {
      const now = Math.floor(Date.now() / 1000);
      return signJwt({
        iss: `${url}/auth/v1`,
        sub: randomUUID(),
        aud: 'authenticated',
        exp: now + ACCESS_TOKEN_TTL,
        iat: now,
        email: '',
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: randomUUID(),
        is_anonymous: false,
        ...claims,
      });
    },
    anonClient: () => client(),
    async signedInClient(email, password) {
      const c = client();
      const { error } = await c.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`signedInClient(${email}): ${error.message}`);
      return c;
    },
  };
}
